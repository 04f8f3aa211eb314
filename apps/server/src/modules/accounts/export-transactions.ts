import { csvRow, type Transaction } from '@mutual/shared';

export const EXPORT_MAX_ROWS = 10_000;

const header = ['Date', 'Posted', 'Description', 'Category', 'Account', 'Type', 'Amount', 'Status', 'Reference', 'Balance after'];

/**
 * The history as CSV for a spreadsheet: every cell quoted and formula-safe (csvCell), amounts as
 * plain decimals with the direction in its own column.
 */
export function transactionsCsv(rows: Transaction[]): string {
  const lines = rows.map((row) =>
    csvRow([
      row.date.slice(0, 10),
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
