import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { type DatabaseHandle, queryRows, queryRowsPrepared } from './client';

/**
 * A prepared read answers exactly what the same read answers unprepared — values as the drivers
 * give them (a timestamp as text, int8 as text or number) — and, on PostgreSQL, is one statement
 * per text on the connection, whatever its values.
 */

const target = inject('testDatabase');

describe('[DATABASE]: prepared reads', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const read = (n: number) =>
    sql`select n, n::bigint * 1000000000000 as big, timestamptz '2026-03-15 16:00:00+00' + n * interval '1 day' as at,
          ${'row '}::text || n as label
        from generate_series(1, ${n}) n order by n`;

  it('answer the same rows as the read unprepared, for each set of values', async () => {
    for (const n of [1, 3, 2]) {
      const prepared = await queryRowsPrepared(database.db, read(n));
      expect(prepared).toEqual(await queryRows(database.db, read(n)));
      expect(prepared).toHaveLength(n);
    }
  });

  it('answer inside a transaction too', async () => {
    const rows = await database.db.transaction((tx) => queryRowsPrepared<{ label: string }>(tx, read(2)));
    expect(rows.map((row) => row.label)).toEqual(['row 1', 'row 2']);
  });

  it.runIf(target.kind === 'postgres')('are one statement per text on a connection', async () => {
    const statements = await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await queryRowsPrepared(tx, read(n));
      await queryRowsPrepared(tx, sql`select ${1}::int as one`);
      return queryRows<{ statement: string }>(
        tx,
        sql`select statement from pg_prepared_statements where not from_sql order by statement`,
      );
    });
    expect(statements).toHaveLength(2);
    expect(statements.map((row) => row.statement).join('\n')).toContain('generate_series');
  });
});
