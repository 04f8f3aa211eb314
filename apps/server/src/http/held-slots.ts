import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { DatabaseHandle } from '../db/client';
import { queryRows } from '../db/client';

/**
 * Slots held by callers for as long as something stays open (a live-update stream, an upload, a
 * history download), counted per owner (a session, a member, an address) in the store the rate
 * limits use, so several instances share one count per owner instead of each allowing its own:
 *
 * - `redis`: a sorted set per owner, slot → lease expiry (Redis's own clock), taken by one Lua
 *   script (expired slots dropped, every owner's count checked, then the slot added to each);
 * - `database` (PostgreSQL without Redis): rows of the UNLOGGED `held_slots` (migration 0020),
 *   taken in one transaction under an advisory lock per owner;
 * - `memory` (the embedded database: one process by construction).
 *
 * A slot is a lease: its instance renews every slot it holds (`slotLeases`), so the slots of an
 * instance that was killed lapse on their own after the lease instead of counting for ever.
 */

/** One owner a slot counts against, and how many slots that owner may hold at once. */
export interface SlotOwner {
  key: string;
  cap: number;
}

export interface SlotStore {
  /** Takes `slot` under every owner, or under none: -1 when taken, else the index of the first owner at its cap. */
  take(slot: string, owners: SlotOwner[], leaseMs: number): Promise<number>;
  /** Renews the leases of held slots; answers the slots that are no longer held (their lease ran out). */
  renew(held: Array<{ slot: string; owners: string[] }>, leaseMs: number): Promise<string[]>;
  release(slot: string, owners: string[]): Promise<void>;
}

/** Slots in this process's memory: right for one instance (leases cannot lapse: the process is the store). */
export function memorySlotStore(): SlotStore {
  const byOwner = new Map<string, Set<string>>();
  return {
    async take(slot, owners) {
      const full = owners.findIndex((owner) => (byOwner.get(owner.key)?.size ?? 0) >= owner.cap);
      if (full >= 0) return full;
      for (const { key } of owners) byOwner.set(key, (byOwner.get(key) ?? new Set()).add(slot));
      return -1;
    },
    async renew(held) {
      return held.filter(({ slot, owners }) => !owners.every((key) => byOwner.get(key)?.has(slot))).map((h) => h.slot);
    },
    async release(slot, owners) {
      for (const key of owners) {
        const slots = byOwner.get(key);
        slots?.delete(slot);
        if (slots?.size === 0) byOwner.delete(key);
      }
    },
  };
}

/** KEYS: the owners' sorted sets; ARGV: slot, lease ms, then each owner's cap. */
const TAKE_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[2])
for i, key in ipairs(KEYS) do
  redis.call('ZREMRANGEBYSCORE', key, '-inf', now)
  if redis.call('ZCARD', key) >= tonumber(ARGV[2 + i]) then return i - 1 end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, now + lease, ARGV[1])
  redis.call('PEXPIRE', key, lease)
end
return -1`;

/** KEYS: the owners' sorted sets; ARGV: slot, lease ms. 1 when renewed, 0 when the slot had lapsed (then dropped). */
const RENEW_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local lease = tonumber(ARGV[2])
for _, key in ipairs(KEYS) do
  local expires = redis.call('ZSCORE', key, ARGV[1])
  if not expires or tonumber(expires) <= now then
    for _, other in ipairs(KEYS) do redis.call('ZREM', other, ARGV[1]) end
    return 0
  end
end
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, 'XX', now + lease, ARGV[1])
  redis.call('PEXPIRE', key, lease)
end
return 1`;

type SlotRedis = Redis & {
  heldSlotTake(...args: Array<string | number>): Promise<number>;
  heldSlotRenew(...args: Array<string | number>): Promise<number>;
};

/** Slots in Redis (the rate limits' connection): one atomic script per take and per renewal. */
export function redisSlotStore(redis: Redis, nameSpace = 'mutual-slots:'): SlotStore {
  const client = redis as SlotRedis;
  if (!('heldSlotTake' in client)) {
    redis.defineCommand('heldSlotTake', { lua: TAKE_SCRIPT });
    redis.defineCommand('heldSlotRenew', { lua: RENEW_SCRIPT });
  }
  const keys = (owners: string[]) => owners.map((owner) => nameSpace + owner);
  return {
    async take(slot, owners, leaseMs) {
      const ownerKeys = keys(owners.map((owner) => owner.key));
      const caps = owners.map((owner) => owner.cap);
      return Number(await client.heldSlotTake(ownerKeys.length, ...ownerKeys, slot, leaseMs, ...caps));
    },
    async renew(held, leaseMs) {
      if (held.length === 0) return [];
      const pipeline = client.pipeline() as unknown as {
        heldSlotRenew(...args: Array<string | number>): void;
        exec(): Promise<Array<[Error | null, unknown]> | null>;
      };
      for (const { slot, owners } of held) pipeline.heldSlotRenew(owners.length, ...keys(owners), slot, leaseMs);
      const results = (await pipeline.exec()) ?? [];
      const lost: string[] = [];
      results.forEach(([error, renewed], index) => {
        if (error) throw error;
        if (Number(renewed) !== 1) lost.push(held[index]?.slot ?? '');
      });
      return lost;
    },
    async release(slot, owners) {
      const multi = client.multi();
      for (const key of keys(owners)) multi.zrem(key, slot);
      await multi.exec();
    },
  };
}

/** Slots in PostgreSQL's UNLOGGED `held_slots`: a slot lost in a crash only frees itself early. */
export function databaseSlotStore(database: Pick<DatabaseHandle, 'db' | 'executeSql'>): SlotStore {
  const list = (values: string[]) =>
    sql`(${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )})`;
  const lease = (ms: number) => sql`clock_timestamp() + make_interval(secs => ${ms / 1000}::double precision)`;
  return {
    take(slot, owners, leaseMs) {
      return database.db.transaction(async (tx) => {
        // One owner's takes queue behind each other (sorted, so two takes never wait on each other in a ring).
        for (const key of [...new Set(owners.map((owner) => owner.key))].sort())
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`held_slots:${key}`}, 0))`);
        const ownerKeys = owners.map((owner) => owner.key);
        const rows = await queryRows<{ owner: string; n: number }>(
          tx,
          sql`select owner, count(*)::int as n from held_slots
              where owner in ${list(ownerKeys)} and expires_at > clock_timestamp()
              group by owner`,
        );
        const counts = new Map(rows.map((row) => [row.owner, Number(row.n)]));
        const full = owners.findIndex((owner) => (counts.get(owner.key) ?? 0) >= owner.cap);
        if (full >= 0) return full;
        for (const { key } of owners)
          await tx.execute(
            sql`insert into held_slots (owner, slot, expires_at) values (${key}, ${slot}, ${lease(leaseMs)})
                on conflict (owner, slot) do update set expires_at = excluded.expires_at`,
          );
        return -1;
      });
    },
    async renew(held, leaseMs) {
      if (held.length === 0) return [];
      const slots = held.map((h) => h.slot);
      const rows = await queryRows<{ slot: string; n: number }>(
        database.db,
        sql`update held_slots set expires_at = ${lease(leaseMs)}
            where slot in ${list(slots)} and expires_at > clock_timestamp()
            returning slot`,
      );
      const renewed = new Set(rows.map((row) => row.slot));
      return slots.filter((slot) => !renewed.has(slot));
    },
    async release(slot) {
      await database.executeSql('delete from held_slots where slot = $1', [slot]);
    },
  };
}

/** Forgets slots whose lease ran out (an instance that vanished while holding them); part of `rate-limits.sweep`. */
export async function sweepHeldSlots(database: Pick<DatabaseHandle, 'executeSql'>): Promise<number> {
  const result = (await database.executeSql('delete from held_slots where expires_at < clock_timestamp()', [])) as {
    rowCount?: number;
    affectedRows?: number;
  };
  return result.rowCount ?? result.affectedRows ?? 0;
}

/** A slot held: `release` gives it back (once; later calls do nothing). */
export interface HeldSlot {
  release: () => void;
}

/**
 * Takes slots from a store and keeps their leases: every `leaseMs / 3` one batch renews every slot
 * this instance holds. A slot the store no longer has (its lease ran out while this instance could
 * not renew it: Redis or the database away, the process stalled) is given up and its holder told
 * (`onLost`: the stream ends), so the count never stays over the cap.
 */
export function slotLeases(
  store: SlotStore,
  leaseMs: number,
  onError: (error: Error, what: 'renew' | 'release' | 'lapsed') => void = () => {},
) {
  const held = new Map<string, { owners: string[]; onLost: () => void }>();
  const pending = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let renewing = false;

  const renewAll = async () => {
    if (renewing || held.size === 0) return;
    renewing = true;
    try {
      const batch = [...held].map(([slot, { owners }]) => ({ slot, owners }));
      let lapsed = 0;
      for (const slot of await store.renew(batch, leaseMs)) {
        const lost = held.get(slot);
        if (!lost) continue;
        held.delete(slot);
        lapsed++;
        lost.onLost();
      }
      if (lapsed > 0) onError(new Error(`${lapsed} held slot(s) lapsed before they were renewed: ended`), 'lapsed');
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)), 'renew');
    } finally {
      renewing = false;
      if (held.size === 0) stop();
    }
  };
  const stop = () => {
    if (timer) clearInterval(timer);
    timer = undefined;
  };

  return {
    /**
     * Takes one slot under each owner, all or none: the index of the first owner at its cap, or the
     * slot. `onLost` hears when its lease lapsed before it was released.
     */
    async take(owners: SlotOwner[], onLost: () => void = () => {}): Promise<number | HeldSlot> {
      const slot = randomUUID();
      const full = await store.take(slot, owners, leaseMs);
      if (full >= 0) return full;
      const keys = owners.map((owner) => owner.key);
      held.set(slot, { owners: keys, onLost });
      if (!timer) {
        // Not scheduled work: each instance renews the leases of the slots it holds itself (a job
        // runs once across instances, on whichever takes it, and would renew nobody's). It runs only
        // while this instance holds a slot, unref'd, and a killed instance's leases simply lapse.
        timer = setInterval(() => void renewAll(), Math.max(50, Math.floor(leaseMs / 3)));
        timer.unref();
      }
      let released = false;
      return {
        release: () => {
          if (released) return;
          released = true;
          held.delete(slot);
          if (held.size === 0) stop();
          const releasing = store
            .release(slot, keys)
            .catch((error: unknown) => {
              onError(error instanceof Error ? error : new Error(String(error)), 'release');
            })
            .finally(() => pending.delete(releasing));
          pending.add(releasing);
        },
      };
    },
    /** Slots held by this instance. */
    get held() {
      return held.size;
    },
    /**
     * Stops renewing, once the releases under way are done (the app closes: its streams, closed
     * first, gave their slots back; anything still held lapses after its lease).
     */
    async close() {
      stop();
      await Promise.allSettled([...pending]);
    },
  };
}

export type SlotLeases = ReturnType<typeof slotLeases>;

/** The slot store beside the rate limits' (`rateLimitStoreKind`): Redis, the database, or memory. */
export function slotStoreFor(
  kind: 'memory' | 'database' | 'redis',
  redis: Redis | undefined,
  database: Pick<DatabaseHandle, 'db' | 'executeSql'>,
): SlotStore {
  if (kind === 'redis') {
    if (!redis) throw new Error('held slots in Redis need the rate limits’ Redis connection');
    return redisSlotStore(redis);
  }
  return kind === 'database' ? databaseSlotStore(database) : memorySlotStore();
}
