import type { FastifyRateLimitOptions, FastifyRateLimitStore } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/client';
import { markDriverError } from '../db/errors';
import { sweepHeldSlots } from './held-slots';

/**
 * Where rate-limit counters live. One instance may keep them in memory; several must share them,
 * or each would allow its own full count (N instances, N times the sign-in guesses):
 *
 * - `redis` (REDIS_URL set): @fastify/rate-limit's own Redis store, one atomic Lua script a hit;
 * - `database` (PostgreSQL without Redis): the store below, one atomic upsert a hit on an
 *   UNLOGGED table (counters need no crash safety, so no WAL flush is waited for);
 * - `memory` (the embedded database: one process by construction).
 */
export type RateLimitStoreKind = 'memory' | 'database' | 'redis';

export function rateLimitStoreKind(config: Config, database: Pick<DatabaseHandle, 'kind'>): RateLimitStoreKind {
  if (config.rateLimitStore !== 'auto') return config.rateLimitStore;
  if (config.redisUrl) return 'redis';
  return database.kind === 'postgres' ? 'database' : 'memory';
}

/** One hit on `key`: the count in the current window and the milliseconds left of it, atomically. */
const HIT = {
  name: 'rate_limit_hit',
  text: `insert into rate_limit_counters as c (key, hits, resets_at)
         values ($1, 1, clock_timestamp() + make_interval(secs => $2::double precision / 1000))
         on conflict (key) do update set
           hits = case when c.resets_at <= clock_timestamp() then 1 else c.hits + 1 end,
           resets_at = case when c.resets_at <= clock_timestamp() then excluded.resets_at else c.resets_at end
         returning hits, greatest(0, ceil(extract(epoch from resets_at - clock_timestamp()) * 1000))::int as ttl`,
};

/**
 * Forgets windows that are over (the scheduled job `rate-limits.sweep`), and held slots whose lease
 * ran out (an instance that vanished while holding them: `held-slots.ts`).
 */
export async function sweepRateLimits(database: Pick<DatabaseHandle, 'executeSql'>): Promise<number> {
  const result = (await database.executeSql(
    'delete from rate_limit_counters where resets_at < clock_timestamp()',
    [],
  )) as { rowCount?: number; affectedRows?: number };
  return (result.rowCount ?? result.affectedRows ?? 0) + (await sweepHeldSlots(database));
}

/** A store for @fastify/rate-limit on the database's `rate_limit_counters` (migration 0010). */
function databaseStore(database: DatabaseHandle) {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly prefix = 'global:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      window: number,
    ) {
      database.prepared<{ hits: number; ttl: number }>(HIT, [this.prefix + key, window]).then(
        ([row]) => callback(null, { current: Number(row?.hits ?? 1), ttl: Number(row?.ttl ?? window) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(route: { routeInfo?: { method?: string; url?: string }; method?: unknown; url?: string }) {
      const method = route.routeInfo?.method ?? (typeof route.method === 'string' ? route.method : '');
      return new DatabaseRateLimitStore(undefined, `${method} ${route.routeInfo?.url ?? route.url ?? ''}:`);
    }
  };
}

/**
 * ioredis whose command failures are marked as the Redis client's (`markDriverError`): a socket
 * error among them is an outage of the shared store (503), whatever its code.
 */
class MarkedRedis extends Redis {
  override sendCommand(...args: Parameters<Redis['sendCommand']>): unknown {
    // Attached before the caller's own handlers, so the mark is there when they see the error.
    args[0].promise.catch(markDriverError);
    return super.sendCommand(...args);
  }
}

/**
 * The store options for @fastify/rate-limit, and what to close with the app. A Redis that is down
 * makes the limited routes answer 503 (http/error-handler.ts): limits fail closed, never open.
 */
export async function rateLimitStore(
  kind: RateLimitStoreKind,
  config: Config,
  database: DatabaseHandle,
  onRedisError: (error: Error) => void,
): Promise<{ options: Partial<FastifyRateLimitOptions>; close: () => Promise<void>; redis?: Redis }> {
  if (kind === 'memory') return { options: {}, close: async () => undefined };
  if (kind === 'database') return { options: { store: databaseStore(database) }, close: async () => undefined };
  if (!config.redisUrl) throw new Error('RATE_LIMIT_STORE=redis needs REDIS_URL');
  // Commands fail at once while Redis is away instead of queueing behind a reconnect, and give up
  // on a Redis that went silent (keepalive finds its dead socket; a command waits `queryMs` at most,
  // a connection attempt `connectMs`).
  const redis = new MarkedRedis(config.redisUrl, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
    keepAlive: 10_000,
    connectTimeout: config.databaseTimeouts.connectMs,
    commandTimeout: config.databaseTimeouts.queryMs,
  });
  redis.on('error', onRedisError);
  await redis.connect();
  return {
    // Held slots (streams, uploads, downloads) are counted on the same connection (held-slots.ts).
    redis,
    options: { redis, nameSpace: 'mutual-rate-limit:' },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
