import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database, Executor } from './database';
import { applyDatabaseFunctions } from './functions';
import * as schema from './schema';
import { serverRoot } from '../paths';

export type { Database, Executor, Schema, Tx } from './database';

export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  db: Database;
  /** Applies pending migrations, then (re)creates the database functions whose source changed (`functions.ts`). */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (delivered when the notifying transaction
   * commits). On PostgreSQL this is a dedicated connection, so every app instance hears every
   * other instance's notifications. Returns a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Sends NOTIFYs on `channel` outside any transaction of the caller's — after its commit — so no
   * money transaction holds PostgreSQL's notify lock across its WAL flush. Sends are batched (one
   * statement carries everything queued while the previous one was in flight) on a connection
   * with `synchronous_commit = off`: a notification lost in a crash only delays a page's refresh.
   */
  publish(channel: string, payloads: string[]): void;
  /**
   * Runs one statement as a prepared statement (parsed and planned once per connection), outside
   * Drizzle: for the hot paths, where building the query on every call shows in the profile.
   */
  prepared<T>(statement: { name: string; text: string }, values: unknown[]): Promise<T[]>;
  /** Connections of the pool: open, idle, and requests waiting for one (for /metrics). */
  poolStats(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** One statement that sends every payload of a batch on a channel. */
const NOTIFY_EACH = 'select pg_notify($1, p) from unnest($2::text[]) p';

/** `migrate` and `ping`, the same on both drivers but for the migrator. */
function migrateAndPing<D extends Database>(
  db: D,
  migrator: (db: D, config: { migrationsFolder: string }) => Promise<void>,
): Pick<DatabaseHandle, 'migrate' | 'ping'> {
  return {
    migrate: async () => {
      await migrator(db, { migrationsFolder });
      await applyDatabaseFunctions(db);
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
  };
}

export async function openDatabase(target: Config['database']): Promise<DatabaseHandle> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url);
}

/** Opens PGlite on a directory (holding its lock), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => undefined;
  try {
    // pg_trgm: the member's history and the staff console search by words (migration 0007).
    const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    return {
      kind: 'pglite',
      db,
      ...migrateAndPing(db, migratePglite),
      listen: async (channel, onPayload) => client.listen(channel, onPayload),
      publish: batchedPublisher(async (channel, payloads) => {
        await client.query(NOTIFY_EACH, [channel, payloads]);
      }),
      prepared: async <T>(statement: { text: string }, values: unknown[]) =>
        (await client.query<T>(statement.text, values)).rows,
      // One in-process connection; its queries are serialised, so nothing is counted as waiting.
      poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
      close: async () => {
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const listeners = new Set<pg.Client>();
  let publisher: Promise<pg.Client> | undefined;
  const publishClient = () =>
    (publisher ??= (async () => {
      const client = new pg.Client({ connectionString: url });
      client.on('error', () => {
        publisher = undefined;
      });
      await client.connect();
      await client.query('set synchronous_commit = off');
      return client;
    })().catch((error: unknown) => {
      publisher = undefined;
      throw error;
    }));
  return {
    kind: 'postgres',
    db,
    ...migrateAndPing(db, migratePg),
    listen: async (channel, onPayload) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      listeners.add(client);
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        if (!listeners.delete(client)) return;
        await client.end();
      };
    },
    publish: batchedPublisher(async (channel, payloads) => {
      const client = await publishClient();
      await client.query(NOTIFY_EACH, [channel, payloads]);
    }),
    prepared: async <T>(statement: { name: string; text: string }, values: unknown[]) =>
      (await pool.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values })).rows,
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      const sending = publisher;
      publisher = undefined;
      if (sending) await sending.then((client) => client.end()).catch(() => undefined);
      await Promise.all([...listeners].map((client) => client.end()));
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * Queues payloads and sends them in batches: while one send is in flight, what arrives waits and
 * goes in the next. A failed send is dropped (live updates are hints; pages refetch on reconnect).
 */
function batchedPublisher(send: (channel: string, payloads: string[]) => Promise<void>) {
  const queued = new Map<string, string[]>();
  let sending = false;
  async function drain() {
    sending = true;
    while (queued.size > 0) {
      const batch = [...queued];
      queued.clear();
      for (const [channel, payloads] of batch) await send(channel, payloads).catch(() => undefined);
    }
    sending = false;
  }
  return (channel: string, payloads: string[]) => {
    if (payloads.length === 0) return;
    queued.set(channel, [...(queued.get(channel) ?? []), ...payloads]);
    if (!sending) void drain();
  };
}

/**
 * Rows of a raw SQL query, for the few queries Drizzle's builder cannot say well. Both drivers
 * answer `{ rows }`; column names are as the SQL gives them, and int8 may arrive as a string
 * (node-postgres) or a number (PGlite), so callers read money with `BigInt(String(value))`.
 */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows?: unknown[] };
  return (result.rows ?? []) as T[];
}
