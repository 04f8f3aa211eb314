import { formatWireMoney } from '@mutual/shared';

/** One line of an entry's before → after: a field staff can read, with each side as text. */
export interface AuditChange {
  key: string;
  label: string;
  /** Null when the side has no such field (a hold placed has no "before"). */
  from: string | null;
  to: string | null;
}

export interface AuditChangeSummary {
  /** Fields whose value changed (or appeared, or went). */
  changes: AuditChange[];
  /** Unchanged fields that say what was acted on ("Type: Checking"), ids left out. */
  context: AuditChange[];
  /** True when something was too big to show in a line (a list of rows): the full record helps. */
  summarised: boolean;
}

type Flat = Map<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MONEY_KEY = /balance|amount|available|total|fee/i;
const DECIMAL = /^-?\d+\.\d{2}$/;

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
    return { text: MONEY_KEY.test(key) && DECIMAL.test(value) ? formatWireMoney(value) : value, summarised: false };
  if (typeof value === 'number') return { text: String(value), summarised: false };
  if (Array.isArray(value))
    return { text: value.length === 1 ? '1 item' : `${value.length} items`, summarised: value.length > 0 };
  return { text: JSON.stringify(value), summarised: true };
}

/**
 * What an entry changed: only fields whose value differs between before and after, plus the
 * unchanged ones that name what was acted on. `reasonKey` (shown on its own line) is left out.
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
    const from = hasBefore ? showValue(key, b.get(key)) : null;
    const to = hasAfter ? showValue(key, a.get(key)) : null;
    summarised ||= Boolean(from?.summarised || to?.summarised);
    const change = { key, label: fieldLabel(key), from: from?.text ?? null, to: to?.text ?? null };
    const same = b.has(key) && a.has(key) && JSON.stringify(b.get(key)) === JSON.stringify(a.get(key));
    // Nothing a person could see changed (null before, nothing after): not worth a line.
    const looksSame = change.from !== null && change.to !== null && change.from === change.to;
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
