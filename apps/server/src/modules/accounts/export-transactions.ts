import { csvRow, type Transaction } from '@mutual/shared';
import { type Executor, queryRows } from '../../db/client';
import { localDay } from '../../time';
import type { HistoryKey } from './history-cursor';
import { type HistoryRead, historyReads, historyRowsSql, type HistoryRow } from './history-sql';
import { keyOf, memberAccounts, type TransactionFilters, toTransaction } from './list-transactions';

/** Rows read from the database at a time, per read (and written to the reply at a time). */
export const EXPORT_BATCH = 2_000;

const header = [
  'Date',
  'Posted',
  'Description',
  'Category',
  'Account',
  'Type',
  'Amount',
  'Status',
  'Reference',
  'Balance after',
];

/**
 * The history as CSV for a spreadsheet, written as it is read: every cell quoted and formula-safe
 * (csvCell), amounts as plain decimals with the direction in its own column. Memory stays one
 * batch however long the history; the export has no row limit.
 */
export async function* transactionsCsv(
  db: Executor,
  userId: string,
  filters: TransactionFilters,
  timeZone: string,
  batch = EXPORT_BATCH,
): AsyncGenerator<string> {
  yield `${csvRow(header)}\r\n`;
  for await (const rows of transactionBatches(db, userId, filters, timeZone, batch)) {
    yield rows.map((row) => `${csvLine(row, timeZone)}\r\n`).join('');
  }
}

function csvLine(row: Transaction, timeZone: string): string {
  return csvRow([
    localDay(new Date(row.date), timeZone),
    row.postedAt,
    row.description,
    row.category,
    `${row.accountType} ${row.accountNumberLast4}`,
    row.type,
    row.amount,
    row.status,
    row.reference ?? '',
    row.balanceAfter ?? '',
  ]);
}

interface Stream {
  read: HistoryRead;
  rows: HistoryRow[];
  /** The next row of `rows` to hand out. */
  at: number;
  /** Where the next batch of this read starts; undefined before the first. */
  beyond?: HistoryKey;
  done: boolean;
}

/**
 * Every matching row, newest first, in batches of about `batch`. Each of the history's ordered
 * reads (an account as debit or credit side; history-sql.ts) is fetched in keyset batches of its
 * own and the reads are merged here, so every row is read once and each batch costs what the first
 * did — unlike paging the merged history, which would fetch a batch from every read each time.
 * (Asking for a read's next batch ahead, while the rows before are written out, was slower on the
 * two busy cores measured: the batches are fetched one at a time.)
 */
export async function* transactionBatches(
  db: Executor,
  userId: string,
  filters: TransactionFilters,
  timeZone: string,
  batch: number,
): AsyncGenerator<Transaction[]> {
  const accounts = await memberAccounts(db, userId, filters.account);
  const streams: Stream[] = historyReads(accounts, filters).map((read) => ({ read, rows: [], at: 0, done: false }));
  let out: Transaction[] = [];
  for (;;) {
    for (const stream of streams) {
      if (stream.at < stream.rows.length || stream.done) continue;
      stream.rows = await queryRows<HistoryRow>(
        db,
        historyRowsSql([stream.read], filters, timeZone, { direction: 'older', beyond: stream.beyond, limit: batch }),
      );
      stream.at = 0;
      const last = stream.rows[stream.rows.length - 1];
      if (last) stream.beyond = keyOf(last);
      stream.done = stream.rows.length < batch;
    }
    const next = newest(streams);
    const row = next?.rows[next.at];
    if (!next || !row) break;
    next.at += 1;
    out.push(toTransaction(row, accounts));
    if (out.length >= batch) {
      yield out;
      out = [];
    }
  }
  if (out.length > 0) yield out;
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
