import { type StaffTransactionRowInput, type TransactionType, messages, transactionCsvColumns } from '@mutual/shared';

/** What each column is called on screen (the CSV uses the lower-case names). */
export const columnLabels: Record<(typeof transactionCsvColumns)[number], string> = {
  account: 'Account',
  type: 'Type',
  amount: 'Amount',
  description: 'Description',
  category: 'Category',
  date: 'Date',
  time: 'Time',
  status: 'Status',
};

/** An amount box staff type into: cents, a number keypad on phones, required (give it its `min`). */
export const moneyInputProps = {
  type: 'number',
  step: '0.01',
  inputMode: 'decimal',
  autoComplete: 'off',
  'aria-required': 'true',
} as const;

export const typeLabels: Record<TransactionType, string> = { credit: 'Credit', debit: 'Debit' };

export const emptyRow: StaffTransactionRowInput = {
  account: 'Checking',
  type: 'credit',
  amount: '',
  description: '',
  // Chosen on purpose each time: an empty choice is caught as "Category is required".
  category: '' as StaffTransactionRowInput['category'],
  date: '',
  time: '',
  status: 'Completed',
};

/** A template a spreadsheet opens: the header row and one example. */
export const csvTemplate =
  `${transactionCsvColumns.join(',')}\r\n` +
  'Checking,credit,1250.00,Payroll ACME Corp,Income,2026-01-15,09:00,Completed\r\n';
export const csvTemplateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(csvTemplate)}`;

/**
 * The row a refusal names ("Failed to add transactions: Row 3: Insufficient funds" → 3), so the
 * editor can point at it. 1-based, as the server counts.
 */
export function failedRowNumber(message: string): number | null {
  const match = /\bRow (\d+):/.exec(message);
  return match ? Number(match[1]) : null;
}

/** "Failed to add transactions: …" unless the server already said it that way. */
export function addFailure(message: string): string {
  const prefix = messages.admin.addTransactionsFailed('');
  return message.startsWith(prefix) ? message : messages.admin.addTransactionsFailed(message);
}

/**
 * Where a server field error belongs, as a 0-based row and a field: `rows.2.amount` (the body
 * check, 0-based) or `3.date` (the ledger's refusal of row 3, 1-based). Null for `N.row` and
 * anything else: those are said in the message.
 */
export function rowFieldPath(key: string): [number, keyof StaffTransactionRowInput] | null {
  const match = /^(?:rows\.(\d+)|(\d+))\.(\w+)$/.exec(key);
  if (!match) return null;
  const index = match[1] !== undefined ? Number(match[1]) : Number(match[2]) - 1;
  const field = match[3] as keyof StaffTransactionRowInput;
  return field in emptyRow && index >= 0 ? [index, field] : null;
}

/**
 * The idempotency key of a CSV import: the same file posts once, however often it is uploaded
 * (SHA-256 of the text; Web Crypto needs a secure context, which every deployment is).
 */
export async function csvIdempotencyKey(text: string): Promise<string> {
  // Without Web Crypto (plain HTTP off localhost) the import still posts once per click.
  if (!globalThis.crypto?.subtle) return `csv-${randomKey()}`;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return `csv-${hex(new Uint8Array(digest)).slice(0, 40)}`;
}

/** A fresh key for one intended batch of typed rows (32 hex characters). */
export function randomKey(): string {
  return hex(crypto.getRandomValues(new Uint8Array(16)));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
