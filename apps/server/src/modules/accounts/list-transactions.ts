import {
  centsToDecimal,
  type HistoryAccountType,
  historyAccountTypes,
  type Transaction,
  type TransactionCategory,
  type TransactionPage,
  type TransactionStatus,
} from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows, queryRowsPrepared } from '../../db/client';
import { compareKeys, decodeCursor, encodeCursor, type HistoryKey } from './history-cursor';
import {
  historyReads,
  historyRowsSql,
  unfiltered,
  type HistoryRow,
  type TransactionFilters,
  type TransactionQuery,
  type Window,
} from './history-sql';

export type { TransactionFilters, TransactionQuery } from './history-sql';

/**
 * A member's transactions: every `single`, `pending` or `failed` ledger transfer touching one of
 * their accounts, seen from that account, newest effective date first. A pending transfer's status
 * follows its resolution (posted → Completed; voided or expired → Failed, with the reason; voided
 * by the member themself — a bill payment they cancelled — Cancelled, with the reason).
 *
 * Pages are keyset pages (history-cursor.ts): each costs the same at any depth, and rows arriving
 * meanwhile never shift one onto a second page. There is no total — counting a long history for
 * every page would cost more than the page; the answer only says whether there are older or
 * newer rows.
 */
export async function listTransactions(
  db: Executor,
  userId: string,
  query: TransactionQuery,
  timeZone: string,
): Promise<TransactionPage> {
  const { olderThan, newerThan, pageSize, ...filters } = query;
  const accounts = await memberAccounts(db, userId, filters.account);
  const direction = newerThan ? 'newer' : 'older';
  const beyond = newerThan
    ? decodeCursor(newerThan, 'newerThan')
    : olderThan
      ? decodeCursor(olderThan, 'olderThan')
      : undefined;
  const { rows, more } = await readPage(db, accounts, filters, timeZone, { direction, beyond, limit: pageSize });
  const first = rows[0];
  const last = rows[rows.length - 1];
  const anyBeyond = async (row: HistoryRow, towards: 'older' | 'newer') =>
    (await readPage(db, accounts, filters, timeZone, { direction: towards, beyond: keyOf(row), limit: 1 })).rows
      .length > 0;
  const newer = first && (direction === 'newer' ? more : beyond !== undefined && (await anyBeyond(first, 'newer')));
  const older = last && (direction === 'older' ? more : await anyBeyond(last, 'older'));
  return {
    items: rows.map((row) => toTransaction(row, accounts)),
    pageSize,
    older: older && last ? encodeCursor(keyOf(last)) : null,
    newer: newer && first ? encodeCursor(keyOf(first)) : null,
  };
}

export interface MemberAccount {
  id: string;
  type: HistoryAccountType;
  /** The account number's last four digits; a credit card's line has no number: its card's. */
  last4: string;
}

/**
 * The member's own accounts a history reads (`historyAccountTypes`), or the one of that type:
 * Checking, Savings and a credit card's line. Only ever the signed-in member's: a filter names a
 * type, never an account. A credit card's line is named by its card in use (else the newest), as
 * Transfers names it: "Credit Card ••6307" (the cards table is read for that one column).
 */
export async function memberAccounts(
  db: Executor,
  userId: string,
  type?: HistoryAccountType,
): Promise<MemberAccount[]> {
  const rows = await queryRows<{ id: string; type: HistoryAccountType; last4: string | null }>(
    db,
    sql`select a.id, a.type, coalesce(right(a.account_number, 4), (select c.last4 from cards c
        where c.account_id = a.id and c.user_id = a.user_id
        order by c.status = 'closed', c.issued_at desc limit 1)) as last4
      from ledger_accounts a
      where a.user_id = ${userId} and a.type in (${sql.join(
        (type ? [type] : historyAccountTypes).map((t) => sql`${t}`),
        sql`, `,
      )})
      order by a.id`,
  );
  return rows.map((row) => ({ id: row.id, type: row.type, last4: row.last4 ?? '' }));
}

/**
 * Up to `limit` rows beyond the window's cursor, in display order (newest first; of a move between
 * the member's own accounts, the credit first, as before keyset paging), and whether more lie
 * beyond them. A page never ends between the two rows of one transfer: the cursor is a transfer's
 * key, so the page takes both.
 */
async function readPage(
  db: Executor,
  accounts: MemberAccount[],
  filters: TransactionFilters,
  timeZone: string,
  window: Window,
) {
  if (accounts.length === 0) return { rows: [], more: false };
  const query = historyRowsSql(historyReads(accounts, filters), filters, timeZone, {
    ...window,
    limit: window.limit + 2,
  });
  // An unfiltered read is a prepared statement, planned once per connection (see `unfiltered`).
  const fetched = await (unfiltered(filters) ? queryRowsPrepared : queryRows)<HistoryRow>(db, query);
  let taken = Math.min(window.limit, fetched.length);
  if (taken > 0 && fetched[taken]?.transfer_id === fetched[taken - 1]?.transfer_id) taken += 1;
  const rows = fetched
    .slice(0, taken)
    .sort((a, b) => compareKeys(keyOf(a), keyOf(b)) || (a.side === b.side ? 0 : a.side === 'credit' ? -1 : 1));
  return { rows, more: fetched.length > taken };
}

export const keyOf = (row: HistoryRow): HistoryKey => ({
  effectiveAt: row.effective_key,
  createdAt: row.created_key,
  transferId: row.transfer_id,
});

/** A row as the member reads it. */
export function toTransaction(row: HistoryRow, accounts: MemberAccount[]): Transaction {
  const account = accounts.find((a) => a.id === row.account_id);
  const status = statusOf(row);
  return {
    id: `${row.transfer_id}:${row.side}`,
    transferId: row.transfer_id,
    accountType: account?.type ?? 'Checking',
    accountNumberLast4: account?.last4 ?? '',
    type: row.side,
    amount: centsToDecimal(BigInt(String(row.amount))),
    description: row.description,
    category: row.category as TransactionCategory,
    status,
    statusReason:
      status === 'Cancelled'
        ? row.resolution_reason
        : status === 'Failed'
          ? row.kind === 'failed'
            ? row.reason
            : row.resolution_kind === 'expire'
              ? (row.resolution_reason ?? expired)
              : row.resolution_reason
          : null,
    date: toMilliseconds(row.effective_key),
    postedAt: toMilliseconds(row.created_key),
    reference: row.reference,
    correction: row.reverses_id ? 'reversal' : row.reversed ? 'reversed' : null,
    paymentOrder: Boolean(row.payment_order),
  };
}

const expired = 'The payment expired and the money was released.';

/** `2026-03-15T16:00:00.123456Z` → `2026-03-15T16:00:00.123Z`, as the API has always shown dates. */
const toMilliseconds = (key: string) => `${key.slice(0, 23)}Z`;

function statusOf(row: HistoryRow): TransactionStatus {
  if (row.kind === 'failed') return 'Failed';
  if (row.kind === 'single' || row.resolution_kind === 'post') return 'Completed';
  if (row.resolution_kind === null) return 'Pending';
  return row.resolution_cancelled ? 'Cancelled' : 'Failed';
}
