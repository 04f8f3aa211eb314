import { csvRow, type Transaction } from '@mutual/shared';

export const EXPORT_MAX_ROWS = 10_000;

const header = ['Date', 'Posted', 'Description', 'Category', 'Account', 'Type', 'Amount', 'Status', 'Reference', 'Balance after'];

/** The calendar day (YYYY-MM-DD) of `date` in the credit union's time zone, as the history filters count days. */
export function localDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}

/**
 * The history as CSV for a spreadsheet: every cell quoted and formula-safe (csvCell), amounts as
 * plain decimals with the direction in its own column.
 */
export function transactionsCsv(rows: Transaction[], timeZone: string): string {
  const lines = rows.map((row) =>
    csvRow([
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
    ]),
  );
  return `${[csvRow(header), ...lines].join('\r\n')}\r\n`;
}
