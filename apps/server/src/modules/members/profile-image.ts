import { eq } from 'drizzle-orm';
import { messages } from '@mutual/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { fieldError, readMultipart } from '../../http/multipart';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { prepareUpload } from '../files/prepare-upload';
import { deleteFileRow, saveFile } from '../files/save-file';
import { type UserRow, users } from '../people/people.tables';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'storage' | 'logger'>;

/** Reads an upload's `image` part (multipart), refusing one at or over the profile picture size limit. */
export async function readProfileImage(
  request: FastifyRequest,
  config: Pick<Config, 'limits'>,
): Promise<Buffer | undefined> {
  const { files } = await readMultipart(request, {
    files: { image: { maxBytes: config.limits.profileImageMaxBytes, tooLarge: messages.profile.imageTooLarge } },
  });
  return files.image;
}

/**
 * Stores a new profile picture for `user` (their own, or set by staff), re-encoded as WebP. The
 * picture it replaces is deleted: its row with the change, its bytes once that has committed.
 */
export async function setProfileImage(
  deps: Deps,
  user: UserRow,
  image: Buffer | undefined,
  actor: Actor,
  meta: RequestMeta,
) {
  const now = deps.clock();
  if (!image) throw fieldError('image', messages.profile.imageType);
  const prepared = await prepareUpload(image, 'image');
  if (!prepared.ok) throw fieldError('image', messages.profile.imageType);
  const replacedKey = await deps.db.transaction(async (tx) => {
    const previous = await currentImage(tx, user.id);
    const fileId = await saveFile(deps.storage, tx, {
      ...prepared,
      purpose: 'profile_image',
      ownerUserId: user.id,
      createdBy: actor.userId,
      at: now,
    });
    await pointPictureAt(tx, {
      userId: user.id,
      previous,
      next: fileId,
      action: 'profile.image_updated',
      actor,
      meta,
      now,
    });
    return previous ? deleteFileRow(tx, previous) : null;
  });
  await deleteBytes(deps, replacedKey);
  return { message: messages.profile.imageUpdated };
}

/** Removes `user`'s profile picture, row and bytes; nothing to remove is not an error. */
export async function removeProfileImage(deps: Deps, user: UserRow, actor: Actor, meta: RequestMeta) {
  const now = deps.clock();
  const removedKey = await deps.db.transaction(async (tx) => {
    const previous = await currentImage(tx, user.id);
    if (!previous) return null;
    await pointPictureAt(tx, {
      userId: user.id,
      previous,
      next: null,
      action: 'profile.image_removed',
      actor,
      meta,
      now,
    });
    return deleteFileRow(tx, previous);
  });
  await deleteBytes(deps, removedKey);
  return { message: messages.profile.imageRemoved };
}

/** Points the person at their new picture (or none) and audits the change from the previous one. */
async function pointPictureAt(
  tx: Tx,
  change: {
    userId: string;
    previous: string | null;
    next: string | null;
    action: string;
    actor: Actor;
    meta: RequestMeta;
    now: Date;
  },
) {
  await tx
    .update(users)
    .set({ profileImageFileId: change.next, updatedAt: change.now })
    .where(eq(users.id, change.userId));
  await recordAudit(tx, {
    action: change.action,
    actor: change.actor,
    targetUserId: change.userId,
    meta: change.meta,
    before: { profileImage: change.previous },
    after: { profileImage: change.next },
    at: change.now,
  });
}

/** The picture now, read under the person's row lock: two changes at once each delete what they replaced. */
async function currentImage(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ fileId: users.profileImageFileId })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.fileId ?? null;
}

/**
 * After the commit: the change stands whatever happens here, so a failure is logged (the bytes
 * stay behind, unreferenced) rather than reported to the person as a failed change.
 */
async function deleteBytes(deps: Deps, storageKey: string | null) {
  if (!storageKey) return;
  await deps.storage.delete(storageKey).catch((error: unknown) => {
    deps.logger.warn({ err: error, storageKey }, 'could not delete a replaced profile picture');
  });
}
