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
   * other instance's notifications; when it drops (a database restart), it is opened again with
   * backoff and `onResubscribed` is called, since notifications sent meanwhile were lost.
   * Returns a function that stops listening.
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onResubscribed?: () => void,
  ): Promise<() => Promise<void>>;
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
  /**
   * One statement as text (several, without parameters), for a library that brings its own SQL
   * (the job queue): on the same pool, so it shares its error handling and limits.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
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

/**
 * Told of every connection the database dropped (a restart, a failover, a network cut) — for the
 * log. Such an error never crashes the process: requests meanwhile answer 503 UNAVAILABLE
 * (http/error-handler.ts) and connections are made again when the database is back.
 */
export type ConnectionErrorReporter = (error: Error, connection: 'pool' | 'listen' | 'publish') => void;

export async function openDatabase(
  target: Config['database'],
  onConnectionError?: ConnectionErrorReporter,
): Promise<DatabaseHandle> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url, onConnectionError);
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
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        // Without parameters the text may hold several statements (`BEGIN; …; COMMIT`), which
        // only the simple protocol runs; the last statement's rows are the answer.
        const results = await client.exec(text);
        return results.at(-1) ?? { rows: [] };
      },
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

export async function openPostgres(url: string, onConnectionError?: ConnectionErrorReporter): Promise<DatabaseHandle> {
  const report: ConnectionErrorReporter = onConnectionError ?? (() => undefined);
  // A connection attempt to a database that does not answer gives up, so a request fails with
  // 503 instead of waiting for ever.
  const connectionTimeoutMillis = 5_000;
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis });
  // An idle connection the server closed (a restart) emits 'error' on the pool; unhandled, that
  // event would end the process. The pool drops the connection and opens a new one when asked.
  pool.on('error', (error) => report(error, 'pool'));
  // The pool listens only while a connection is idle: one checked out (a transaction holds it
  // from BEGIN to COMMIT) that the server drops emits 'error' on the connection itself, which
  // would end the process. Each connection listens for its whole life; its query fails, the
  // transaction rolls back with a 503, and the pool does not hand that connection out again.
  pool.on('connect', (client) => client.on('error', (error) => report(error, 'pool')));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const listeners = new Set<() => Promise<void>>();
  let publisher: Promise<pg.Client> | undefined;
  const publishClient = () =>
    (publisher ??= (async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis });
      client.on('error', (error) => {
        report(error, 'publish');
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
    // Several instances starting at once: one migrates while the others wait for its lock (a
    // session advisory lock, released when that connection ends), then find nothing to do.
    migrate: async () => {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis });
      client.on('error', (error) => report(error, 'pool'));
      await client.connect();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', ['mutual:migrate']);
        await migrateAndPing(drizzlePg({ client, schema, casing: 'snake_case' }), migratePg).migrate();
      } finally {
        await client.end();
      }
    },
    listen: async (channel, onPayload, onResubscribed) => {
      const stop = await listenWithReconnect({ url, channel, onPayload, onResubscribed, report });
      listeners.add(stop);
      return async () => {
        if (listeners.delete(stop)) await stop();
      };
    },
    publish: batchedPublisher(async (channel, payloads) => {
      const client = await publishClient();
      await client.query(NOTIFY_EACH, [channel, payloads]);
    }),
    prepared: async <T>(statement: { name: string; text: string }, values: unknown[]) =>
      (await pool.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values })).rows,
    executeSql: async (text, values) => pool.query(text, values),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      const sending = publisher;
      publisher = undefined;
      if (sending) await sending.then((client) => client.end()).catch(() => undefined);
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

/**
 * A LISTEN connection that survives the database going away: on 'error' or an unexpected end it
 * connects again (250 ms, doubling to 2 s), LISTENs again and calls `onResubscribed`. The first
 * connection must succeed (the server does not start without its database).
 */
async function listenWithReconnect(options: {
  url: string;
  channel: string;
  onPayload: (payload: string) => void;
  onResubscribed: (() => void) | undefined;
  report: ConnectionErrorReporter;
}): Promise<() => Promise<void>> {
  const { url, channel, onPayload, onResubscribed, report } = options;
  let current: pg.Client | undefined;
  let stopped = false;
  let retryMs = 250;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    client.on('error', (error) => {
      report(error, 'listen');
      lost(client);
    });
    client.on('end', () => lost(client));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await client.end();
      return;
    }
    current = client;
  }

  function lost(client: pg.Client) {
    if (stopped || current !== client) return;
    current = undefined;
    void client.end().catch(() => undefined);
    reconnectLater();
  }

  function reconnectLater() {
    retry = setTimeout(() => {
      connect().then(
        () => {
          retryMs = 250;
          if (!stopped) onResubscribed?.();
        },
        () => {
          retryMs = Math.min(retryMs * 2, 2_000);
          if (!stopped) reconnectLater();
        },
      );
    }, retryMs);
    retry.unref();
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
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
