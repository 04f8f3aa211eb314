import { eq } from 'drizzle-orm';
import { messages } from '@mutual/shared';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { AppDeps } from '../../deps';
import { fieldError, readMultipart } from '../../http/multipart';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { prepareUpload } from '../files/prepare-upload';
import { saveFile } from '../files/save-file';
import { type UserRow, users } from '../people/people.tables';

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

/** Stores a new profile picture for `user` (their own, or set by staff), re-encoded as WebP. */
export async function setProfileImage(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>,
  user: UserRow,
  image: Buffer | undefined,
  actor: Actor,
  meta: RequestMeta,
) {
  const now = deps.clock();
  if (!image) throw fieldError('image', messages.profile.imageType);
  const prepared = await prepareUpload(image, 'image');
  if (!prepared.ok) throw fieldError('image', messages.profile.imageType);
  await deps.db.transaction(async (tx) => {
    const fileId = await saveFile(deps.storage, tx, {
      ...prepared,
      purpose: 'profile_image',
      ownerUserId: user.id,
      createdBy: actor.userId,
      at: now,
    });
    await tx.update(users).set({ profileImageFileId: fileId, updatedAt: now }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      action: 'profile.image_updated',
      actor,
      targetUserId: user.id,
      meta,
      before: { profileImage: user.profileImageFileId },
      after: { profileImage: fileId },
      at: now,
    });
  });
  return { message: messages.profile.imageUpdated };
}
