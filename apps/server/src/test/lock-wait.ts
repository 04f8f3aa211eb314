import { sql } from 'drizzle-orm';
import { queryRows } from '../db/client';
import type { TestApp } from './test-app';

/**
 * Resolves once some statement of this test's database waits on a lock: a request that has reached
 * the row a held transaction keeps locked. PostgreSQL only (PGlite runs one statement at a time).
 */
export async function someoneWaitsOnALock(t: TestApp): Promise<void> {
  for (;;) {
    const [row] = await queryRows<{ waiting: number }>(
      t.db,
      sql`select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if ((row?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
