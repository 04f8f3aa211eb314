import { and, eq } from 'drizzle-orm';
import { type Checklist, messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { revokeUserSessions } from '../auth/sessions';
import { openMemberAccounts } from '../ledger/member-accounts';
import { type UserRow, users } from '../people/people.tables';
import { notify } from '../notifications/notify';
import { infoRequests, registrationReviews } from './onboarding.tables';
import { applicationApprovedEmail, applicationRejectedEmail, infoRequestedEmail } from './onboarding-emails';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>;

export type Review =
  | { decision: 'approved'; checklist: Checklist }
  | { decision: 'rejected'; reason: string; checklist?: Checklist }
  | { decision: 'info_requested'; details: string; checklist?: Checklist };

/** The fields a decision changes, for the audit log's before/after. */
const reviewView = (user: UserRow) => ({
  role: user.role,
  status: user.status,
  verificationStatus: user.verificationStatus,
  rejectionReason: user.rejectionReason,
  infoRequest: user.infoRequest,
});

/**
 * A staff decision on an application, all in one transaction with its review record, audit
 * entry, notification and e-mail. Only undecided applications (status pending) can be decided;
 * the row is locked first so two reviewers cannot both decide.
 */
/**
 * What else an approval does in its transaction, from a module above this one (the staff console
 * issues the new member's debit card: modules/cards sits above onboarding).
 */
export type OnApproved = (tx: Tx, member: UserRow, now: Date) => Promise<unknown>;

export async function reviewApplication(
  deps: Deps,
  userId: string,
  review: Review,
  actor: Actor,
  meta: RequestMeta,
  onApproved?: OnApproved,
) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
    if (user.role !== 'pending' || user.status !== 'pending') throw new AppError('CONFLICT', messages.admin.notPending);

    const changes = changesFor(review, now);
    const [after] = await tx.update(users).set(changes).where(eq(users.id, userId)).returning();
    if (!after) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
    await tx.insert(registrationReviews).values({
      userId,
      decision: review.decision,
      reason:
        review.decision === 'rejected' ? review.reason : review.decision === 'info_requested' ? review.details : null,
      checklist: review.checklist ?? null,
      reviewedBy: actor.userId,
      reviewerEmail: actor.email ?? 'system',
      snapshot: snapshotOf(after),
      createdAt: now,
    });
    await recordAudit(tx, {
      action: `registration.${review.decision}`,
      actor,
      targetUserId: userId,
      meta,
      before: reviewView(user),
      after: { ...reviewView(after), checklist: review.checklist ?? null },
      at: now,
    });
    if (review.decision !== 'info_requested')
      await tx
        .update(infoRequests)
        .set({ status: 'closed' })
        .where(and(eq(infoRequests.userId, userId), eq(infoRequests.status, 'pending')));
    await followUp(deps, tx, after, review, actor, now);
    if (review.decision === 'approved') await onApproved?.(tx, after, now);
  });
  void deps.mailer.flush();
}

function changesFor(review: Review, now: Date): Partial<typeof users.$inferInsert> {
  switch (review.decision) {
    case 'approved':
      return { role: 'user', status: 'approved', verificationStatus: 'verified', approvedAt: now, updatedAt: now };
    case 'rejected':
      // Spec §4: the role stays pending; the reason and time are kept.
      return {
        status: 'rejected',
        verificationStatus: 'rejected',
        rejectionReason: review.reason,
        rejectedAt: now,
        updatedAt: now,
      };
    case 'info_requested':
      return {
        verificationStatus: 'info_requested',
        infoRequest: review.details,
        infoRequestedAt: now,
        updatedAt: now,
      };
  }
}

async function followUp(deps: Deps, tx: Tx, user: UserRow, review: Review, actor: Actor, now: Date) {
  const { config, mailer } = deps;
  switch (review.decision) {
    case 'approved':
      await openMemberAccounts(tx, user.id, config.routingNumber, now);
      await notify(
        tx,
        user.id,
        {
          kind: 'approval',
          title: 'Membership approved',
          body: `Welcome to ${config.brand.name}! Your Checking and Savings accounts are open.`,
        },
        now,
      );
      await mailer.enqueue(tx, user.email, applicationApprovedEmail(config, user.firstName || user.name));
      return;
    case 'rejected':
      // A declined applicant's sessions end; they can sign in again to read the decision.
      await revokeUserSessions(tx, user.id, 'application rejected', now);
      await mailer.enqueue(
        tx,
        user.email,
        applicationRejectedEmail(config, user.firstName || user.name, review.reason),
      );
      return;
    case 'info_requested':
      await tx.insert(infoRequests).values({
        userId: user.id,
        requestDetails: review.details,
        status: 'pending',
        createdBy: actor.userId,
        createdAt: now,
      });
      await notify(tx, user.id, { kind: 'info_request', title: 'Information requested', body: review.details }, now);
      await mailer.enqueue(tx, user.email, infoRequestedEmail(config, user.firstName || user.name, review.details));
      return;
  }
}

/** The record as decided, without secrets: the spec's approvedUsers / rejectedApplications copy. */
function snapshotOf(user: UserRow) {
  const {
    passwordHash: _p,
    totpSecret: _t,
    totpPendingSecret: _tp,
    totpLastStep: _s,
    failedSignIns: _f,
    lockedUntil: _l,
    ...rest
  } = user;
  return rest;
}
