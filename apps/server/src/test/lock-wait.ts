import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { TestApp } from './test-app';

/**
 * Resolves once `atLeast` statements of this test's database wait on a lock: requests that have
 * reached the rows or the table a held transaction keeps locked. PostgreSQL only (PGlite runs one
 * statement at a time).
 */
export async function someoneWaitsOnALock(t: TestApp, atLeast = 1): Promise<void> {
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      t.db,
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.waiting ?? 0) >= atLeast) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/**
 * Locks `table` against every read and write until `release()` (which resolves once the locking
 * transaction has ended; calling it again is harmless): a request that reads the table waits, as on
 * a busy database. Resolves once the lock is held. PostgreSQL only.
 */
export async function holdTableLock(t: TestApp, table: 'ledger_transfers'): Promise<{ release: () => Promise<void> }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = () => {};
  const holding = new Promise<void>((resolve) => (held = resolve));
  const transaction = t.db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${sql.identifier(table)} in access exclusive mode`);
    held();
    await released;
  });
  await Promise.race([holding, transaction]);
  return {
    release: async () => {
      release();
      await transaction;
    },
  };
}
