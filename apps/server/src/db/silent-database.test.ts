import { messages } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { adminQuery } from '../test/global-setup';
import { memberWithMoney } from '../test/money';
import { startSilentProxy, type SilentProxy } from '../test/silent-proxy';
import { createTestApp, createTestDatabase, type TestApp } from '../test/test-app';
import { openPostgres, type PostgresTimeouts, queryRows } from './client';
import { isDatabaseUnavailable } from './errors';
import { MAX_PENDING_LIVE_EVENTS } from './live-publisher';

/**
 * A database that goes silent — a failover, a cut network, a host that stops answering without
 * closing its sockets — is an outage with 503s, never a hang, and live updates come back on their
 * own. The silence is real: a TCP proxy between the app and PostgreSQL stops forwarding
 * (test/silent-proxy.ts), and TCP itself never gives up on it.
 */

const target = inject('testDatabase');
const onPostgres = target.kind === 'postgres';

/** Short bounds, so a test proves "answered, not hung" in seconds. */
const timeouts: PostgresTimeouts = { connectMs: 1_000, queryMs: 1_000, heartbeatMs: 300 };
/** What "did not hang" means here: far beyond the bounds above, far below a hang. */
const NO_HANG_MS = 10_000;

async function within<T>(work: Promise<T>, what: string, ms = NO_HANG_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hung = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms (hung)`)), ms);
  });
  try {
    return await Promise.race([work, hung]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(condition: () => boolean | Promise<boolean>, what: string, ms = NO_HANG_MS) {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const failure = (work: Promise<unknown>) =>
  work.then(
    () => undefined,
    (error: unknown) => error,
  );

describe.runIf(onPostgres)('[DATABASE]: a database that goes silent', () => {
  const cleanups: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function proxy(): Promise<SilentProxy> {
    if (target.kind !== 'postgres') throw new Error('PostgreSQL only');
    const started = await startSilentProxy(target.url);
    cleanups.push(() => started.close());
    return started;
  }

  /** A fresh test database opened through `through`, with its direct URL (around the proxy). */
  async function database(through: SilentProxy, reported: string[]) {
    let url = '';
    const handle = await createTestDatabase((direct) => {
      url = direct;
      return openPostgres(through.through(direct), (_error, connection) => reported.push(connection), timeouts);
    });
    cleanups.push(() => handle.close().catch(() => undefined));
    return { handle, url };
  }

  it('answers API requests 503 UNAVAILABLE within the bound, and serves again once the database answers', async () => {
    const silent = await proxy();
    const reported: string[] = [];
    const t: TestApp = await createTestApp({
      openPostgres: (url) =>
        openPostgres(silent.through(url), (_error, connection) => reported.push(connection), timeouts),
    });
    cleanups.push(() => t.close());
    const member = await memberWithMoney(t, 10_00n);
    expect((await member.browser.get('/api/me/accounts')).statusCode).toBe(200);

    silent.silence();
    // More requests than the pool has idle connections: some meet a connection gone silent
    // (query bound), the others a new one that never opens (connect bound).
    const requests = t.database.poolStats().total + 3;
    const answers = await within(
      Promise.all(Array.from({ length: requests }, () => member.browser.get('/api/me/accounts'))),
      'requests on a silent database',
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json()).toEqual({ code: 'UNAVAILABLE', message: messages.generic.unavailable });
    }
    expect(reported).toContain('pool');

    silent.restore();
    await until(
      async () => (await member.browser.get('/api/me/accounts')).statusCode === 200,
      'a request to succeed once the database answers again',
    );
    for (let i = 0; i < 3; i++) expect((await member.browser.get('/api/me/accounts')).statusCode).toBe(200);
  });

  it('fails a query left unanswered within the bound, and the pool never gives its connection out again', async () => {
    const silent = await proxy();
    const reported: string[] = [];
    const { handle } = await database(silent, reported);
    // One connection in the pool, idle, when the host behind it goes silent (a failover).
    await handle.db.transaction(async (tx) => tx.execute(sql`select 1`));
    expect(handle.poolStats().idle).toBeGreaterThan(0);
    silent.cut();

    const lost = await within(
      failure(handle.db.transaction(async (tx) => tx.execute(sql`select 1`))),
      'a transaction on a silent connection',
    );
    expect(isDatabaseUnavailable(lost), String(lost)).toBe(true);
    expect(reported).toContain('pool');
    // Dropped, not kept: its BEGIN failed, which Drizzle never releases on its own.
    expect(handle.poolStats().total).toBe(0);

    // The new primary answers: the next transaction, and the job queue's statements (pg-boss
    // runs on `executeSql`), get a fresh connection at once, not the silent one back.
    await within(
      handle.db.transaction(async (tx) => tx.execute(sql`select 1`)),
      'the next transaction after a failover',
    );
    expect(await within(handle.executeSql('select 2 as two'), 'executeSql')).toMatchObject({ rows: [{ two: 2 }] });

    // The job queue on a database that stays silent fails its statement within the bound too.
    silent.silence();
    const jobQuery = await within(failure(handle.executeSql('select 3')), "the job queue's statement");
    expect(isDatabaseUnavailable(jobQuery), String(jobQuery)).toBe(true);
    // Shutting down beside a silent database does not wait on it either.
    await within(handle.close(), 'closing the database handle');
  });

  it('finds a silent LISTEN connection by its heartbeat and listens again: a NOTIFY after that is heard', async () => {
    const silent = await proxy();
    const reported: string[] = [];
    const { handle, url } = await database(silent, reported);
    const heard: string[] = [];
    let resubscribed = 0;
    await handle.listen(
      'dbfail_live',
      (payload) => heard.push(payload),
      () => resubscribed++,
    );
    await adminQuery(url, `notify dbfail_live, 'before'`);
    await until(() => heard.includes('before'), 'the notification before the silence');

    silent.cut();
    await until(() => resubscribed > 0, 'the LISTEN connection to be made again');
    expect(reported).toContain('listen');
    await adminQuery(url, `notify dbfail_live, 'after'`);
    await until(() => heard.includes('after'), 'a notification after the silence');
  });

  it(
    'gives up a live-event send left unanswered and sends it again on a new connection; while nothing can be ' +
      'sent, what waits is bounded (the oldest dropped) and the outage is logged once',
    async () => {
      const silent = await proxy();
      const reported: string[] = [];
      const { handle, url } = await database(silent, reported);
      // Another instance's healthy LISTEN connection, straight on the database.
      const listener = new pg.Client({ connectionString: url });
      await listener.connect();
      cleanups.push(() => listener.end());
      const heard = new Set<string>();
      listener.on('notification', (message) => heard.add(message.payload ?? ''));
      await listener.query('listen dbfail_events');

      handle.publish('dbfail_events', ['warm']);
      await until(() => heard.has('warm'), 'the first event');

      // A failover: the publish connection goes silent, a new one works.
      silent.cut();
      handle.publish('dbfail_events', ['after-cut']);
      await until(() => heard.has('after-cut'), 'an event sent after the publish connection went silent');

      // The database stops answering altogether, for a while: several tries fail.
      silent.silence();
      const before = reported.filter((connection) => connection === 'publish').length;
      const sent = 3 * MAX_PENDING_LIVE_EVENTS;
      for (let i = 0; i < sent; i += 1_000)
        handle.publish(
          'dbfail_events',
          Array.from({ length: 1_000 }, (_value, j) => `outage-${i + j}`),
        );
      await new Promise((resolve) => setTimeout(resolve, 4 * timeouts.queryMs));
      expect(reported.filter((connection) => connection === 'publish').length - before).toBe(1);

      silent.restore();
      await until(() => heard.has(`outage-${sent - 1}`), 'the newest event once the database answers');
      await queryRows(handle.db, sql`select 1`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const delivered = [...heard].filter((payload) => payload.startsWith('outage-')).length;
      expect(delivered).toBeLessThanOrEqual(MAX_PENDING_LIVE_EVENTS);
      expect(heard.has('outage-0')).toBe(false);
      // Sending goes on as before.
      handle.publish('dbfail_events', ['resumed']);
      await until(() => heard.has('resumed'), 'an event after the outage');
    },
  );
});
