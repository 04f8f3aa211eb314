import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { resolvePending } from '../ledger/post-transfer';
import { depositHolds } from './deposits.tables';

/**
 * The `deposits.release-holds` job: a check deposit's held money becomes available on its day —
 * each due hold's pending transfer is voided (the available balance rises; members' open pages
 * hear of it through the ledger). Batches of 100, each hold locked with SKIP LOCKED so two
 * instances never release the same one and a return in progress is left to finish.
 */

type Deps = Pick<AppDeps, 'db'>;

const BATCH = 100;

export async function releaseDueHolds(deps: Deps, now: Date): Promise<{ released: number }> {
  let released = 0;
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: depositHolds.id, transferId: depositHolds.transferId })
        .from(depositHolds)
        .where(and(isNull(depositHolds.releasedAt), isNull(depositHolds.voidedAt), lte(depositHolds.releaseAt, now)))
        .orderBy(asc(depositHolds.releaseAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      for (const hold of due) {
        await endHold(tx, hold, 'releasedAt', { reason: 'The deposited funds are available', now, createdBy: null });
      }
      return due.length;
    });
    released += done;
    if (done < BATCH) return { released };
  }
}

/**
 * Ends one hold: its pending transfer is voided (the held money is the member's to spend again,
 * or, for a returned check, no longer held against them) and the hold marked released or voided.
 */
export async function endHold(
  tx: Executor,
  hold: { id: string; transferId: string | null },
  end: 'releasedAt' | 'voidedAt',
  why: { reason: string; now: Date; createdBy: string | null },
): Promise<void> {
  if (hold.transferId) await resolvePending(tx, { pendingId: hold.transferId, kind: 'void', ...why });
  await tx
    .update(depositHolds)
    .set({ [end]: why.now })
    .where(eq(depositHolds.id, hold.id));
}
