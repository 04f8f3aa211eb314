import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { transferCounters } from '../transfers/transfers.tables';

const HOUR_MS = 3_600_000;

/** One outgoing transfer of the demo's: whose, and when it was made. */
export interface DemoOutgoingTransfer {
  userId: string;
  at: Date;
}

/**
 * The transfer-limit counters the demo's outgoing transfers leave, counted as the money command
 * counts a member's transfer (`money_command.sql`): in date order, a transfer with no window open
 * (none yet, or the last one over) opens one of `transferLimitWindowHours` with a count of 1;
 * one inside an open window adds 1 to its count.
 */
export function demoTransferCounters(
  limits: Pick<Config['limits'], 'transferLimitWindowHours'>,
  transfers: readonly DemoOutgoingTransfer[],
): Map<string, { windowStartedAt: Date; count: number }> {
  const windowMs = limits.transferLimitWindowHours * HOUR_MS;
  const counters = new Map<string, { windowStartedAt: Date; count: number }>();
  for (const { userId, at } of [...transfers].sort((x, y) => x.at.getTime() - y.at.getTime())) {
    const counter = counters.get(userId);
    if (!counter || counter.windowStartedAt.getTime() <= at.getTime() - windowMs)
      counters.set(userId, { windowStartedAt: at, count: 1 });
    else counter.count += 1;
  }
  return counters;
}

/**
 * Writes those counters, so the demo's recent transfers (Alex's ACH payment, Sam's wire, a
 * transfer between members in the last day) use the members' limit as the same transfers made in
 * the portal would: on the dashboard's count, on Reset Transfer Counts, and before the next
 * transfer a member makes. Nothing is counted when the limit is off (`TRANSFER_LIMIT_COUNT` 0).
 */
export async function countDemoTransfers(
  tx: Executor,
  limits: Config['limits'],
  transfers: readonly DemoOutgoingTransfer[],
): Promise<void> {
  if (limits.transferLimitCount <= 0) return;
  const rows = [...demoTransferCounters(limits, transfers)].map(([userId, counter]) => ({ userId, ...counter }));
  if (rows.length > 0) await tx.insert(transferCounters).values(rows);
}
