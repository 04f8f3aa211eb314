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
 * SQLSTATEs and socket errors that mean the database is out of reach, not that the statement was
 * wrong: connection exceptions (class 08), an administrator or crash shutdown, a server still
 * starting, no connection slot — or the Redis holding shared rate limits is away. The request
 * did nothing that was acknowledged; try again later.
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
  // ioredis, when the Redis that holds the shared rate limits is away.
  "Stream isn't writeable",
  'Connection is closed.',
  'Reached the max retries per request limit',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state && (state.startsWith('08') || unavailableStates.has(state))) return true;
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && unavailableSocketCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableMessages.some((text) => message.includes(text))) return true;
    // Several causes at once (a refused IPv4 and IPv6 connection arrive as an AggregateError).
    if (current instanceof AggregateError && current.errors.some(isDatabaseUnavailable)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
