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
