import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { transferCounters } from './transfers.tables';

type Limits = Config['limits'];

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
