import { messages } from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../http/app-error';
import { transferCounters } from './transfers.tables';

type Limits = Config['limits'];

/**
 * Counts one outgoing transfer against the member's limit, refusing it at the limit. The upsert
 * locks the member's counter row, so two transfers racing for the last slot cannot both have it;
 * a refusal is thrown inside the caller's savepoint, which undoes the count. A limit of 0 means
 * no limit.
 */
export async function countOutgoingTransfer(tx: Executor, limits: Limits, userId: string, now: Date): Promise<void> {
  if (limits.transferLimitCount === 0) return;
  const windowStart = new Date(now.getTime() - limits.transferLimitWindowHours * 3_600_000);
  const expired = sql`${transferCounters.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await tx
    .insert(transferCounters)
    .values({ userId, windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: transferCounters.userId,
      set: {
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${transferCounters.windowStartedAt} end`,
        count: sql`case when ${expired} then 1 else ${transferCounters.count} + 1 end`,
      },
    })
    .returning({ count: transferCounters.count });
  if ((row?.count ?? 0) > limits.transferLimitCount) {
    throw new AppError(
      'TRANSFER_LIMIT_REACHED',
      messages.transfers.limitReached(limits.transferLimitCount, limits.transferLimitWindowHours),
    );
  }
}

/** Outgoing transfers used in the member's current window (0 once the window has passed). */
export async function transferLimitUsage(db: Executor, limits: Limits, userId: string, now: Date) {
  const [row] = await db.select().from(transferCounters).where(eq(transferCounters.userId, userId));
  const windowEnds = row ? row.windowStartedAt.getTime() + limits.transferLimitWindowHours * 3_600_000 : 0;
  return {
    limit: limits.transferLimitCount,
    used: row && windowEnds > now.getTime() ? row.count : 0,
    windowHours: limits.transferLimitWindowHours,
  };
}
