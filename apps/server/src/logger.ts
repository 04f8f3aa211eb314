import pino from 'pino';
import type { Config } from './config';

/**
 * What never reaches a log line. Any value under one of these keys, at any depth of what is
 * logged, becomes "[redacted]" (keys compared without case, `-` or `_`: `set-cookie`,
 * `date_of_birth`). Keys that end in password, hash, secret or token are redacted too
 * (`passwordHash`, `codeHash`, `totpSecret`, `sessionToken`).
 *
 * `code` is on the list (sign-in, transfer and backup codes); an error's own `code`
 * (ECONNREFUSED, a SQLSTATE) is kept, because errors go through `safeError` instead. `query`,
 * `params` and `values` are a failed query's text and parameters (or a request's query string)
 * wherever they are passed on.
 */
export const redactedKeys = [
  'password',
  'passwordHash',
  'hash',
  'code',
  'otp',
  'token',
  'secret',
  'dateOfBirth',
  'dob',
  'idNumber',
  'idCardNumber',
  'ssn',
  'accountNumber',
  'iban',
  'cardNumber',
  'pin',
  'confirmPin',
  'cvv',
  'numberSealed',
  'authorization',
  'cookie',
  'set-cookie',
  'query',
  'params',
  'values',
] as const;

const redactedSuffixes = ['password', 'hash', 'secret', 'token'];

export const CENSOR = '[redacted]';
const normalise = (key: string) => key.toLowerCase().replace(/[-_]/g, '');
const exactKeys = new Set(redactedKeys.map(normalise));
const isRedactedKey = (key: string) => {
  const name = normalise(key);
  return exactKeys.has(name) || redactedSuffixes.some((suffix) => name.endsWith(suffix));
};

/**
 * An error as it is logged: only these of its fields (and of its causes'), never the rest. A
 * failed query's error carries the statement's text and parameters (`query`, `params`, and in
 * the message), PostgreSQL's `detail` quotes the row ("Key (email)=(…) already exists"), and
 * `where` or `internalQuery` may hold values too.
 */
const keptErrorFields = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'schema',
  'table',
  'column',
  'constraint',
  'dataType',
] as const;

/**
 * A message as it may be logged: Drizzle's "Failed query: <sql>\nparams: <values>" loses both,
 * PostgreSQL's `…: "<the value>"` at a line's end loses the value, and a path loses its query.
 */
export function scrubText(message: string): string {
  return message
    .replace(/^Failed query: [\s\S]*$/, 'Failed query (its text and parameters are not logged)')
    .replace(/(: )"[^"\n]*"$/gm, `$1"${CENSOR}"`)
    .replace(/(\/[^\s"'?]*)\?[^\s"']*/g, '$1');
}

interface SafeError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

/** An error, its causes and any errors it aggregates, with nothing but `keptErrorFields` and scrubbed messages. */
export function safeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > 3) return error instanceof Error ? { type: error.name } : error;
  const message = scrubText(error.message);
  // The stack begins with the message: it is written again from the scrubbed one.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const safe: SafeError = {
    type: error.constructor.name || error.name,
    message,
    stack: [`${error.name}: ${message}`, ...frames].join('\n'),
  };
  for (const field of keptErrorFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' || typeof value === 'number') safe[field] = value;
  }
  if (error.cause !== undefined) safe.cause = safeError(error.cause, depth + 1);
  if (error instanceof AggregateError) safe.errors = error.errors.map((inner) => safeError(inner, depth + 1));
  return safe;
}

/**
 * A copy of a log line's data with every redacted key censored, every error made safe and every
 * text scrubbed (`reason: error.message` included), at any depth. Only plain objects and arrays
 * are walked: a request or reply object is left to its serializer below.
 */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value instanceof Error) return safeError(value);
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  if (Array.isArray(value)) {
    seen.add(value);
    return value.map((item) => redact(item, seen));
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  seen.add(value);
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = isRedactedKey(key) ? CENSOR : redact(item, seen);
  return copy;
}

/** The path of a URL without its query string, which may carry an e-mail or a search. */
export const pathOnly = (url: string | undefined) => (url ?? '').split('?')[0];

interface LoggedRequest {
  method: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export const serializers = {
  err: safeError,
  // Fastify's "incoming request": without the query string, never headers or body.
  req: (request: LoggedRequest) => ({
    method: request.method,
    url: pathOnly(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
};

/**
 * Every message string is scrubbed too; pino would otherwise take an error's raw message as the
 * line's message (`log.error(err)`, `log.error({ err })`).
 */
function logMethod(this: pino.Logger, args: unknown[], method: pino.LogFn) {
  const [first, ...rest] = args;
  const scrubbed = rest.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg));
  if (typeof first === 'string') return method.apply(this, [scrubText(first), ...scrubbed] as [string]);
  const err = first instanceof Error ? first : (first as { err?: unknown } | null)?.err;
  const object = first instanceof Error ? { err: first } : first;
  if (err instanceof Error && typeof scrubbed[0] !== 'string') scrubbed.unshift(scrubText(err.message));
  return method.apply(this, [object, ...scrubbed] as [object, string]);
}

export function createLogger(config: Pick<Config, 'logLevel' | 'env'>, destination?: pino.DestinationStream) {
  return pino(
    {
      level: config.env === 'test' ? 'silent' : config.logLevel,
      serializers,
      formatters: { log: (object) => redact(object) as Record<string, unknown> },
      hooks: { logMethod },
      ...(config.env === 'development' && process.stdout.isTTY && !destination
        ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' } } }
        : {}),
    },
    destination,
  );
}
