import { createHash } from 'node:crypto';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import type { PgDialect, PgSession } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Config } from '../config';
import { acquireDataDirLock } from './data-dir-lock';
import type { Database, Executor } from './database';
import { applyDatabaseFunctions } from './functions';
import { batchedPublisher } from './live-publisher';
import {
  connectionConfig,
  defaultPostgresTimeouts,
  destroySocket,
  endWithin,
  isQueryTimeout,
  type PostgresTimeouts,
  poolClientClass,
} from './pg-connections';
import * as schema from './schema';
import { serverRoot } from '../paths';

export type { Database, Executor, Schema, Tx } from './database';
export { defaultPostgresTimeouts, type PostgresTimeouts } from './pg-connections';

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
   * backoff and `onResubscribed` is called, since notifications sent meanwhile were lost. A
   * heartbeat finds a connection that went silent (a failover, a cut network) and drops it too.
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
   * A send that fails or goes unanswered is tried again on a new connection; meanwhile what waits
   * is bounded (`db/live-publisher.ts`).
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
 * Told of every connection the database dropped (a restart, a failover, a network cut), of every
 * one that went silent past its bound (`PostgresTimeouts`), and once per outage of live-event
 * publishing — for the log. Such an error never crashes the process: requests meanwhile answer 503
 * UNAVAILABLE (http/error-handler.ts) and connections are made again when the database is back.
 */
export type ConnectionErrorReporter = (error: Error, connection: 'pool' | 'listen' | 'publish') => void;

export async function openDatabase(
  target: Config['database'],
  onConnectionError?: ConnectionErrorReporter,
  timeouts?: PostgresTimeouts,
): Promise<DatabaseHandle> {
  return target.kind === 'pglite' ? openPglite(target.dataDir) : openPostgres(target.url, onConnectionError, timeouts);
}

/** Opens PGlite on a directory (holding its lock), or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  const release = dataDir ? acquireDataDirLock(dataDir) : () => undefined;
  try {
    // pg_trgm: the member's history and the staff console search by words (migration 0007).
    const client = await PGlite.create({ dataDir, loadDataDir, extensions: { pg_trgm } });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    const publisher = batchedPublisher({
      send: async (channel, payloads) => {
        await client.query(NOTIFY_EACH, [channel, payloads]);
      },
      timeoutMs: defaultPostgresTimeouts.queryMs,
    });
    return {
      kind: 'pglite',
      db,
      ...migrateAndPing(db, migratePglite),
      listen: async (channel, onPayload) => client.listen(channel, onPayload),
      publish: publisher.publish,
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
        publisher.close();
        await client.close();
        release();
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function openPostgres(
  url: string,
  onConnectionError?: ConnectionErrorReporter,
  timeouts: PostgresTimeouts = defaultPostgresTimeouts,
): Promise<DatabaseHandle> {
  const report: ConnectionErrorReporter = onConnectionError ?? (() => undefined);
  // A connection attempt, or a wait for a free connection, gives up after `connectMs`; a query
  // unanswered after `queryMs` fails and its connection is closed (pg-connections.ts). Either way
  // the request answers 503 instead of waiting for ever on a database that went silent.
  const pool = new pg.Pool({
    ...connectionConfig(url, timeouts, true),
    max: 10,
    Client: poolClientClass((error) => report(error, 'pool')),
  });
  // An idle connection the server closed (a restart) emits 'error' on the pool; unhandled, that
  // event would end the process. The pool drops the connection and opens a new one when asked.
  pool.on('error', (error) => report(error, 'pool'));
  // The pool listens only while a connection is idle: one checked out (a transaction holds it
  // from BEGIN to COMMIT) that the server drops emits 'error' on the connection itself, which
  // would end the process. Each connection listens for its whole life; its query fails, the
  // transaction rolls back with a 503, and the pool does not hand that connection out again.
  pool.on('connect', (client) => client.on('error', (error) => report(error, 'pool')));
  // Every connection of the pool, so closing never waits on one whose host went silent.
  const connections = new Set<pg.Client>();
  pool.on('connect', (client) => connections.add(client as pg.Client));
  pool.on('remove', (client) => connections.delete(client as pg.Client));
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  const listeners = new Set<() => Promise<void>>();

  // The connection live events are sent on, made when first needed and again after a failure.
  let publishing: { client: pg.Client; ready: Promise<void> } | undefined;
  const dropPublishing = () => {
    const current = publishing;
    publishing = undefined;
    if (current) void endWithin(current.client, timeouts.connectMs);
  };
  const publishConnection = () => {
    if (publishing) return publishing;
    const client = new pg.Client(connectionConfig(url, timeouts, false));
    const entry = {
      client,
      ready: (async () => {
        await client.connect();
        await client.query('set synchronous_commit = off');
      })(),
    };
    client.on('error', (error) => {
      report(error, 'publish');
      if (publishing === entry) dropPublishing();
    });
    entry.ready.catch(() => {
      if (publishing === entry) dropPublishing();
    });
    publishing = entry;
    return entry;
  };
  const publisher = batchedPublisher({
    send: async (channel, payloads) => {
      const { client, ready } = publishConnection();
      await ready;
      await client.query(NOTIFY_EACH, [channel, payloads]);
    },
    timeoutMs: timeouts.queryMs,
    reset: dropPublishing,
    // Once per outage: every later event of the same outage waits (bounded) without a word.
    onOutage: (error) => report(error, 'publish'),
  });

  return {
    kind: 'postgres',
    db,
    ...migrateAndPing(db, migratePg),
    // Several instances starting at once: one migrates while the others wait for its lock (a
    // session advisory lock, released when that connection ends), then find nothing to do. No
    // query bound here: waiting for that lock, and building an index, are legitimately long.
    migrate: async () => {
      const client = new pg.Client(connectionConfig(url, timeouts, false));
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
      const stop = await listenWithReconnect({ url, timeouts, channel, onPayload, onResubscribed, report });
      listeners.add(stop);
      return async () => {
        if (listeners.delete(stop)) await stop();
      };
    },
    publish: publisher.publish,
    prepared: async <T>(statement: { name: string; text: string }, values: unknown[]) =>
      (await pool.query<T & pg.QueryResultRow>({ name: statement.name, text: statement.text, values })).rows,
    executeSql: async (text, values) => pool.query(text, values),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: async () => {
      publisher.close();
      const sending = publishing;
      publishing = undefined;
      if (sending) await endWithin(sending.client, timeouts.connectMs);
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      // Idle connections are ended politely; any whose host does not answer is dropped.
      const ending = pool.end();
      const drop = setTimeout(() => connections.forEach(destroySocket), timeouts.connectMs);
      await ending;
      clearTimeout(drop);
    },
  };
}

/**
 * A LISTEN connection that survives the database going away: on 'error', an unexpected end, or a
 * heartbeat (`select 1` every `heartbeatMs`) unanswered by the next beat, it is dropped and made
 * again (250 ms, doubling to 2 s), LISTENs again and calls `onResubscribed`. The heartbeat is what
 * finds a silent connection: this one only ever receives, so nothing else would notice that the
 * host stopped answering. The first connection must succeed (the server does not start without
 * its database).
 */
async function listenWithReconnect(options: {
  url: string;
  timeouts: PostgresTimeouts;
  channel: string;
  onPayload: (payload: string) => void;
  onResubscribed: (() => void) | undefined;
  report: ConnectionErrorReporter;
}): Promise<() => Promise<void>> {
  const { url, timeouts, channel, onPayload, onResubscribed, report } = options;
  let current: pg.Client | undefined;
  let stopped = false;
  let retryMs = 250;
  let retry: NodeJS.Timeout | undefined;
  let beating = false;

  async function connect() {
    const client = new pg.Client(connectionConfig(url, timeouts, true));
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
      await endWithin(client, timeouts.connectMs);
      throw error;
    }
    if (stopped) {
      await endWithin(client, timeouts.connectMs);
      return;
    }
    current = client;
  }

  function lost(client: pg.Client) {
    if (stopped || current !== client) return;
    current = undefined;
    void endWithin(client, timeouts.connectMs);
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

  // A check of this process's own LISTEN connection, not scheduled work (it runs no job and touches
  // no data), so it cannot go on the job queue: a job runs once across instances, on whichever
  // instance takes it, and through the pool, never on this connection. TCP keepalive alone does not
  // do: Node 20 sets only its first probe's delay, and the kernel's default probes take ~11 minutes
  // to give up on a silent peer. It is per connection, unref'd, and cleared when listening stops.
  const heartbeat = setInterval(() => {
    const client = current;
    if (!client || beating) return;
    beating = true;
    client
      // node-postgres takes a query's own `query_timeout` (its types do not list it).
      .query({ text: 'select 1', query_timeout: Math.min(timeouts.heartbeatMs, timeouts.queryMs) } as pg.QueryConfig)
      .then(
        () => undefined,
        (error: unknown) => {
          // A socket error has been reported (and the connection dropped) by the 'error' listener.
          if (current !== client) return;
          report(
            isQueryTimeout(error)
              ? new Error(`no answer to the heartbeat in ${timeouts.heartbeatMs} ms`)
              : (error as Error),
            'listen',
          );
          lost(client);
        },
      )
      .finally(() => {
        beating = false;
      });
  }, timeouts.heartbeatMs);
  heartbeat.unref();

  try {
    await connect();
  } catch (error) {
    clearInterval(heartbeat);
    throw error;
  }
  return async () => {
    stopped = true;
    clearTimeout(retry);
    clearInterval(heartbeat);
    const client = current;
    current = undefined;
    if (client) await endWithin(client, timeouts.connectMs);
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

/**
 * `queryRows` as a named prepared statement, for a read that runs on most page loads and whose
 * text comes in a few fixed shapes (its values are parameters). PostgreSQL parses and plans it once
 * per connection; after five runs it keeps a generic plan when that is estimated to cost no more
 * than planning each time (`plan_cache_mode`). The name is the text's hash, so one text is one
 * statement. Each statement holds about 0.2–0.7 MB of the connection's memory on the server for
 * the connection's life: never for text that varies with input (a search, a filter), and only for
 * a read whose plan is the same for a large and a small member (a walk of an index in order).
 * PGlite has no statement names and runs it as `queryRows` does.
 */
export async function queryRowsPrepared<T>(db: Executor, query: SQL): Promise<T[]> {
  const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
  const built = dialect.sqlToQuery(query);
  const name = `q_${createHash('sha1').update(built.sql).digest('hex').slice(0, 24)}`;
  const result = (await session.prepareQuery(built, undefined, name, false).execute()) as { rows?: unknown[] };
  return (result.rows ?? []) as T[];
}
