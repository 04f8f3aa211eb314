import { centsToDecimal, csvBalanceCell, csvRow, type Transaction, TRANSACTIONS_CSV_HEADER } from '@mutual/shared';
import type { SQL } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { type BalanceCounter, balanceCounter, type Reader } from './history-balances';
import type { HistoryKey } from './history-cursor';
import { type HistoryRead, historyReads, historyRowsSql, type HistoryRow } from './history-sql';
import { keyOf, memberAccounts, type TransactionFilters, toTransaction } from './list-transactions';

/** Rows read from the database at a time, per read (and written to the reply at a time). */
export const EXPORT_BATCH = 2_000;

/**
 * The history as CSV for a spreadsheet, written as it is read: every cell quoted and formula-safe
 * (csvCell), amounts as plain decimals with the direction in its own column. Memory stays one
 * batch however long the history; the export has no row limit.
 *
 * "Balance after" is the account's balance in the order the file lists rows (newest first, by
 * date): read from the bottom up, each Completed row's is the one below it on the same account
 * plus its signed amount, and the newest one's is the account's balance now. A row that moved no
 * money (Pending, Failed, Cancelled) has none and changes nothing — as the dashboard's balance,
 * which counts posted money only. With corrections hidden, a reversed row and its reversal count
 * for nothing, as the file does not list them; other filters leave rows out but not their money,
 * so each listed row keeps the balance the whole history gives it. A balance below zero (a credit
 * card's line) keeps its minus sign (`csvBalanceCell`).
 */
export async function* transactionsCsv(
  db: Executor,
  userId: string,
  filters: TransactionFilters,
  timeZone: string,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield `${csvRow(TRANSACTIONS_CSV_HEADER)}\r\n`;
  for await (const rows of transactionBatches(db, userId, filters, timeZone, batch)) {
    yield rows.map((row) => `${csvLine(row)}\r\n`).join('');
  }
}

/**
 * A row of an export: the member's row as the history page gives it and, for the CSV, the
 * account's balance at it (history-balances.ts) — on a Completed row only: a row that moved no
 * money has none. Null throughout when the export leaves balances out.
 */
export interface ExportRow extends Transaction {
  /** The row's date as a day in the credit union's time zone (the database's, as the filters count days). */
  day: string;
  balanceAfter: string | null;
}

function csvLine(row: ExportRow): string {
  const cells = csvRow([
    row.day,
    row.postedAt,
    row.description,
    row.category,
    `${row.accountType} ${row.accountNumberLast4}`,
    row.type,
    row.amount,
    row.status,
    row.reference ?? '',
  ]);
  return `${cells},${csvBalanceCell(row.balanceAfter ?? '')}`;
}

interface Stream {
  read: HistoryRead;
  rows: HistoryRow[];
  /** The next row of `rows` to hand out. */
  at: number;
  /** Where the next batch of this read starts (its last row); undefined before the first. */
  beyond?: HistoryKey;
  /** The batch after `rows`, asked for as soon as `rows` arrived: the database reads it meanwhile. */
  ahead?: Promise<HistoryRow[]>;
  done: boolean;
}

/**
 * Every matching row, newest first, in batches of about `batch`. Each of the history's ordered
 * reads (an account as debit or credit side; history-sql.ts) is fetched in keyset batches of its
 * own and the reads are merged here, so every row is read once and each batch costs what the first
 * did — unlike paging the merged history, which would fetch a batch from every read each time.
 * Each read's next batch is asked for as soon as its batch arrives, so the database reads it
 * while this one is written out (`EXPORT_READS_AT_ONCE` bounds how many run at once).
 *
 * Each row's "Balance after" is the account's balance in the history's order (history-balances.ts):
 * one counter per account counts down from its balance now through what moved on it, whatever the
 * filters leave out, as the rows are handed out; each movement is read once. Money that posts
 * while a long file is being written can leave the balances of the rows written after it one step
 * apart from the rows before; the next download agrees. `balances` false leaves them out (the
 * money-software files, which do not list them).
 */
export async function* transactionBatches(
  db: Executor,
  userId: string,
  filters: TransactionFilters,
  timeZone: string,
  batch: number,
  balances = true,
): AsyncGenerator<ExportRow[]> {
  const accounts = await memberAccounts(db, userId, filters.account);
  const streams: Stream[] = historyReads(accounts, filters).map((read) => ({
    read,
    rows: [],
    at: 0,
    done: false,
  }));
  const read = readsAtOnce(db, EXPORT_READS_AT_ONCE);
  // One counter per account, shared by its debit and credit reads: each movement is read once, in
  // pages of `batch` too.
  const counters = new Map<string, BalanceCounter>(
    accounts.map((account) => [account.id, balanceCounter(read, account.id, Boolean(filters.corrections), batch)]),
  );
  const batchAfter = (stream: HistoryRead, beyond: HistoryKey | undefined) =>
    read<HistoryRow>(historyRowsSql([stream], filters, timeZone, { direction: 'older', beyond, limit: batch }));
  let out: ExportRow[] = [];
  for (;;) {
    for (const stream of streams) {
      if (stream.at < stream.rows.length || stream.done) continue;
      stream.rows = await (stream.ahead ?? batchAfter(stream.read, stream.beyond));
      stream.at = 0;
      const last = stream.rows[stream.rows.length - 1];
      if (last) stream.beyond = keyOf(last);
      stream.done = stream.rows.length < batch;
      stream.ahead = stream.done ? undefined : batchAfter(stream.read, stream.beyond);
      // Awaited when its turn comes; until then a failure (the database gone) must not go unheard.
      stream.ahead?.catch(() => undefined);
    }
    const next = newest(streams);
    const row = next?.rows[next.at];
    if (!next || !row) break;
    next.at += 1;
    const transaction = toTransaction(row, accounts);
    const counter = balances && transaction.status === 'Completed' ? counters.get(row.account_id) : undefined;
    const balance = counter ? centsToDecimal(await counter.at(keyOf(row))) : null;
    out.push({ ...transaction, day: row.local_day, balanceAfter: balance });
    if (out.length >= batch) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
}

/**
 * Reads of one export that may run at once: the one it waits for and two read ahead (the next
 * batch of a read's rows or of an account's movements, asked for as the one before arrives), so
 * an export holds at most three of the pool's connections however many accounts it reads.
 * Measured on 104,504 rows (2 CPUs): one at a time 3.0 s, two 2.7–3.1 s, three 2.4–2.6 s, no
 * bound 2.3–2.6 s.
 */
export const EXPORT_READS_AT_ONCE = 3;

/** A reader that runs at most `lanes` reads at once, the others waiting their turn in order. */
function readsAtOnce(db: Executor, lanes: number): Reader {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(query: SQL): Promise<T[]> => {
    while (running >= lanes) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await queryRows<T>(db, query);
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

/** Orders two rows as the history does: newest key first; of one transfer's two rows, the credit. */
function before(a: HistoryRow, b: HistoryRow): boolean {
  if (a.effective_key !== b.effective_key) return a.effective_key > b.effective_key;
  if (a.created_key !== b.created_key) return a.created_key > b.created_key;
  if (a.transfer_id !== b.transfer_id) return a.transfer_id > b.transfer_id;
  return a.side === 'credit' && b.side === 'debit';
}

/** The stream whose next row comes first. */
function newest(streams: Stream[]): Stream | undefined {
  let best: Stream | undefined;
  let top: HistoryRow | undefined;
  for (const stream of streams) {
    const head = stream.rows[stream.at];
    if (head && (!top || before(head, top))) {
      best = stream;
      top = head;
    }
  }
  return best;
}
