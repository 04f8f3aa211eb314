import type { transactionQuerySchema } from '@mutual/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { HistoryKey } from './history-cursor';

export type TransactionQuery = z.output<typeof transactionQuerySchema>;
/** A history request's filters: everything but the page (cursor, size). */
export type TransactionFilters = Omit<TransactionQuery, 'olderThan' | 'newerThan' | 'pageSize'>;

/** Which way from the cursor, and how many rows. */
export interface Window {
  direction: 'older' | 'newer';
  beyond?: HistoryKey;
  limit: number;
}

export interface HistoryRow {
  transfer_id: string;
  account_id: string;
  side: 'debit' | 'credit';
  kind: 'single' | 'pending' | 'failed';
  amount: unknown;
  description: string;
  category: string;
  reference: string | null;
  reason: string | null;
  reverses_id: string | null;
  /** The sort key's timestamps as text with microseconds (history-cursor.ts); also the row's dates. */
  effective_key: string;
  created_key: string;
  /** The effective date's calendar day in the credit union's time zone (`YYYY-MM-DD`): the CSV's Date. */
  local_day: string;
  resolution_kind: 'post' | 'void' | 'expire' | null;
  resolution_reason: string | null;
  /** A void the member whose money was held made themself: they cancelled it (a bill payment). */
  resolution_cancelled: boolean | null;
  reversed: boolean;
  payment_order: boolean;
}

type Side = 'debit' | 'credit';

/** One ordered read of the history: an account of the member, as one side of transfers. */
export interface HistoryRead {
  accountId: string;
  side: Side;
}

/** The reads a history with these filters needs: each account as debit and as credit side. */
export function historyReads(accounts: { id: string }[], filters: Pick<TransactionFilters, 'type'>): HistoryRead[] {
  const sides: Side[] = filters.type ? [filters.type] : ['debit', 'credit'];
  return accounts.flatMap((account) => sides.map((side) => ({ accountId: account.id, side })));
}

/**
 * The history's rows beyond a cursor. Each of the member's accounts is read twice — as the debit
 * side and as the credit side of transfers — each read walking an (account, …, effective_at,
 * created_at, id) index in order from the cursor with the filters applied as it goes, and
 * PostgreSQL merges the (up to four) ordered reads (Merge Append). Each read has its own LIMIT, so
 * it is planned for its first rows and walks the index instead of sorting the whole account. A
 * page therefore reads about as many rows as it shows, however deep it is.
 *
 * What would make a read skip most of an account has its own index (migration 0007): a category
 * (account, category, …), pending and failed transfers (partial), words (per-account trigram
 * keys). "Not reversed" is a nested-loop anti-join on the small partial index of reversals, which
 * keeps the order. Details (resolution, reversal, payment order) are looked up for the page's rows
 * only. The rows' running balances are a read of their own (history-balances.ts).
 */
export function historyRowsSql(
  reads: HistoryRead[],
  filters: TransactionFilters,
  timeZone: string,
  window: Window,
): SQL {
  const branches = reads.map((read) => branch(read.accountId, read.side, filters, timeZone, window));
  const dir = window.direction === 'older' ? sql.raw('desc') : sql.raw('asc');
  // One read is already in order (and a second ORDER BY on it is a syntax error); several are merged.
  const [only] = branches;
  const merged =
    branches.length === 1 && only
      ? only
      : sql`${sql.join(branches, sql` union all `)}
          order by effective_at ${dir}, created_at ${dir}, id ${dir} limit ${window.limit}`;
  return sql`
    select p.id as transfer_id, p.account_id, p.side, p.kind, p.amount, p.description, p.category, p.reference,
      p.reason, p.reverses_id,
      to_char(p.effective_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as effective_key,
      to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key,
      to_char(p.effective_at at time zone ${timeZone}, 'YYYY-MM-DD') as local_day,
      r.kind as resolution_kind, r.reason as resolution_reason, r.cancelled as resolution_cancelled,
      z.id is not null as reversed,
      o.id is not null as payment_order
    from (${merged}) p
    -- Each a probe of one small index per row (LIMIT 1 keeps them per row: a join over the
    -- whole pending or payment-order index would cost more than the page).
    -- Only pending transfers have a resolution or a payment order: the test on p.kind gates the
    -- probe, and the hidden corrections need no look-up at all.
    -- A void made by the member whose money was held is one they cancelled (a bill payment); one
    -- made by staff, a job or a processor is a payment that failed.
    left join lateral (select r.id, r.kind, r.reason, ${cancelledBy(sql.raw('r'))} as cancelled
      from ledger_transfers r where p.kind = 'pending' and r.pending_id = p.id limit 1) r on true
    left join lateral (select z.id from ledger_transfers z
      where ${filters.corrections ? sql`true` : sql`false`} and z.reverses_id = coalesce(r.id, p.id)
        and (p.kind = 'single' or r.kind = 'post') limit 1) z on true
    left join lateral (select o.id from payment_orders o
      where p.kind = 'pending' and o.pending_transfer_id = p.id limit 1) o on true
    order by p.effective_at ${dir}, p.created_at ${dir}, p.id ${dir}`;
}

function branch(accountId: string, side: Side, filters: TransactionFilters, timeZone: string, window: Window): SQL {
  const account = side === 'debit' ? sql.raw('t.debit_account_id') : sql.raw('t.credit_account_id');
  const memo = side === 'debit' ? sql.raw('t.debit_memo') : sql.raw('t.credit_memo');
  const columns = sql`t.id, t.kind, t.amount, t.category, t.reference, t.reason, t.reverses_id, t.effective_at,
      t.created_at, ${side}::text as side, ${memo} as description, ${accountId}::uuid as account_id`;
  const keyset: SQL[] = [];
  if (window.beyond) {
    const { effectiveAt, createdAt, transferId } = window.beyond;
    keyset.push(
      sql`(t.effective_at, t.created_at, t.id) ${beyondOp(window)}
        (${effectiveAt}::timestamptz, ${createdAt}::timestamptz, ${transferId}::uuid)`,
    );
  }
  const conditions = [
    sql`t.kind in ('single', 'pending', 'failed')`,
    // Funds holds (a deposited check's money not yet available) are not transactions: they show in
    // the available balance and on the deposit, not as rows.
    sql`t.category <> 'Hold'`,
    ...keyset,
    ...filterConditions(filters, timeZone, window, side, accountId),
  ];
  const where = sql.join([sql`${account} = ${accountId}::uuid`, ...conditions], sql` and `);
  const order = orderBy(window);
  if (!filters.q) return sql`(select ${columns} from ledger_transfers t where ${where} ${order} limit ${window.limit})`;

  // A search. The read walks its rows in order, checking each as it comes, and stops as soon as the
  // page is full: a word on many rows costs the rows up to its page's last match. The walk goes
  // `searchWindow` rows at most; only if they hold too few matches is the rest searched through
  // the member's words index — rows with every trigram of the search, found without walking the
  // account (a rare word, or one this account never has). So a read touches at most that many
  // rows plus the matches further back, and only a word rarer than the page in the window (for a
  // page of 20, fewer than one row in 45), whose matches are few, is looked up in the index.
  const words =
    side === 'debit'
      ? sql.raw(`(t.debit_memo || E'\\x1f' || coalesce(t.reference, ''))`)
      : sql.raw(`(t.credit_memo || E'\\x1f' || coalesce(t.reference, ''))`);
  const q = filters.q.replaceAll('\x1f', '');
  const matches = sql`${words} ilike ${likePattern(q)}`;
  if (!/[\p{L}\p{N}]{3}/u.test(q)) {
    // No three letters in a row: no trigram to look up, so the read is walked.
    return sql`(select ${columns} from ledger_transfers t
      where ${where} and ${matches} ${order} limit ${window.limit})`;
  }
  const dir = window.direction === 'older' ? sql.raw('desc') : sql.raw('asc');
  const walked = sql.join(
    [
      sql`${account} = ${accountId}::uuid`,
      sql`t.kind in ('single', 'pending', 'failed')`,
      sql`t.category <> 'Hold'`,
      ...keyset,
    ],
    sql` and `,
  );
  const found = sql.join([matches, ...filterConditions(filters, timeZone, window, side, accountId)], sql` and `);
  const reach = searchWindow(window);
  // `walk` pulls rows in order only until the page is full: the inner LIMIT bounds the walk, the
  // outer one ends it early. The index part runs only when the walk found too few (the count is
  // computed when first needed, before anything else of that part), past the walk's last row.
  return sql`(with walk as materialized (select ${columns} from (select t.* from ledger_transfers t
        where ${walked} ${order} limit ${reach}) t
      where ${found} ${order} limit ${window.limit})
    select * from walk
    union all
    select ${columns} from ledger_transfers t
    where (select count(*) from walk) < ${window.limit}
      and ledger_word_keys(${account}, ${words}) @> ledger_word_keys(${accountId}::uuid, ${q})
      and (${account} = ${accountId}::uuid) is true and ${sql.join(conditions, sql` and `)} and ${matches}
      and (t.effective_at, t.created_at, t.id) ${beyondOp(window)} (select t.effective_at, t.created_at, t.id
        from ledger_transfers t where ${walked} ${order} offset ${reach - 1} limit 1)
    order by effective_at ${dir}, created_at ${dir}, id ${dir} limit ${window.limit})`;
}

/**
 * Rows a search walks in order at most before it turns to the words index (see `branch`): a
 * common word fills its page long before; a rare one costs the walk, about a millisecond.
 */
const searchWindow = (window: Window) => Math.max(1000, 10 * window.limit);

const beyondOp = (window: Window) => (window.direction === 'older' ? sql.raw('<') : sql.raw('>'));
const orderBy = (window: Window) => {
  const dir = window.direction === 'older' ? sql.raw('desc') : sql.raw('asc');
  return sql`order by t.effective_at ${dir}, t.created_at ${dir}, t.id ${dir}`;
};

// Each look-up below ends in `offset 0`, which keeps it a probe of one small index for each row
// that reaches it: without it PostgreSQL may turn the look-up into a join planned over the whole
// ledger — a hash of every posting (a parallel scan), or a merge along the reversals index — which
// cost 80–500 ms with a status filter on a 100,000-row history
// (docs/decisions/2026-12-01-prepared-history-reads.md).

/** The pending transfer `t` has been resolved in one of these ways. */
const resolved = (kinds: SQL) =>
  sql`exists (select 1 from ledger_transfers r where r.pending_id = t.id and r.kind in ${kinds} offset 0)`;

/**
 * The resolution `r` is a void made by the member whose money the pending transfer held (its
 * debit account's holder): they cancelled it, as a bill payment is cancelled before it is sent.
 * Staff, jobs and processors void on their own account (or none): those payments failed.
 */
const cancelledBy = (r: SQL) =>
  sql`(${r}.kind = 'void' and ${r}.created_by is not null and ${r}.created_by =
    (select a.user_id from ledger_accounts a where a.id = ${r}.debit_account_id))`;

/** The pending transfer `t` has been voided by the member it belongs to (`cancelledBy`). */
const cancelled = sql`exists (select 1 from ledger_transfers r
  where r.pending_id = t.id and ${cancelledBy(sql.raw('r'))} offset 0)`;

/** A search term as an ILIKE pattern: its own % and _ are characters, not wildcards. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The history as the dashboard's Recent Transactions and an unfiltered History page read it: its
 * text depends only on the member's accounts, the corrections switch and the cursor's direction (a
 * dozen shapes), and its plan walks indexes in order however long the history, so it is a prepared
 * statement (db/client.ts; list-transactions.ts): planning it took 3 of its 3.5 ms at the database.
 * Filtered reads are planned for their values each time (and a filter added later is one of them).
 */
export const unfiltered = (filters: TransactionFilters) =>
  Object.entries(filters).every(([name, value]) => name === 'corrections' || value === undefined);

/**
 * A read of at most this many rows is a page (the largest is 100 rows, and 2 to see what lies
 * beyond); an export reads batches of thousands.
 */
const PAGE_ROWS_MAX = 102;

/**
 * Ids of the read's (`side` of `accountId`) pending transfers that were resolved — by any resolution,
 * or by those `which` keeps — read from its resolutions alone (a small partial index that holds the
 * kind and who made each, migration 0023).
 */
const resolvedIds = (side: Side, accountId: string, which: SQL = sql`true`) =>
  sql`select r.pending_id from ledger_transfers r
    where r.${sql.raw(`${side}_account_id`)} = ${accountId}::uuid and r.pending_id is not null and ${which}`;

/**
 * Every filter but the search, as conditions on the transfer `t` of the read `side` of `accountId`,
 * for a read of `window.limit` rows.
 */
function filterConditions(
  filters: TransactionFilters,
  timeZone: string,
  window: Window,
  side: Side,
  accountId: string,
): SQL[] {
  const conditions: SQL[] = [];
  if (filters.category) conditions.push(sql`t.category = ${filters.category}`);
  // Days are the credit union's: "1 March" in New York starts at 05:00Z.
  if (filters.from) conditions.push(sql`t.effective_at >= (${filters.from}::date)::timestamp at time zone ${timeZone}`);
  if (filters.to) conditions.push(sql`t.effective_at < (${filters.to}::date + 1)::timestamp at time zone ${timeZone}`);
  if (filters.status === 'Completed')
    conditions.push(sql`(t.kind = 'single' or (t.kind = 'pending' and ${resolved(sql`('post')`)}))`);
  // Pending, Failed and Cancelled say `kind in ('pending', 'failed')` outright, so the partial
  // indexes of those transfers serve them. Pending and Cancelled are sets of ids, taken from the
  // read's pending and failed transfers and its resolutions (two partial indexes, read alone), so
  // the few open or cancelled ones are found without looking up each pending transfer.
  if (filters.status === 'Pending')
    conditions.push(sql`t.kind in ('pending', 'failed') and t.kind = 'pending' and t.id in (select o.id
      from ledger_transfers o where o.${sql.raw(`${side}_account_id`)} = ${accountId}::uuid
        and o.kind in ('pending', 'failed')
      except all ${resolvedIds(side, accountId)})`);
  if (filters.status === 'Failed')
    conditions.push(
      sql`t.kind in ('pending', 'failed')
        and (t.kind = 'failed' or (${resolved(sql`('void', 'expire')`)} and not ${cancelled}))`,
    );
  if (filters.status === 'Cancelled')
    conditions.push(sql`t.kind in ('pending', 'failed') and t.kind = 'pending'
      and t.id in (${resolvedIds(side, accountId, cancelledBy(sql.raw('r')))})`);
  // Only a completed transfer is a correction: the ledger reverses single transfers and the postings
  // of pending ones, never a pending transfer itself (ledger_post.sql), and an open, voided, expired
  // or failed one has no posting.
  const mayBeCorrection = !filters.status || filters.status === 'Completed';
  if (!filters.corrections && mayBeCorrection && window.limit <= PAGE_ROWS_MAX && !unfiltered(filters)) {
    // Neither a reversal nor reversed. A filtered page, planned for its values each time, asks the
    // ledger's function, which keeps its look-ups out of the page's plan (ledger_was_reversed.sql);
    // its cost makes it the last test of each row.
    conditions.push(sql`t.reverses_id is null and not ledger_was_reversed(t.id, t.kind)`);
  } else if (!filters.corrections && mayBeCorrection) {
    // An unfiltered page (a prepared statement, planned once) or a batch of an export (planned once
    // for thousands of rows): a probe per row is cheaper than a call.
    // NOT EXISTS: a nested-loop anti-join on the small index of reversals, which keeps the index
    // order; a pending transfer's posting is looked for only on pending ones. It says what
    // ledger_was_reversed says: history-balances.test.ts fails if pages and exports disagree.
    conditions.push(sql`t.reverses_id is null
      and not exists (select 1 from ledger_transfers z where z.reverses_id = t.id)
      and (t.kind <> 'pending' or not exists (select 1 from ledger_transfers r where r.pending_id = t.id
        and exists (select 1 from ledger_transfers z where z.reverses_id = r.id offset 0)))`);
  }
  return conditions;
}
