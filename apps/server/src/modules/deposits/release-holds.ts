import { and, asc, eq, isNull, lte } from 'drizzle-orm';
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
        if (hold.transferId)
          await resolvePending(tx, {
            pendingId: hold.transferId,
            kind: 'void',
            reason: 'The deposited funds are available',
            now,
            createdBy: null,
          });
        await tx.update(depositHolds).set({ releasedAt: now }).where(eq(depositHolds.id, hold.id));
      }
      return due.length;
    });
    released += done;
    if (done < BATCH) return { released };
  }
}
