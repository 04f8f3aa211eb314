import { AppError } from '../../errors';

/**
 * A place in a member's history: the sort key of one transfer (effective date, posting time,
 * transfer id), newest first. The timestamps keep PostgreSQL's microseconds — a JavaScript Date
 * would round them to milliseconds and two rows a few microseconds apart would compare equal.
 * Both rows of a move between the member's own accounts share one key; a page never ends between
 * them (list-transactions.ts), so the key of a transfer is enough.
 *
 * The cursor carries only this key, never a permission: every page is still read from the
 * signed-in member's own accounts, so a cursor made up by hand (or taken from someone else) can
 * only move a member within their own history.
 */
export interface HistoryKey {
  /** `2026-03-15T16:00:00.123456Z` */
  effectiveAt: string;
  createdAt: string;
  transferId: string;
}

const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const invalid = 'This page link is not valid. Start again from the newest transactions.';

export function encodeCursor(key: HistoryKey): string {
  return Buffer.from([key.effectiveAt, key.createdAt, key.transferId].join('|')).toString('base64url');
}

/** The key in a cursor, or a 400 naming the field that carried it. */
export function decodeCursor(cursor: string, field: 'olderThan' | 'newerThan'): HistoryKey {
  const [effectiveAt = '', createdAt = '', transferId = '', ...rest] = Buffer.from(cursor, 'base64url')
    .toString('utf8')
    .split('|');
  if (rest.length > 0 || !timestamp.test(effectiveAt) || !timestamp.test(createdAt) || !uuid.test(transferId)) {
    throw new AppError('VALIDATION_FAILED', invalid, { [field]: invalid });
  }
  return { effectiveAt, createdAt, transferId };
}

const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

/** Orders keys newest first, as the database does (the fixed-width UTC text orders like the instants). */
export function compareKeys(a: HistoryKey, b: HistoryKey): number {
  return order(b.effectiveAt, a.effectiveAt) || order(b.createdAt, a.createdAt) || order(b.transferId, a.transferId);
}
