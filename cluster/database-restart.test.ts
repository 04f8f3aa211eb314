/**
 * Issue 14 §1: a database restart is an outage, not a crash. One app instance on a PostgreSQL of
 * the test's own; transfers run while PostgreSQL is stopped (`-m immediate`, as a crash or a
 * failover) and started again.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type Instance, instanceEnv, startInstance, waitFor } from './support/instances';
import { describeTransfers, ledgerVerify, memberTotal, transfersMadeSince } from './support/ledger';
import { call, openEventStream, type Session, signIn, startTransferLoad } from './support/member';
import { type PostgresServer, startPostgres } from './support/postgres-server';

const MEMBER = 'alex.morgan@mutual-demo.example';

describe('a PostgreSQL restart under transfer load', () => {
  let postgres: PostgresServer;
  let app: Instance;
  let session: Session;
  let databaseUrl: string;

  beforeAll(async () => {
    postgres = await startPostgres();
    databaseUrl = postgres.url();
    app = await startInstance('app', instanceEnv(databaseUrl, 'http://127.0.0.1:1', { DEMO_MODE: 'true' }));
    session = await signIn(app.base, 'http://127.0.0.1:1', databaseUrl, MEMBER);
  });
  afterAll(async () => {
    await app?.kill();
    postgres?.dispose();
  });

  describe('while the database is away and after it is back', () => {
    it('answers 503 UNAVAILABLE, keeps running, serves again within 5 s, loses and doubles nothing', async () => {
      const totalBefore = await memberTotal(databaseUrl, MEMBER);
      const stream = await openEventStream(app.base, session);
      const since = new Date();
      const load = startTransferLoad([app.base], session);
      onTestFinished(() => load.stop().catch(() => undefined));
      await waitFor('transfers before the restart', 20_000, () => load.acknowledged.size >= 20);

      postgres.crash();
      const ready = await fetch(`${app.base}/readyz`);
      expect(ready.status).toBe(503);
      const summary = await call(app.base, session, 'GET', '/api/me/summary');
      expect(summary.status).toBe(503);
      expect(summary.headers.get('retry-after')).toBe('5');
      expect(await summary.json()).toEqual({ code: 'UNAVAILABLE', message: expect.stringMatching(/unavailable/i) });
      const acknowledgedWhileDown = load.acknowledged.size;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      // Nothing is acknowledged while the database is away (requests in flight at the crash may
      // have been answered just before it).
      expect(load.acknowledged.size).toBe(acknowledgedWhileDown);
      expect(app.exited()).toBeUndefined();

      const eventsBeforeRestart = stream.events.length;
      postgres.start();
      const back = Date.now();
      const readyAfter = await waitFor('/readyz after the restart', 5_000, async () => {
        const response = await fetch(`${app.base}/readyz`);
        return response.ok;
      });
      await waitFor(
        'a transfer after the restart',
        5_000 - readyAfter,
        () => load.acknowledged.size > acknowledgedWhileDown,
      );
      const servingAfter = Date.now() - back;
      expect(servingAfter).toBeLessThanOrEqual(5_000);
      // The LISTEN connection is back: the open page hears of what happens now.
      await waitFor('a live event after the restart', 10_000, () => stream.events.length > eventsBeforeRestart);

      await waitFor('more transfers', 20_000, () => load.acknowledged.size >= acknowledgedWhileDown + 20);
      await load.stop();
      stream.close();

      expect(app.exited()).toBeUndefined();
      expect(load.refused).toEqual(new Map());
      expect(load.retried.size).toBeGreaterThan(0);
      const made = await transfersMadeSince(databaseUrl, MEMBER, since);
      const acknowledgedIds = [...load.acknowledged.values()];
      expect(new Set(acknowledgedIds).size).toBe(acknowledgedIds.length);
      const extra = made.filter((id) => !acknowledgedIds.includes(id));
      if (extra.length > 0) console.error('not acknowledged:', await describeTransfers(databaseUrl, extra), since);
      expect(new Set(made)).toEqual(new Set(acknowledgedIds));
      expect(await memberTotal(databaseUrl, MEMBER)).toBe(totalBefore);
      expect(await ledgerVerify(databaseUrl)).toContain('The ledger is consistent.');
      expect(app.output()).toContain('database connection lost');
      console.warn(
        `database restart: ${load.acknowledged.size} transfers acknowledged, ready again ${readyAfter} ms ` +
          `and serving ${servingAfter} ms after PostgreSQL started; retried: ${JSON.stringify([...load.retried])}`,
      );
    });
  });
});
