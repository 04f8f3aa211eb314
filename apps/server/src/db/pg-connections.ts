import pg from 'pg';
import { markDriverError } from './errors';

/**
 * How long the app waits on PostgreSQL before it counts the database as away (config.ts:
 * DATABASE_CONNECT_TIMEOUT_SECONDS, DATABASE_QUERY_TIMEOUT_SECONDS, DATABASE_HEARTBEAT_SECONDS).
 * A restart closes its sockets and is noticed at once; a failover, a cut network or a host that
 * stops answering closes nothing, and without these a query on such a connection waits for TCP to
 * give up (about 15 minutes) and an idle LISTEN connection is never found dead at all.
 */
export interface PostgresTimeouts {
  /** Making a connection, and waiting for a free one of the pool. */
  connectMs: number;
  /**
   * One query's answer on a connection of the pool (the job queue's too) and one live-event send.
   * Client-side (node-postgres `query_timeout`), so it holds when the server cannot be reached;
   * not PostgreSQL's `statement_timeout`, which a silent server never applies. Every statement of
   * a request, a statement run, an export page or a job is one short query; migrations, the only
   * long statements, run on their own connection without this bound.
   */
  queryMs: number;
  /** Between the LISTEN connection's `select 1`; one unanswered by the next beat drops it. */
  heartbeatMs: number;
}

export const defaultPostgresTimeouts: PostgresTimeouts = { connectMs: 5_000, queryMs: 30_000, heartbeatMs: 15_000 };

/**
 * TCP keepalive on every connection: an idle socket to a host that vanished is found dead by the
 * kernel (the first probe after 10 s idle) instead of after the system's two hours.
 */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * What every connection asks of PostgreSQL when it opens: no JIT compilation. PostgreSQL compiles a
 * query whose estimated cost passes `jit_above_cost` (100,000); compiling takes tens of
 * milliseconds (90 ms measured, for a search that ran in 30) and pays off only for queries that run
 * for seconds. The portal's run for milliseconds, and an overestimate — an account the planner
 * thinks shorter than a read of it, or the export's batches — passed the threshold. An `options`
 * parameter in DATABASE_URL replaces this (`?options=-c%20jit%3Don` turns JIT back on). See
 * docs/decisions/2026-12-01-search-walk-and-no-jit.md.
 */
const SESSION_OPTIONS = '-c jit=off';

/** A connection's settings; `query_timeout` only where every query is short. */
export function connectionConfig(url: string, timeouts: PostgresTimeouts, boundQueries: boolean): pg.ClientConfig {
  return {
    connectionString: url,
    options: SESSION_OPTIONS,
    connectionTimeoutMillis: timeouts.connectMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    ...(boundQueries && { query_timeout: timeouts.queryMs }),
  };
}

export function isQueryTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

type Method = (...args: unknown[]) => unknown;

/**
 * Calls `method` (callback or promise style, as node-postgres allows) and tells `onError` of its
 * failure before its caller hears of it.
 */
function intercepted(method: Method, args: unknown[], onError: (error: unknown) => void): unknown {
  const callback = args.at(-1);
  if (typeof callback === 'function') {
    return method(...args.slice(0, -1), (error: unknown, ...rest: unknown[]) => {
      if (error) onError(error);
      return (callback as Method)(error, ...rest);
    });
  }
  const result = method(...args);
  if (!(result instanceof Promise)) return result;
  return result.catch((error: unknown) => {
    onError(error);
    throw error;
  });
}

/**
 * node-postgres's `Client` for the app's pool (`pg.Pool({ Client })`):
 * - what it raises is marked as the driver's (`markDriverError`), so its refused or reset socket
 *   is a database outage (503) while the same code from a request's own body stream is not;
 * - a query that timed out (`query_timeout`) ends its connection at once. node-postgres leaves such
 *   a connection waiting for the answer: the transaction's ROLLBACK would queue behind it for
 *   another full timeout and the pool would then hand it out again. Ended, the ROLLBACK fails at
 *   once and the next request gets a fresh connection (the new primary after a failover).
 *   `onQueryTimeout` is told, for the log;
 * - a connection that dies while checked out (timed out, reset, terminated) is given back to the
 *   pool at once, which drops it. Drizzle's `transaction()` runs BEGIN before its try/finally, so
 *   a BEGIN that fails never releases its connection: without this, each BEGIN on a silent
 *   connection would keep one of the pool's ten for good, and once all were gone every request
 *   would wait for a connection that never comes. Giving back twice is therefore harmless here.
 */
export function poolClientClass(onQueryTimeout: (error: Error) => void): typeof pg.Client {
  return class PoolConnection extends pg.Client {
    constructor(config?: string | pg.ClientConfig) {
      super(config);
      // The pool sets `release` each time it hands the connection out; called once, it is spent.
      let giveBack: ((error?: Error | boolean) => void) | undefined;
      Object.defineProperty(this, 'release', {
        configurable: true,
        get: () => (error?: Error | boolean) => {
          const release = giveBack;
          giveBack = undefined;
          release?.(error);
        },
        set: (release: (error?: Error | boolean) => void) => {
          giveBack = release;
        },
      });
      const died = (error: Error) => {
        if (giveBack) (this as unknown as pg.PoolClient).release(error);
      };
      this.on('error', died);
      this.on('end', () => died(new Error('Connection terminated')));

      const query = this.query.bind(this) as Method;
      const connect = this.connect.bind(this) as Method;
      const queryFailed = (error: unknown) => {
        markDriverError(error);
        if (!isQueryTimeout(error)) return;
        onQueryTimeout(error as Error);
        // With the query in flight, `end` destroys the socket rather than wait on a silent host.
        void this.end().catch(() => undefined);
        died(error as Error);
      };
      Object.assign(this, {
        query: (...args: unknown[]) => intercepted(query, args, queryFailed),
        connect: (...args: unknown[]) => intercepted(connect, args, markDriverError),
      });
    }
  };
}

/**
 * Ends a connection, and destroys its socket if the server has not answered the goodbye within
 * `ms`: a silent host never does, and `end()` would wait for it for ever (at shutdown, say).
 */
export async function endWithin(client: pg.Client, ms: number): Promise<void> {
  const timer = setTimeout(() => destroySocket(client), ms);
  try {
    await client.end();
  } catch {
    // Already ended or broken: nothing left to close.
  } finally {
    clearTimeout(timer);
  }
}

/** node-postgres has no public way to drop an idle connection at once; pg-pool does it this way too. */
export function destroySocket(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream?.destroy();
}
