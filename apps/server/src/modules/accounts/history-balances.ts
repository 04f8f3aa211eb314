import { type SQL, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { compareKeys, type HistoryKey } from './history-cursor';
import type { HistoryRow, TransactionFilters } from './history-sql';

/**
 * "Balance after" in the history's CSV (export-transactions.ts): the account's balance in the order
 * the history lists rows — by date (effective date, then posting time, then id) — not in the order the
 * ledger recorded them (`ledger_entries.balance_after`). A check deposited on Monday and approved
 * on Wednesday is listed on Monday and counts from there: Tuesday's rows include it. So a reader
 * adding up the list from the oldest row gets each row's balance from the one before it, and the
 * newest row's is the account's balance now.
 *
 * What counts is money that moved: a `single`, or a held transfer once it posted (counted where
 * the hold is listed, as its row is). Pending, failed, voided and cancelled rows move nothing and
 * show no balance — as the dashboard's Balance counts posted money only; funds holds (`Hold`,
 * never listed) never post. With corrections hidden, a reversed row and its reversal count for
 * nothing either, as if neither had happened — which is what that history shows; together they
 * moved nothing, so the newest balance is still the account's. With corrections shown, both count
 * where they are listed. The other filters leave rows out of the list, not their money: a listed
 * row keeps the balance the whole history gives it.
 *
 * How: from a start — the account's balance now (its counters), after its newest row; or, for the
 * export's next batch, the balance at the last row of the batch before — each row's balance is the
 * start less what moved after it. One read per account, after the page's own, lists what moved
 * from the oldest row asked about up to the start — the `single` rows from the account's
 * (account, effective_at, created_at, id, kind, amount, …) index alone on either side, the posted
 * holds from the few held ones, the hidden corrections from the small partial indexes of
 * reversals — and the rows asked about as markers, and sums them newest first. The bounds are
 * values, so the planner sizes the read from the statistics. Its cost is the rows from the oldest
 * asked about to the start: the export reads every row once (each batch counts on from the last).
 * (A page of the history would read every row above it — so pages carry no balance.)
 */

/** A row already read and the account's balance at it: where the next (older) rows count down from. */
export interface BalanceAnchor {
  accountId: string;
  key: HistoryKey;
  /** In cents. */
  balance: bigint;
}

/** `${account id}:${transfer id}` → the account's balance at that row, in cents. */
export type RowBalances = Map<string, bigint>;

export const balanceKeyOf = (row: Pick<HistoryRow, 'account_id' | 'transfer_id'>) =>
  `${row.account_id}:${row.transfer_id}`;

const keyOfRow = (row: HistoryRow): HistoryKey => ({
  effectiveAt: row.effective_key,
  createdAt: row.created_key,
  transferId: row.transfer_id,
});

/**
 * Each row's balance at its place in the history (whether or not it moved money: the export
 * anchors its next batch on the last row, whatever it is). `anchor` starts its account's count at
 * that row instead of at the balance now; every row of that account must be older than it.
 */
export async function rowBalances(
  db: Executor,
  rows: HistoryRow[],
  filters: Pick<TransactionFilters, 'corrections'>,
  anchor?: BalanceAnchor,
): Promise<RowBalances> {
  const byAccount = new Map<string, HistoryRow[]>();
  for (const row of rows) {
    const own = byAccount.get(row.account_id);
    if (own) own.push(row);
    else byAccount.set(row.account_id, [row]);
  }
  const reads = [...byAccount].map(([accountId, own]) => {
    const oldest = own.map(keyOfRow).reduce((a, b) => (compareKeys(a, b) > 0 ? a : b));
    const from = anchor?.accountId === accountId ? anchor : undefined;
    return accountBalances(accountId, own, oldest, from, Boolean(filters.corrections));
  });
  const balances: RowBalances = new Map();
  if (reads.length === 0) return balances;
  const found = await queryRows<{ account_id: string; id: string; balance_at: unknown }>(
    db,
    sql.join(reads, sql` union all `),
  );
  for (const row of found) balances.set(`${row.account_id}:${row.id}`, BigInt(String(row.balance_at)));
  return balances;
}

const keyTuple = (key: HistoryKey) =>
  sql`(${key.effectiveAt}::timestamptz, ${key.createdAt}::timestamptz, ${key.transferId}::uuid)`;

/** One account's rows' balances: what moved from `oldest` up to the start, summed newest first. */
function accountBalances(
  accountId: string,
  rows: HistoryRow[],
  oldest: HistoryKey,
  from: BalanceAnchor | undefined,
  corrections: boolean,
): SQL {
  const account = sql`${accountId}::uuid`;
  const inRange = (t: string) => {
    const key = sql.raw(`(${t}.effective_at, ${t}.created_at, ${t}.id)`);
    return from
      ? sql`${key} >= ${keyTuple(oldest)} and ${key} <= ${keyTuple(from.key)}`
      : sql`${key} >= ${keyTuple(oldest)}`;
  };
  const start = from
    ? sql`${from.balance.toString()}::bigint`
    : sql`(select a.credits_posted - a.debits_posted from ledger_accounts a where a.id = ${account})`;
  // What moved on one side, signed for the account: each `single` (the index alone), and each
  // held transfer that posted — few, from the small index of held ones, each resolution probed by
  // the unique pending_id index. (One read of every row with the probe in it would be costed as a
  // probe per row, and past the planner's JIT threshold.)
  const side = (column: 'credit_account_id' | 'debit_account_id', sign: SQL) => {
    const own = sql`t.${sql.raw(column)} = ${account}`;
    return sql`select t.effective_at, t.created_at, t.id, ${sign}t.amount as amount, false as asked
        from ledger_transfers t where ${own} and t.kind = 'single' and ${inRange('t')}
      union all
      select t.effective_at, t.created_at, t.id, ${sign}t.amount, false
        from ledger_transfers t
        join lateral (select 1 from ledger_transfers r where r.pending_id = t.id and r.kind = 'post' limit 1) r on true
        where ${own} and t.kind in ('pending', 'failed') and ${inRange('t')}`;
  };
  // A reversal on the account and the row it reversed (a posted hold: the hold's row), each taken
  // back where it is listed: together they moved nothing.
  const hidden = corrections
    ? sql``
    : sql`union all
      select h.effective_at, h.created_at, h.id, -h.amount, false from (
        select z.effective_at, z.created_at, z.id, z.amount from reversals z
        union all
        select coalesce(q.effective_at, o.effective_at), coalesce(q.created_at, o.created_at), coalesce(q.id, o.id),
          -z.amount
        from reversals z join ledger_transfers o on o.id = z.reverses_id
          left join ledger_transfers q on o.kind = 'post' and q.id = o.pending_id) h
      where ${inRange('h')}`;
  const reversals = corrections
    ? sql``
    : sql`with reversals as materialized (
        select z.id, z.effective_at, z.created_at, z.reverses_id, z.amount from ledger_transfers z
          where z.credit_account_id = ${account} and z.reverses_id is not null
        union all
        select z.id, z.effective_at, z.created_at, z.reverses_id, -z.amount from ledger_transfers z
          where z.debit_account_id = ${account} and z.reverses_id is not null)`;
  // The rows asked about, as markers that move nothing: each sorts just before its own row, so the
  // running sum at it is what moved after it. Three lists as text, one parameter each (a batch of
  // the export asks about thousands of rows).
  const list = (values: string[], type: 'timestamptz' | 'uuid') =>
    sql`string_to_array(${values.join(',')}, ',')::${sql.raw(type)}[]`;
  const effective = list(
    rows.map((row) => row.effective_key),
    'timestamptz',
  );
  const created = list(
    rows.map((row) => row.created_key),
    'timestamptz',
  );
  const ids = list(
    rows.map((row) => row.transfer_id),
    'uuid',
  );
  return sql`(${reversals}
    select x.account_id, x.id, x.balance_at from (
      select ${account} as account_id, m.id, m.asked,
        ${start} - sum(m.amount) over (order by m.effective_at desc, m.created_at desc, m.id desc, m.asked desc
          rows between unbounded preceding and current row) as balance_at
      from (${side('credit_account_id', sql``)}
        union all ${side('debit_account_id', sql`-`)}
        ${hidden}
        union all select k.effective_at, k.created_at, k.id, 0, true
          from unnest(${effective}, ${created}, ${ids}) k (effective_at, created_at, id)) m) x
    where x.asked)`;
}
