import type { Database, Tx } from './database';
import { withRetry } from './errors';

/**
 * Runs `work` as one database transaction, run again on a deadlock or serialization failure
 * (`withRetry`). `now` is read from the clock once, before the first attempt, so every attempt
 * records the same time.
 */
export function retriedTransaction<T>(
  deps: { db: Database; clock: () => Date },
  work: (tx: Tx, now: Date) => Promise<T>,
): Promise<T> {
  const now = deps.clock();
  return withRetry(() => deps.db.transaction((tx) => work(tx, now)));
}
