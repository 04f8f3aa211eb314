/**
 * The SQLSTATE of a database error, wherever the driver or Drizzle put it (Drizzle wraps driver
 * errors in a `cause` chain; node-postgres and PGlite both carry `code`).
 */
export function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Deadlock detected, serialization failure: the transaction may simply be run again. */
const retryable = new Set(['40P01', '40001']);

/**
 * Runs `work` (a whole transaction) again when PostgreSQL aborted it for a deadlock or a
 * serialization failure, a few times with a short random pause, so such a conflict never
 * reaches a member as an error.
 */
export async function withRetry<T>(work: () => Promise<T>, attempts = 5, alsoRetry?: ReadonlySet<string>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      const state = sqlState(error);
      if (attempt >= attempts || !state || !(retryable.has(state) || alsoRetry?.has(state))) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

/**
 * Errors raised by the database driver (node-postgres) or the Redis client, marked where they
 * leave it (`db/pg-connections.ts`, `http/rate-limit-store.ts`). A socket error's code alone does
 * not say whose socket it was: the request's own body stream fails with `ECONNRESET` ("aborted")
 * when a phone loses signal mid-upload, and that is no database outage.
 */
const driverErrors = new WeakSet<object>();

export function markDriverError(error: unknown): void {
  if (error !== null && typeof error === 'object') driverErrors.add(error);
}

/**
 * SQLSTATEs and errors that mean the database is out of reach, not that the statement was wrong:
 * connection exceptions (class 08), an administrator or crash shutdown, a server still starting,
 * no connection slot, a query that got no answer in time (DATABASE_QUERY_TIMEOUT_SECONDS: a host
 * gone silent) — or the Redis holding shared rate limits is away. The request did nothing that was
 * acknowledged; try again later. A refused or reset socket counts only when the driver raised it.
 */
const unavailableStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
]);
const unavailableMessages = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Client was closed and is not queryable',
  'Cannot use a pool after calling end',
  // node-postgres's `query_timeout`: the database did not answer in time (the connection is closed).
  'Query read timeout',
  // ioredis, when the Redis that holds the shared rate limits is away.
  "Stream isn't writeable",
  'Connection is closed.',
  'Reached the max retries per request limit',
  'Command timed out',
];

/** The error and its causes, outermost first (Drizzle wraps the driver's error in `cause`). */
function causeChain(error: unknown): object[] {
  const chain: object[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

export function isDatabaseUnavailable(error: unknown, raisedByDriver = false): boolean {
  const state = sqlState(error);
  if (state && (state.startsWith('08') || unavailableStates.has(state))) return true;
  const chain = causeChain(error);
  const fromDriver = raisedByDriver || chain.some((link) => driverErrors.has(link));
  for (const link of chain) {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (fromDriver && typeof code === 'string' && unavailableSocketCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableMessages.some((text) => message.includes(text))) return true;
    // Several causes at once (a refused IPv4 and IPv6 connection arrive as an AggregateError).
    if (link instanceof AggregateError && link.errors.some((each) => isDatabaseUnavailable(each, fromDriver)))
      return true;
  }
  return false;
}
