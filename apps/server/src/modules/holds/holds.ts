import { messages } from '@mutual/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { revokeUserSessions } from '../auth/sessions';
import { memberHolds } from './holds.tables';

/**
 * Staff holds on a member's money movement (decisions.md: ACCOUNT_LOCKED is real, and happens
 * only when staff placed a hold). The staff screens come with the staff money issue; transfers
 * and the seed use this service now.
 */

/** Staff placing or lifting a member's hold: whose, why, who and from where, and when. */
export interface HoldChange {
  userId: string;
  reason: string;
  actor: Actor;
  meta: RequestMeta;
  now: Date;
}

export async function findActiveHold(db: Executor, userId: string) {
  const [hold] = await db
    .select()
    .from(memberHolds)
    .where(and(eq(memberHolds.userId, userId), isNull(memberHolds.liftedAt)));
  return hold ?? null;
}

/** Refuses money movement for a member on hold. The reason stays with staff. */
export async function assertNotOnHold(db: Executor, userId: string): Promise<void> {
  if (await findActiveHold(db, userId)) throw new AppError('ACCOUNT_LOCKED', messages.transfers.onHold);
}

export async function placeHold(tx: Executor, input: HoldChange): Promise<void> {
  const reason = input.reason.trim();
  if (!reason)
    throw new AppError('VALIDATION_FAILED', messages.holds.reasonRequired, { reason: messages.holds.reasonRequired });
  const placed = await tx
    .insert(memberHolds)
    .values({ userId: input.userId, reason, placedBy: input.actor.userId, placedAt: input.now })
    .onConflictDoNothing()
    .returning({ id: memberHolds.id });
  if (placed.length === 0) throw new AppError('CONFLICT', messages.holds.alreadyHeld);
  // The member signs in again to see what is happening; nothing else changes for them.
  await revokeUserSessions(tx, input.userId, 'hold placed', input.now);
  await recordAudit(tx, {
    action: 'hold.placed',
    actor: input.actor,
    targetUserId: input.userId,
    meta: input.meta,
    after: { reason },
    at: input.now,
  });
}

export async function liftHold(tx: Executor, input: HoldChange): Promise<void> {
  const lifted = await tx
    .update(memberHolds)
    .set({ liftedAt: input.now, liftedBy: input.actor.userId, liftReason: input.reason.trim() || null })
    .where(and(eq(memberHolds.userId, input.userId), isNull(memberHolds.liftedAt)))
    .returning({ reason: memberHolds.reason });
  if (lifted.length === 0) throw new AppError('CONFLICT', messages.holds.noHold);
  await recordAudit(tx, {
    action: 'hold.lifted',
    actor: input.actor,
    targetUserId: input.userId,
    meta: input.meta,
    before: { reason: lifted[0]?.reason },
    after: { liftReason: input.reason.trim() || null },
    at: input.now,
  });
}
