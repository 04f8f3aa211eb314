import { messages, type TransferCountList, type TransferCountResetAll } from '@mutual/shared';
import { and, asc, eq, gt, inArray, ne, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../../deps';
import type { Config } from '../../config';
import { retriedTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { loadUser } from '../people/users';
import { users } from '../people/people.tables';
import { transferCounters } from './transfers.tables';

/**
 * Reset Transfer Counts (spec §2, §4, §6; decisions.md): staff see every member's outgoing
 * transfer count in the current limit window and set it back to 0, one member or all at once.
 * The configured protected staff account is listed but never reset. A count only counts while
 * its window is open (the rule of `transfer-limit.ts`): an expired window shows 0.
 */

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock'>;
type Counter = Pick<typeof transferCounters.$inferSelect, 'windowStartedAt' | 'count'>;

const HOUR_MS = 3_600_000;

/** The configured protected account's e-mail, compared the way e-mails are stored (lower-case). */
function protectedEmail(config: Config): string | null {
  return config.security.protectedStaffEmail?.trim().toLowerCase() ?? null;
}

function windowEnd(counter: Counter, config: Config): Date {
  return new Date(counter.windowStartedAt.getTime() + config.limits.transferLimitWindowHours * HOUR_MS);
}

/** The count that limits the member now: the stored count while its window is open, else 0. */
function liveCount(counter: Counter | null | undefined, config: Config, now: Date): number {
  return counter && windowEnd(counter, config) > now ? counter.count : 0;
}

export async function listTransferCounts(deps: Deps): Promise<TransferCountList> {
  const now = deps.clock();
  const shielded = protectedEmail(deps.config);
  const resetter = alias(users, 'resetter');
  const rows = await deps.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      windowStartedAt: transferCounters.windowStartedAt,
      count: transferCounters.count,
      resetAt: transferCounters.resetAt,
      resetBy: resetter.email,
    })
    .from(users)
    .leftJoin(transferCounters, eq(transferCounters.userId, users.id))
    .leftJoin(resetter, eq(resetter.id, transferCounters.resetBy))
    .where(shielded ? or(ne(users.role, 'admin'), eq(users.email, shielded)) : ne(users.role, 'admin'))
    .orderBy(asc(users.email));

  return {
    users: rows.map((row) => {
      const counter =
        row.windowStartedAt && row.count !== null ? { windowStartedAt: row.windowStartedAt, count: row.count } : null;
      const open = counter !== null && windowEnd(counter, deps.config) > now;
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        count: liveCount(counter, deps.config, now),
        windowEndsAt: open ? windowEnd(counter, deps.config).toISOString() : null,
        lastResetAt: row.resetAt?.toISOString() ?? null,
        lastResetBy: row.resetBy,
        protected: row.email === shielded,
      };
    }),
    limit: deps.config.limits.transferLimitCount,
    windowHours: deps.config.limits.transferLimitWindowHours,
  };
}

/** Resets one person's count to 0 (audited even when it already was 0: staff asked for it). */
export async function resetTransferCount(
  deps: Deps,
  userId: string,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ message: string }> {
  return retriedTransaction(deps, async (tx, now) => {
    const user = await loadUser(tx, userId);
    if (user.email === protectedEmail(deps.config))
      throw new AppError('FORBIDDEN', messages.resetTransfers.protectedAccount);
    // Locked, so a transfer counting at this moment lands either before the reset or after it.
    const [counter] = await tx.select().from(transferCounters).where(eq(transferCounters.userId, userId)).for('update');
    if (counter) {
      await tx
        .update(transferCounters)
        .set({ count: 0, resetAt: now, resetBy: actor.userId })
        .where(eq(transferCounters.userId, userId));
    } else {
      // Never counted yet: the reset is still recorded ("Last reset"), with a window already over,
      // so the member's next transfer opens a window of its own.
      const windowOver = new Date(now.getTime() - deps.config.limits.transferLimitWindowHours * HOUR_MS);
      await tx
        .insert(transferCounters)
        .values({ userId, windowStartedAt: windowOver, count: 0, resetAt: now, resetBy: actor.userId })
        // A first transfer counted since the look-up: it is reset too.
        .onConflictDoUpdate({
          target: transferCounters.userId,
          set: { count: 0, resetAt: now, resetBy: actor.userId },
        });
    }
    await recordAudit(tx, {
      action: 'transfer_count.reset',
      actor,
      targetUserId: userId,
      meta,
      before: { count: liveCount(counter, deps.config, now) },
      after: { count: 0 },
      at: now,
    });
    return { message: messages.resetTransfers.resetOne(user.email) };
  });
}

/**
 * "Reset All": every non-staff member whose count is above 0 goes back to 0, in one transaction
 * (all or nothing, so nothing can half-fail), one audit row per member plus one for the action.
 * The protected account is skipped, and counted as skipped.
 */
export async function resetAllTransferCounts(
  deps: Deps,
  actor: Actor,
  meta: RequestMeta,
): Promise<TransferCountResetAll> {
  const shielded = protectedEmail(deps.config);
  return retriedTransaction(deps, async (tx, now) => {
    const windowStart = new Date(now.getTime() - deps.config.limits.transferLimitWindowHours * HOUR_MS);
    const counted = await tx
      .select({ userId: transferCounters.userId, count: transferCounters.count, email: users.email })
      .from(transferCounters)
      .innerJoin(users, eq(users.id, transferCounters.userId))
      .where(
        and(gt(transferCounters.count, 0), gt(transferCounters.windowStartedAt, windowStart), ne(users.role, 'admin')),
      )
      .orderBy(asc(transferCounters.userId))
      .for('update', { of: transferCounters });
    const toReset = counted.filter((row) => row.email !== shielded);
    const [protectedUser] = shielded
      ? await tx.select({ id: users.id }).from(users).where(eq(users.email, shielded))
      : [];
    const skipped = protectedUser ? 1 : 0;

    for (let start = 0; start < toReset.length; start += 1000) {
      const ids = toReset.slice(start, start + 1000).map((row) => row.userId);
      await tx
        .update(transferCounters)
        .set({ count: 0, resetAt: now, resetBy: actor.userId })
        .where(inArray(transferCounters.userId, ids));
    }
    for (const row of toReset) {
      await recordAudit(tx, {
        action: 'transfer_count.reset',
        actor,
        targetUserId: row.userId,
        meta,
        before: { count: row.count },
        after: { count: 0 },
        at: now,
      });
    }
    // The action itself, so a Reset All that found nothing to reset still leaves a trace.
    await recordAudit(tx, {
      action: 'transfer_count.reset_all',
      actor,
      meta,
      after: { reset: toReset.length, skipped },
      at: now,
    });
    return { reset: toReset.length, skipped, message: messages.resetTransfers.resetAll(toReset.length, skipped) };
  });
}
