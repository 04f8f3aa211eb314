import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/client';
import { createTestDatabase } from '../test/test-app';
import { rateLimitStore, rateLimitStoreKind, sweepRateLimits } from './rate-limit-store';

/** Only parsed, never connected to: the Redis store is tested with real instances in cluster/cluster.test.ts. */
const REDIS_URL = 'redis://127.0.0.1:6379';

describe('[RATE LIMITS]: counters shared by every instance', () => {
  let database: DatabaseHandle;
  const closers: Array<() => Promise<unknown>> = [];
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await database.close();
  });

  /** An "instance": its own Fastify and store, limiting GET /api/limited to 3 a minute per address. */
  async function instance(kind: 'database', prefix: string) {
    const config = loadConfig({ NODE_ENV: 'test', RATE_LIMIT_STORE: kind });
    const store = await rateLimitStore(kind, config, database, () => undefined);
    const app = Fastify();
    await app.register(rateLimit, { max: 3, timeWindow: 60_000, ...store.options });
    app.get(`/api/limited`, async () => ({ ok: true }));
    await app.ready();
    closers.push(() => app.close(), store.close);
    return (ip: string) =>
      app.inject({ method: 'GET', url: '/api/limited', remoteAddress: `${prefix}.${ip}` }).then((r) => r.statusCode);
  }

  it('chooses Redis with REDIS_URL, the database on PostgreSQL, memory on the embedded database', () => {
    const redis = loadConfig({ REDIS_URL });
    const none = loadConfig({});
    expect(rateLimitStoreKind(redis, { kind: 'pglite' })).toBe('redis');
    expect(rateLimitStoreKind(none, { kind: 'postgres' })).toBe('database');
    expect(rateLimitStoreKind(none, { kind: 'pglite' })).toBe('memory');
    expect(rateLimitStoreKind(loadConfig({ RATE_LIMIT_STORE: 'memory', REDIS_URL }), { kind: 'postgres' })).toBe(
      'memory',
    );
  });

  it('in the database: three instances share one count, atomically, per address', async () => {
    const prefix = `10.${Math.floor(Math.random() * 200)}.1`;
    const [a, b, c] = [
      await instance('database', prefix),
      await instance('database', prefix),
      await instance('database', prefix),
    ];
    // Six requests at once from one address, spread over the instances: exactly three get through.
    const statuses = await Promise.all([a('7'), b('7'), c('7'), a('7'), b('7'), c('7')]);
    expect(statuses.filter((status) => status === 200)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(3);
    expect(await a('8')).toBe(200);
  });

  it('in the database: a window that is over starts again, and the sweep forgets it', async () => {
    const key = `sweep-test-${Math.random()}`;
    await database.executeSql(
      `insert into rate_limit_counters (key, hits, resets_at) values ($1, 99, clock_timestamp() - interval '1 second')`,
      [key],
    );
    expect(await sweepRateLimits(database)).toBeGreaterThanOrEqual(1);
    const { rows } = await database.executeSql('select count(*)::int as n from rate_limit_counters where key = $1', [
      key,
    ]);
    expect(rows).toEqual([{ n: 0 }]);
  });
});
