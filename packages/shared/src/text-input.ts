import { messages } from './messages';

/**
 * Characters that are not text are refused in all text input, in one place (the server's input
 * guard, `apps/server/src/http/input-guard.ts`; the web's tests answer as it does). PostgreSQL
 * cannot store NUL at all (the query failed with a 500, and its parameters went to the log); the
 * others are invisible, break CSV and fixed-width exports, or make one value read as another in
 * what other members and staff see:
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

/**
 * Tab, line feed and carriage return are text only where the web writes it in a text area (the
 * endpoint's `multiLine`): in a one-line value a line break makes one record read as two in an
 * export, and a tab shifts a tab-separated one.
 */
const LINE_BREAK_OR_TAB = /[\t\n\r]/;

export const hasControlCharacter = (text: string) => NOT_TEXT.test(text);

export const hasLineBreakOrTab = (text: string) => LINE_BREAK_OR_TAB.test(text);

/** A field refused, named as the API names fields, with the message to show under it. */
export interface RefusedText {
  field: string;
  message: string;
}

/**
 * The first field of `value` (a parsed JSON body, a query or the path's params) that cannot be
 * taken: a control character in its text or its name, or a line break or tab in its name or in
 * the text of a field that `multiLine` does not list. Fields are named as the API's errors name
 * them, `address.street`, `rows.0.amount`; `whole` when it is `value` itself or one of its
 * top-level names. `undefined` when all is clean.
 */
export function refusedTextField(
  value: unknown,
  { whole = 'body', multiLine = [] }: { whole?: string; multiLine?: readonly string[] } = {},
): RefusedText | undefined {
  const refusal = (text: string, path: string, lines: boolean): RefusedText | undefined => {
    if (hasControlCharacter(text)) return { field: path || whole, message: messages.generic.controlCharacter };
    if (!lines && hasLineBreakOrTab(text)) return { field: path || whole, message: messages.generic.singleLine };
    return undefined;
  };
  const find = (item: unknown, path: string): RefusedText | undefined => {
    if (typeof item === 'string') return refusal(item, path, path !== '' && multiLine.includes(path));
    const entries = Array.isArray(item)
      ? item.map((element, index) => [String(index), element] as const)
      : typeof item === 'object' && item !== null
        ? Object.entries(item)
        : [];
    for (const [key, element] of entries) {
      const found = refusal(key, path, false) ?? find(element, path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return undefined;
  };
  return find(value, '');
}
