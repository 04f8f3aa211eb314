import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { adminQuery } from '../test/global-setup';
import { openPostgres, queryRows } from './client';
import { isDatabaseUnavailable } from './errors';

/**
 * A database restart, a failover or a killed backend is an outage with 503s, never a crashed
 * process: a connection the server drops while a transaction holds it fails that transaction only.
 */

const target = inject('testDatabase');

describe('[DATABASE]: a connection lost in the middle of a transaction', () => {
  it.runIf(target.kind === 'postgres')(
    'fails that transaction, is reported, and the next query gets a fresh connection',
    async () => {
      if (target.kind !== 'postgres') return;
      const reported: string[] = [];
      const handle = await openPostgres(target.url, (_error, connection) => reported.push(connection));
      try {
        const lost = handle.db.transaction(async (tx) => {
          const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await adminQuery(target.url, `select pg_terminate_backend(${Number(row?.pid)})`);
          await tx.execute(sql`select 1`);
        });
        // What the request sees: the database is away (a 503), not a fault of its own.
        const error = await lost.then(
          () => undefined,
          (reason: unknown) => reason,
        );
        expect(isDatabaseUnavailable(error), String(error)).toBe(true);
        expect(reported).toContain('pool');
        expect(await queryRows(handle.db, sql`select 1 as one`)).toEqual([{ one: 1 }]);
      } finally {
        await handle.close();
      }
    },
  );
});
