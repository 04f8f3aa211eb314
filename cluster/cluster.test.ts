/**
 * Issue 14 §7: three app instances on one PostgreSQL (of the test's own) behind a round-robin
 * proxy. Sessions, rate limits, live updates and scheduled work are the cluster's, not an
 * instance's; an instance killed with -9 and a PostgreSQL restart during transfers lose and
 * double nothing.
 */
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { type Instance, instanceEnv, startInstance, waitFor } from './support/instances';
import { ledgerVerify, memberTotal, transfersMadeSince, withClient } from './support/ledger';
import {
  call,
  DEMO_PASSWORD,
  openEventStream,
  type Session,
  signIn,
  startTransferLoad,
  type TransferLoad,
} from './support/member';
import { type PostgresServer, startPostgres } from './support/postgres-server';
import { type Proxy, startProxy } from './support/proxy';
import { startRedis } from './support/redis-server';

const ALEX = 'alex.morgan@mutual-demo.example';
const STAFF = 'staff@mutual-demo.example';
/** How long the transfers run while an instance dies and the database restarts (default 2 minutes). */
const CHAOS_SECONDS = Number(process.env.CLUSTER_CHAOS_SECONDS ?? 120);
/** How long each throughput round (1, 2, 3 instances) runs. */
const ROUND_SECONDS = Number(process.env.CLUSTER_ROUND_SECONDS ?? 10);
const BENCH_MEMBERS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('three instances on one PostgreSQL behind a proxy', () => {
  let postgres: PostgresServer;
  let redis: Awaited<ReturnType<typeof startRedis>>;
  let databaseUrl: string;
  let proxy: Proxy;
  const targets: string[] = [];
  const instances: Instance[] = [];
  let env: Record<string, string>;

  const start = async (name: string, extra: Record<string, string> = {}) => {
    const instance = await startInstance(name, { ...env, ...extra });
    instances.push(instance);
    return instance;
  };

  beforeAll(async () => {
    postgres = await startPostgres();
    redis = await startRedis();
    databaseUrl = postgres.url();
    proxy = await startProxy(targets);
    // Rate limits in Redis here (the restart test keeps them in PostgreSQL): both shared stores.
    env = instanceEnv(databaseUrl, proxy.base, {
      REDIS_URL: redis.url,
      TRUST_PROXY: 'loopback',
      RECIPIENT_LOOKUP_RATE_LIMIT: '5',
      AUTH_RATE_LIMIT: '10',
      JOB_POLL_SECONDS: '0.5',
    });
    // The first seeds the demo credit union; the others find it there.
    const first = await start('a', { DEMO_MODE: 'true' });
    const others = await Promise.all([start('b'), start('c')]);
    targets.push(first.base, ...others.map((instance) => instance.base));
  });
  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.kill()));
    await proxy?.close();
    postgres?.dispose();
    redis?.dispose();
  });

  const nth = (n: number) => instances[n] as Instance;
  const a = () => nth(0);
  const b = () => nth(1);
  const c = () => nth(2);

  it('a session made on one instance works on the others', async () => {
    const session = await signIn(a().base, proxy.base, databaseUrl, ALEX);
    const answers = await Promise.all(
      [a(), b(), c()].map(async (instance) => {
        const response = await call(instance.base, session, 'GET', '/api/auth/session');
        return { status: response.status, body: (await response.json()) as { user?: { email: string } } };
      }),
    );
    for (const answer of answers) expect(answer).toMatchObject({ status: 200, body: { user: { email: ALEX } } });
  });

  it('rate limits count across instances (in Redis): sign-in guesses per address, look-ups per member', async () => {
    const guess = (instance: Instance) =>
      fetch(`${instance.base}/api/auth/sign-in`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: proxy.base, 'x-forwarded-for': '198.51.100.7' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'not-the-password' }),
      });
    const spread = [a(), b(), c()];
    const statuses: number[] = [];
    for (let n = 0; n < 10; n++) statuses.push((await guess(spread[n % 3] as Instance)).status);
    expect(statuses.every((status) => status === 401)).toBe(true);
    expect((await guess(c())).status).toBe(429);

    const session = await signIn(b().base, proxy.base, databaseUrl, ALEX);
    const lookups: number[] = [];
    for (let n = 0; n < 6; n++) {
      const response = await call(spread[n % 3]?.base ?? '', session, 'POST', '/api/transfers/recipient', {
        email: 'sam.rivera@mutual-demo.example',
      });
      lookups.push(response.status);
    }
    expect(lookups).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("a member's page connected to one instance sees a transfer made through another", async () => {
    const session = await signIn(a().base, proxy.base, databaseUrl, ALEX);
    const stream = await openEventStream(c().base, session);
    const response = await call(
      b().base,
      session,
      'POST',
      '/api/transfers/internal',
      { transferType: 'internal', fromAccount: 'Checking', toAccount: 'Savings', amount: '1.00', reference: 'Cluster' },
      crypto.randomUUID(),
    );
    expect(response.status).toBe(201);
    await waitFor('the ledger event on instance c', 5_000, () => stream.events.some((e) => e.kind === 'ledger'));
    stream.close();
  });

  it("a session's live-update streams are counted across instances (Redis): five in all, not on each", async () => {
    const session = await signIn(b().base, proxy.base, databaseUrl, ALEX);
    const spread = [a(), b(), c(), a(), b()];
    const streams = [];
    for (const instance of spread) streams.push(await openEventStream(instance.base, session));
    try {
      for (const instance of [a(), b(), c()]) {
        const response = await call(instance.base, session, 'GET', '/api/me/events');
        expect(response.status).toBe(429);
        await response.body?.cancel();
      }
      // One closed on a: c may open one now.
      streams.shift()?.close();
      await waitFor('a stream slot to be given back', 5_000, async () => {
        const response = await call(c().base, session, 'GET', '/api/me/events');
        await response.body?.cancel();
        return response.status === 200;
      });
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('scheduled work asked of every instance at once runs once: each lapsed payment order expires once', async () => {
    const orders = await withClient(databaseUrl, async (client) => {
      const { rows } = await client.query<{ id: string }>(
        `update payment_orders set created_at = now() - interval '200 hours' where status = 'pending' returning id`,
      );
      return rows.map((row) => row.id);
    });
    expect(orders.length).toBeGreaterThanOrEqual(2);
    const staff = await signIn(a().base, proxy.base, databaseUrl, STAFF);
    const runs = await Promise.all(
      [a(), b(), c()].map((instance) =>
        call(instance.base, staff, 'POST', '/api/admin/scheduled-work/payment-orders.expire/run'),
      ),
    );
    // A refusal names what the instances logged as errors (it happened once, and left no trace).
    const errorsLogged = () =>
      [a(), b(), c()].flatMap((instance) =>
        instance
          .output()
          .split('\n')
          .filter((line) => /"level":50/.test(line))
          .map((line) => `${instance.name}: ${line}`),
      );
    expect(
      runs.map((run) => run.status),
      errorsLogged().join('\n'),
    ).toEqual([202, 202, 202]);
    const counts = () =>
      withClient(databaseUrl, async (client) => {
        const { rows } = await client.query<{ expired: number; audits: number; voids: number }>(
          `select
             (select count(*)::int from payment_orders where id = any($1::uuid[]) and status = 'expired') as expired,
             (select count(*)::int from audit_log where action = 'payment_order.expired') as audits,
             (select count(*)::int from ledger_transfers t join payment_orders o on o.pending_transfer_id = t.pending_id
               where o.id = any($1::uuid[])) as voids`,
          [orders],
        );
        return rows[0];
      });
    await waitFor('the orders to expire', 20_000, async () => (await counts())?.expired === orders.length);
    await sleep(2_000);
    expect(await counts()).toEqual({ expired: orders.length, audits: orders.length, voids: orders.length });
  });

  it(`loses, doubles nothing: an instance killed -9, PostgreSQL restarted (${CHAOS_SECONDS} s)`, async () => {
    const session = await signIn(proxy.base, proxy.base, databaseUrl, ALEX);
    const totalBefore = await memberTotal(databaseUrl, ALEX);
    const since = new Date();
    const load = startTransferLoad([proxy.base], session, 6);
    onTestFinished(() => load.stop().catch(() => undefined));
    const at = (fraction: number) => sleep((CHAOS_SECONDS * 1000 * fraction) / 4);

    await at(1);
    const victim = b();
    await victim.kill('SIGKILL');
    expect(victim.exited()).toBe('SIGKILL');
    await at(1);
    postgres.crash();
    await sleep(2_000);
    postgres.start();
    await at(1);
    // The operator brings the killed instance back; the proxy sends it traffic again.
    const revived = await start('b2');
    targets[targets.indexOf(victim.base)] = revived.base;
    instances[1] = revived;
    await at(1);
    await load.stop();

    for (const instance of [a(), c(), revived]) expect(instance.exited(), instance.output()).toBeUndefined();
    expect(load.refused).toEqual(new Map());
    const made = await transfersMadeSince(databaseUrl, ALEX, since);
    const acknowledged = [...load.acknowledged.values()];
    expect(new Set(acknowledged).size).toBe(acknowledged.length);
    expect(new Set(made)).toEqual(new Set(acknowledged));
    expect(await memberTotal(databaseUrl, ALEX)).toBe(totalBefore);
    expect(await ledgerVerify(databaseUrl)).toContain('The ledger is consistent.');
    console.warn(
      `chaos run: ${acknowledged.length} transfers acknowledged in ${CHAOS_SECONDS} s, each exactly once; ` +
        `retried: ${JSON.stringify([...load.retried])}`,
    );
  });

  describe('throughput', () => {
    it(`prints transfers per second with 1, 2 and 3 instances (${BENCH_MEMBERS} members)`, async () => {
      const staff = await signIn(a().base, proxy.base, databaseUrl, STAFF);
      const sessions: Session[] = [];
      for (let n = 0; n < BENCH_MEMBERS; n++) {
        const email = `cluster.member.${n}.${Date.now()}@example.com`;
        const created = await call(a().base, staff, 'POST', '/api/admin/users', {
          name: `Cluster Member ${n}`,
          email,
          phone: '(207) 555-0150',
          password: DEMO_PASSWORD,
          role: 'user',
          address: { street: '1 Cluster Road', city: 'Portland', state: 'ME', zipCode: '04101' },
          checkingBalance: '1000.00',
          savingsBalance: '1000.00',
        });
        expect(created.status, await created.clone().text()).toBe(201);
        sessions.push(await signIn(a().base, proxy.base, databaseUrl, email));
      }
      const all = [...targets];
      const figures: string[] = [];
      for (const count of [1, 2, 3]) {
        targets.splice(0, targets.length, ...all.slice(0, count));
        const loads: TransferLoad[] = sessions.map((session) => startTransferLoad([proxy.base], session, 1));
        await sleep(ROUND_SECONDS * 1000);
        await Promise.all(loads.map((load) => load.stop()));
        const done = loads.reduce((sum, load) => sum + load.acknowledged.size, 0);
        figures.push(`${count} instance(s): ${(done / ROUND_SECONDS).toFixed(0)} transfers/s`);
        for (const load of loads) expect(load.refused).toEqual(new Map());
      }
      targets.splice(0, targets.length, ...all);
      console.warn(`throughput (${BENCH_MEMBERS} members, one client each, ${ROUND_SECONDS} s): ${figures.join('; ')}`);
      expect(await ledgerVerify(databaseUrl)).toContain('The ledger is consistent.');
    });
  });
});
