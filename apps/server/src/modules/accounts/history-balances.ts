import { type SQL, sql } from 'drizzle-orm';
import { compareKeys, type HistoryKey } from './history-cursor';

/**
 * "Balance after" in the history's CSV (export-transactions.ts): the account's balance in the order
 * the history lists rows — by date (effective date, then posting time, then id) — not in the order
 * the ledger recorded them (`ledger_entries.balance_after`). A check deposited on Monday and
 * approved on Wednesday is listed on Monday and counts from there: Tuesday's rows include it. So a
 * reader adding up the list from the oldest row gets each row's balance from the one before it,
 * and the newest row's is the account's balance now.
 *
 * What counts is money that moved: a `single`, or a held transfer once it posted (counted where
 * the hold is listed, as its row is). Pending, failed, voided and cancelled rows move nothing and
 * show no balance — as the dashboard's Balance counts posted money only; funds holds (`Hold`,
 * never listed) never post. With corrections hidden, a reversed row and its reversal count for
 * nothing, as if neither had happened — which is what that history shows; together they moved
 * nothing, so the newest balance is still the account's. With corrections shown, both count where
 * they are listed. The other filters leave rows out of the list, not their money: a listed row
 * keeps the balance the whole history gives it.
 *
 * How (`balanceCounter`): from the account's balance now (its counters), count down the account's
 * movements newest first, read in keyset pages of the account's (account, effective_at,
 * created_at, id, kind, amount, …) indexes — the `single` rows from the indexes alone, the posted
 * holds from the small partial index of held ones — merged in that order by PostgreSQL; the
 * corrections that count for nothing are read once, from the small partial indexes of reversals.
 * A row's balance is the start less what moved after it. Every movement is read once and the
 * memory is one page per account, however long the history: a page of the history is not asked to
 * carry a balance, which would cost a read of every row above it.
 */

/** What moved on the account at a place in the history, signed for the account (+ in, - out), in cents. */
interface Movement {
  key: HistoryKey;
  amount: bigint;
}

interface MovementRow {
  effective_key: string;
  created_key: string;
  id: string;
  amount: unknown;
}

/** Counts one account's balance down its history; `at` is asked with keys newest first. */
export interface BalanceCounter {
  /** The account's balance just after the row at `key` (never older than a key asked before). */
  at(key: HistoryKey): Promise<bigint>;
}

/** Runs one read and answers its rows (the export's, which bounds how many run at once). */
export type Reader = <T>(query: SQL) => Promise<T[]>;

export function balanceCounter(
  read: Reader,
  accountId: string,
  corrections: boolean,
  /** Movements read from the database at a time. */
  pageSize: number,
): BalanceCounter {
  const account = sql`${accountId}::uuid`;
  let started = false;
  let running = 0n;
  let hidden: Movement[] = [];
  let hiddenAt = 0;
  let page: Movement[] = [];
  let pageAt = 0;
  let done = false;
  /** The page after `page`, asked for as soon as `page` arrived: the database reads it meanwhile. */
  let ahead: Promise<Movement[]> | undefined;
  const pageAfter = (last: HistoryKey | undefined) =>
    read<MovementRow>(movementsSql(account, last, pageSize)).then(toMovements);

  /** The next movement of the account, newest first (reading the next page when one runs out), or none. */
  async function nextMovement(): Promise<Movement | undefined> {
    if (pageAt === page.length && !done) {
      page = await (ahead ?? pageAfter(undefined));
      pageAt = 0;
      done = page.length < pageSize;
      ahead = done ? undefined : pageAfter(page[page.length - 1]?.key);
      // Awaited when its turn comes; until then a failure (the database gone) must not go unheard.
      ahead?.catch(() => undefined);
    }
    return page[pageAt];
  }

  return {
    async at(key) {
      if (!started) {
        started = true;
        const [row] = await read<{ balance: unknown }>(
          sql`select a.credits_posted - a.debits_posted as balance from ledger_accounts a where a.id = ${account}`,
        );
        running = BigInt(String(row?.balance ?? 0));
        hidden = corrections ? [] : toMovements(await read<MovementRow>(hiddenSql(account)));
      }
      // What moved after the row (strictly newer: a row's own movement is in its balance).
      for (let next = await nextMovement(); next && compareKeys(next.key, key) < 0; next = await nextMovement()) {
        running -= next.amount;
        pageAt += 1;
      }
      for (let next = hidden[hiddenAt]; next && compareKeys(next.key, key) < 0; next = hidden[hiddenAt]) {
        running -= next.amount;
        hiddenAt += 1;
      }
      return running;
    },
  };
}

const toMovements = (rows: MovementRow[]): Movement[] =>
  rows.map((row) => ({
    key: { effectiveAt: row.effective_key, createdAt: row.created_key, transferId: row.id },
    amount: BigInt(String(row.amount)),
  }));

const keyText = (t: string) =>
  sql.raw(`to_char(${t}.effective_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as effective_key,
    to_char(${t}.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_key, ${t}.id`);

/**
 * A page of what moved on the account, newest first, older than `beyond`: on each side, each
 * `single` (the index alone) and each held transfer that posted (the small index of held ones, each
 * resolution probed by the unique pending_id index). Each of the four reads is ordered and limited
 * itself, so PostgreSQL merges them (Merge Append) and stops at the page's end; without their own
 * LIMIT it read every older row and sorted them, for every page.
 */
function movementsSql(account: SQL, beyond: HistoryKey | undefined, limit: number): SQL {
  const key = beyond
    ? sql`(${beyond.effectiveAt}::timestamptz, ${beyond.createdAt}::timestamptz, ${beyond.transferId}::uuid)`
    : undefined;
  const older = key ? sql`and (t.effective_at, t.created_at, t.id) < ${key}` : sql``;
  const side = (column: 'credit_account_id' | 'debit_account_id', sign: SQL) => {
    const own = sql`t.${sql.raw(column)} = ${account}`;
    return sql`(select t.effective_at, t.created_at, t.id, ${sign}t.amount as amount
        from ledger_transfers t where ${own} and t.kind = 'single' ${older}
        order by t.effective_at desc, t.created_at desc, t.id desc limit ${limit})
      union all
      (select t.effective_at, t.created_at, t.id, ${sign}t.amount
        from ledger_transfers t
        join lateral (select 1 from ledger_transfers r where r.pending_id = t.id and r.kind = 'post' limit 1) r on true
        where ${own} and t.kind in ('pending', 'failed') ${older}
        order by t.effective_at desc, t.created_at desc, t.id desc limit ${limit})`;
  };
  return sql`select ${keyText('m')}, m.amount from (
      ${side('credit_account_id', sql``)}
      union all ${side('debit_account_id', sql`-`)}) m
    order by m.effective_at desc, m.created_at desc, m.id desc limit ${limit}`;
}

/**
 * With corrections hidden, what takes back a reversal and the row it reversed (a posted hold: the
 * hold's row), each where it is listed, newest first: together they count for nothing.
 */
function hiddenSql(account: SQL): SQL {
  return sql`with reversals as materialized (
      select z.id, z.effective_at, z.created_at, z.reverses_id, z.amount from ledger_transfers z
        where z.credit_account_id = ${account} and z.reverses_id is not null
      union all
      select z.id, z.effective_at, z.created_at, z.reverses_id, -z.amount from ledger_transfers z
        where z.debit_account_id = ${account} and z.reverses_id is not null)
    select ${keyText('h')}, h.amount from (
      select z.effective_at, z.created_at, z.id, -z.amount as amount from reversals z
      union all
      select coalesce(q.effective_at, o.effective_at), coalesce(q.created_at, o.created_at), coalesce(q.id, o.id),
        z.amount
      from reversals z join ledger_transfers o on o.id = z.reverses_id
        left join ledger_transfers q on o.kind = 'post' and q.id = o.pending_id) h
    order by h.effective_at desc, h.created_at desc, h.id desc`;
}
