import { and, desc, eq, inArray } from 'drizzle-orm';
import { type ApplicationStatus, type InfoRequest, messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { type RequestMeta, recordOwnAction } from '../audit/record-audit';
import { prepareUpload } from '../files/prepare-upload';
import { saveFile } from '../files/save-file';
import { type UserRow, users } from '../people/people.tables';
import { fieldError } from '../../http/multipart';
import { infoRequests } from './onboarding.tables';

type InfoRequestRow = typeof infoRequests.$inferSelect;

export function toInfoRequest(row: InfoRequestRow): InfoRequest {
  return {
    id: row.id,
    requestDetails: row.requestDetails,
    status: row.status as InfoRequest['status'],
    createdAt: row.createdAt.toISOString(),
    response: row.response,
    respondedAt: row.respondedAt?.toISOString() ?? null,
    hasDocument: row.responseFileId !== null,
  };
}

export function listInfoRequests(db: Executor, userId: string) {
  return db.select().from(infoRequests).where(eq(infoRequests.userId, userId)).orderBy(desc(infoRequests.createdAt));
}

/** What the pending-approval page shows the applicant about their own application. */
export async function applicationStatus(db: Executor, user: UserRow): Promise<ApplicationStatus> {
  const requests = await listInfoRequests(db, user.id);
  return {
    status: user.status as ApplicationStatus['status'],
    verificationStatus: user.verificationStatus as ApplicationStatus['verificationStatus'],
    registrationDate: user.registrationDate.toISOString(),
    rejectionReason: user.rejectionReason,
    rejectedAt: user.rejectedAt?.toISOString() ?? null,
    infoRequests: requests.map(toInfoRequest),
  };
}

/**
 * The applicant answers the open information request, optionally with a document. The
 * application goes back to "pending" verification for staff to look at again.
 */
export async function answerInfoRequest(
  deps: Pick<AppDeps, 'db' | 'clock' | 'storage'>,
  user: UserRow,
  response: string,
  document: Buffer | undefined,
  meta: RequestMeta,
): Promise<ApplicationStatus> {
  const now = deps.clock();
  if (user.status !== 'pending') throw new AppError('CONFLICT', messages.admin.notPending);
  const prepared = document ? await prepareUpload(document, 'document') : undefined;
  if (prepared && !prepared.ok) throw fieldError('document', messages.registration.documentType);
  await deps.db.transaction(async (tx) => {
    // One answer covers every open request (staff may have asked more than once before it came).
    const open = await tx
      .select({ id: infoRequests.id })
      .from(infoRequests)
      .where(and(eq(infoRequests.userId, user.id), eq(infoRequests.status, 'pending')))
      .for('update');
    if (open.length === 0) throw new AppError('CONFLICT', 'There is no open request to answer.');
    const fileId = prepared?.ok
      ? await saveFile(deps.storage, tx, {
          bytes: prepared.bytes,
          contentType: prepared.contentType,
          purpose: 'info_response',
          ownerUserId: user.id,
          createdBy: user.id,
          at: now,
        })
      : null;
    await tx
      .update(infoRequests)
      .set({ status: 'answered', response, responseFileId: fileId, respondedAt: now })
      .where(
        inArray(
          infoRequests.id,
          open.map((request) => request.id),
        ),
      );
    await tx.update(users).set({ verificationStatus: 'pending', updatedAt: now }).where(eq(users.id, user.id));
    await recordOwnAction(tx, user, {
      action: 'registration.info_answered',
      meta,
      before: { verificationStatus: user.verificationStatus },
      after: {
        verificationStatus: 'pending',
        infoRequestIds: open.map((request) => request.id),
        withDocument: fileId !== null,
      },
      at: now,
    });
  });
  const [fresh] = await deps.db.select().from(users).where(eq(users.id, user.id));
  return applicationStatus(deps.db, fresh ?? user);
}
