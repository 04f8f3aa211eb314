import { formatWireMoney } from '@mutual/shared';

/** One line of an entry's before → after: a field staff can read, with each side as text. */
export interface AuditChange {
  key: string;
  label: string;
  /**
   * Null when the side has no such field (a hold placed has no "before"; what a returned deposit
   * took back is only in "after"): the line then shows the other side as a plain value.
   */
  from: string | null;
  to: string | null;
}

export interface AuditChangeSummary {
  /** Fields whose value changed (or appeared, or went). */
  changes: AuditChange[];
  /**
   * Fields that say what was acted on, ids left out unless named: unchanged ones ("Type:
   * Checking") and those only the "before" record has (a reversed transaction's "Amount: $200.00").
   */
  context: AuditChange[];
  /** True when something was too big to show in a line (a list of rows): the full record helps. */
  summarised: boolean;
}

type Flat = Map<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/**
 * Money goes on the wire as a decimal string with two places ("240.00", `centsToDecimal`), whatever
 * the field is called (amount, owed, takenBack, dailyAtm…), and nothing else the log records
 * looks like that; a rate, should one be recorded, is the exception by its name.
 */
const MONEY = /^-?\d+\.\d{2}$/;
const RATE_KEY = /rate|apy|apr|percent/i;

/** Nested objects become dotted keys (`balances.Checking`), a few levels deep. */
function flatten(value: unknown, prefix = '', depth = 0, into: Flat = new Map()): Flat {
  if (isRecord(value) && depth < 3) {
    for (const [key, inner] of Object.entries(value))
      flatten(inner, prefix ? `${prefix}.${key}` : key, depth + 1, into);
  } else if (prefix) {
    into.set(prefix, value);
  } else if (value !== null && value !== undefined) {
    into.set('value', value);
  }
  return into;
}

/**
 * A key's words: camel case split at each word and acronym ("failedInARow" → failed, In, A, Row;
 * "dailyATMLimit" → daily, ATM, Limit), digits apart ("last4" → last, 4), underscores as spaces.
 */
function wordsOf(part: string): string[] {
  return part.split('_').flatMap((chunk) => chunk.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []);
}

/**
 * "liftReason" → "Lift reason"; "failedInARow" → "Failed in a row"; "dailyATM" → "Daily ATM";
 * "balances.Checking" → "Balances · Checking". A part that starts with a capital is a name (an
 * account type) and stays as it is; an acronym keeps its capitals.
 */
export function fieldLabel(key: string): string {
  return key
    .split('.')
    .map((part) => {
      if (/^[A-Z]/.test(part)) return part;
      const words = wordsOf(part).map((word) =>
        word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase(),
      );
      const text = words.join(' ');
      return text.charAt(0).toUpperCase() + text.slice(1);
    })
    .join(' · ');
}

/** What the ids of an entry name (`AuditEntry.names`): a name, or null for one no longer there. */
export type AuditNames = Record<string, string | null>;

const isId = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/**
 * An id as a person reads it: its name (from `names`, looked up by the API); "(removed)" with a
 * short reference when what it named is gone; a short reference alone for a kind the log does not
 * name (a transfer's id). Never the bare id.
 */
export function idText(id: string, names: AuditNames = {}): string {
  const name = names[id.toLowerCase()];
  const short = `#${id.slice(0, 8).toLowerCase()}`;
  if (typeof name === 'string') return name;
  return name === null ? `(removed) ${short}` : short;
}

/**
 * What a field holding an id shows, or null when it holds none: a uuid by `idText`; another id
 * ("billerId": "demo-electric") by its name when the API gave one, else as it is.
 */
function refText(key: string, value: unknown, names: AuditNames): string | null {
  if (isId(value)) return idText(value, names);
  if (typeof value !== 'string' || !/Id$/.test(key)) return null;
  const name = names[value.toLowerCase()];
  return typeof name === 'string' ? name : null;
}

/** A field holding an id is labelled by what it names: "payeeId" → "Payee", "recipientUserId" → "Recipient". */
function labelFor(key: string, value: unknown, names: AuditNames): string {
  if (refText(key, value, names) === null) return fieldLabel(key);
  const parts = key.split('.');
  const last = parts.pop() ?? key;
  const named = last.replace(/(User)?Id$/, '') || 'user';
  return fieldLabel([...parts, named].join('.'));
}

/** A value as a person reads it: money as money, yes/no, a list by its size, an id by its name. */
export function showValue(key: string, value: unknown, names: AuditNames = {}): { text: string; summarised: boolean } {
  if (value === null || value === undefined || value === '') return { text: '—', summarised: false };
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No', summarised: false };
  const ref = refText(key, value, names);
  if (ref !== null) return { text: ref, summarised: false };
  if (typeof value === 'string')
    return { text: MONEY.test(value) && !RATE_KEY.test(key) ? formatWireMoney(value) : value, summarised: false };
  if (typeof value === 'number') return { text: String(value), summarised: false };
  if (Array.isArray(value))
    return { text: value.length === 1 ? '1 item' : `${value.length} items`, summarised: value.length > 0 };
  return { text: JSON.stringify(value), summarised: true };
}

/**
 * What an entry changed: only fields whose value differs between before and after, plus the
 * unchanged ones that name what was acted on. `reasonKey` (shown on its own line) is left out.
 * A field only one record has was not changed: the records just describe different things (the
 * transaction reversed, what the return took back). It shows as a value, never as "→ —", which
 * would read as erased; "—" stays for a field set to nothing. An id shows as what it names
 * (`names`, the entry's), and goes unmentioned in the context when it names nothing known.
 */
export function summariseChanges(
  before: unknown,
  after: unknown,
  reasonKey: string | null,
  names: AuditNames = {},
): AuditChangeSummary {
  const b = flatten(before);
  const a = flatten(after);
  if (reasonKey) a.delete(reasonKey);
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  const keys = [...new Set([...b.keys(), ...a.keys()])];
  const changes: AuditChange[] = [];
  const context: AuditChange[] = [];
  const unnamedId = (value: unknown) => isId(value) && typeof names[value.toLowerCase()] !== 'string';
  let summarised = false;
  for (const key of keys) {
    const onlyBefore = hasAfter && !a.has(key);
    const onlyAfter = hasBefore && !b.has(key);
    const from = hasBefore && !onlyAfter ? showValue(key, b.get(key), names) : null;
    const to = hasAfter && !onlyBefore ? showValue(key, a.get(key), names) : null;
    summarised ||= Boolean(from?.summarised || to?.summarised);
    const label = labelFor(key, a.has(key) ? a.get(key) : b.get(key), names);
    const change = { key, label, from: from?.text ?? null, to: to?.text ?? null };
    if (onlyBefore) {
      if (change.from !== '—' && !unnamedId(b.get(key))) context.push(change);
      continue;
    }
    const same = b.has(key) && a.has(key) && JSON.stringify(b.get(key)) === JSON.stringify(a.get(key));
    // Nothing a person could see changed (null before, nothing after; a new field set to
    // nothing): not worth a line.
    const looksSame = change.from === change.to || (onlyAfter && change.to === '—');
    if (!same && !looksSame) changes.push(change);
    else if (typeof a.get(key) === 'string' && !unnamedId(a.get(key))) context.push(change);
  }
  return { changes, context, summarised };
}

/** Which field of `after` holds the reason (the same rule as the API's `auditReason`). */
export function reasonKeyOf(after: unknown): string | null {
  if (!isRecord(after)) return null;
  return (
    Object.keys(after).find(
      (name) => (name === 'reason' || name.endsWith('Reason')) && typeof after[name] === 'string',
    ) ?? null
  );
}
