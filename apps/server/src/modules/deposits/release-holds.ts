import { and, asc, eq, isNull, lte, notInArray } from 'drizzle-orm';
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

type Deps = Pick<AppDeps, 'db' | 'logger'>;

const BATCH = 100;

/**
 * Each hold is released in a savepoint of its batch: one that fails (named in the log by its id)
 * is rolled back alone and left for the next run, and the others are released.
 */
export async function releaseDueHolds(deps: Deps, now: Date): Promise<{ released: number; errors: number }> {
  let released = 0;
  const failed: string[] = [];
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const due = await tx
        .select({ id: depositHolds.id, transferId: depositHolds.transferId })
        .from(depositHolds)
        .where(
          and(
            isNull(depositHolds.releasedAt),
            isNull(depositHolds.voidedAt),
            lte(depositHolds.releaseAt, now),
            failed.length > 0 ? notInArray(depositHolds.id, failed) : undefined,
          ),
        )
        .orderBy(asc(depositHolds.releaseAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      let ended = 0;
      for (const hold of due) {
        try {
          await tx.transaction((savepoint) =>
            endHold(savepoint, hold, 'releasedAt', {
              reason: 'The deposited funds are available',
              now,
              createdBy: null,
            }),
          );
          ended += 1;
        } catch (error) {
          failed.push(hold.id);
          deps.logger.error(
            { err: error, depositHoldId: hold.id },
            'deposit hold not released; it is retried at the next run',
          );
        }
      }
      return { seen: due.length, ended };
    });
    released += done.ended;
    if (done.seen < BATCH) return { released, errors: failed.length };
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
