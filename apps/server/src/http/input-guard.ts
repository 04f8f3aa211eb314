import { type ApiError, messages } from '@mutual/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Characters that are not text are refused in all text input, in one place. PostgreSQL cannot
 * store NUL at all (the query failed with a 500, and its parameters went to the log); the others
 * are invisible, break CSV and fixed-width exports, or make one value read as another in what
 * other members and staff see:
 * - C0 controls U+0000–U+001F except tab, line feed and carriage return; DEL; C1 controls
 *   U+0080–U+009F (U+009B is a terminal's escape);
 * - the bidirectional controls that reorder what is shown (U+061C, U+200E–U+200F, U+202A–U+202E,
 *   U+2066–U+2069): "Ban\u202Egor" is stored one way and read another;
 * - invisible spaces and marks that split a word without showing (U+200B, U+2060, U+FEFF), and the
 *   line and paragraph separators U+2028–U+2029;
 * - a lone UTF-16 surrogate, which is no character at all (it would be stored as U+FFFD).
 * The joiners U+200C–U+200D stay: scripts and emoji need them.
 */
const NOT_TEXT = new RegExp(
  [
    '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]',
    '[\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]',
    '[\\u200B\\u2060\\uFEFF\\u2028\\u2029]',
    '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])',
    '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]',
  ].join('|'),
);

export const hasControlCharacter = (text: string) => NOT_TEXT.test(text);

/**
 * The first field of `value` (a parsed JSON body, a query or the path's params) whose text or name
 * holds a control character, named as the error handler names fields: `address.street`,
 * `rows.0.amount`; `whole` when it is `value` itself or one of its top-level names. `undefined`
 * when all is clean.
 */
export function controlCharacterField(value: unknown, whole = 'body'): string | undefined {
  const found = find(value, '');
  return found === undefined ? undefined : found || whole;
}

function find(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return hasControlCharacter(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = find(item, join(path, String(index)));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) return path;
      const found = find(item, join(path, key));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The refusal: 400 VALIDATION_FAILED naming the field, like any other validation failure. */
export function controlCharacterRefusal(field: string): ApiError {
  const message = messages.generic.controlCharacter;
  return { code: 'VALIDATION_FAILED', message, fields: { [field]: message } };
}

async function refuseControlCharacters(request: FastifyRequest, reply: FastifyReply) {
  const field =
    controlCharacterField(request.params, 'path') ??
    controlCharacterField(request.query, 'query') ??
    controlCharacterField(request.body);
  if (field) return reply.status(400).send(controlCharacterRefusal(field));
}

/**
 * Registers the check for every route (call before any route is added). It runs first in
 * preValidation, before a route's guard, as a body that is not JSON is refused before the guard:
 * the request is malformed whoever sends it. Multipart text parts are streamed to the route, which
 * checks them as it reads them (`http/multipart.ts`).
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', refuseControlCharacters);
}
