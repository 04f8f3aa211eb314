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
   * Fields that say what was acted on, ids left out: unchanged ones ("Type: Checking") and those
   * only the "before" record has (a reversed transaction's "Amount: $200.00").
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

/** "liftReason" → "Lift reason"; "balances.Checking" → "Balances · Checking". */
export function fieldLabel(key: string): string {
  return key
    .split('.')
    .map((part) => {
      const words = part
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replaceAll('_', ' ')
        .toLowerCase();
      return /^[A-Z]/.test(part) ? part : words.charAt(0).toUpperCase() + words.slice(1);
    })
    .join(' · ');
}

/** A value as a person reads it: money as money, yes/no, a list by its size. */
export function showValue(key: string, value: unknown): { text: string; summarised: boolean } {
  if (value === null || value === undefined || value === '') return { text: '—', summarised: false };
  if (typeof value === 'boolean') return { text: value ? 'Yes' : 'No', summarised: false };
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
 * would read as erased; "—" stays for a field set to nothing.
 */
export function summariseChanges(before: unknown, after: unknown, reasonKey: string | null): AuditChangeSummary {
  const b = flatten(before);
  const a = flatten(after);
  if (reasonKey) a.delete(reasonKey);
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  const keys = [...new Set([...b.keys(), ...a.keys()])];
  const changes: AuditChange[] = [];
  const context: AuditChange[] = [];
  let summarised = false;
  for (const key of keys) {
    const onlyBefore = hasAfter && !a.has(key);
    const onlyAfter = hasBefore && !b.has(key);
    const from = hasBefore && !onlyAfter ? showValue(key, b.get(key)) : null;
    const to = hasAfter && !onlyBefore ? showValue(key, a.get(key)) : null;
    summarised ||= Boolean(from?.summarised || to?.summarised);
    const change = { key, label: fieldLabel(key), from: from?.text ?? null, to: to?.text ?? null };
    if (onlyBefore) {
      const value = b.get(key);
      if (change.from !== '—' && !(typeof value === 'string' && UUID.test(value))) context.push(change);
      continue;
    }
    const same = b.has(key) && a.has(key) && JSON.stringify(b.get(key)) === JSON.stringify(a.get(key));
    // Nothing a person could see changed (null before, nothing after; a new field set to
    // nothing): not worth a line.
    const looksSame = change.from === change.to || (onlyAfter && change.to === '—');
    if (!same && !looksSame) changes.push(change);
    else if (typeof a.get(key) === 'string' && !UUID.test(String(a.get(key)))) context.push(change);
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
