import { z } from 'zod';
import { moneyString } from './money-string';
import { isValidRoutingNumber, STAFF_HISTORY_YEARS } from './constants';
import { accountTypes } from './members';
import { messages } from './messages';
import { isPositiveAmount, parseMoney } from './money';
import { transactionCategories, transactionPageSchema, transactionSchema, transactionTypes } from './transactions';
import { transferStatuses } from './transfers';
import { isCalendarDay } from './calendar-days';

/**
 * Staff work on a member's money (spec §2 user detail, §4, §5 Admin; decisions.md): editing an
 * account, adding transactions by rows or CSV, and reversing ("deleting") them.
 *
 * Routes (all staff-only; declared in `contract/admin-money.ts`):
 * - `PATCH /api/admin/users/:id/accounts/:accountId` — account and routing number → `{ message }`.
 * - `PUT /api/admin/users/:id/accounts/:accountId/balance` — target balance and reason → `{ message }`.
 * - `GET /api/admin/users/:id/transactions` — the member's history, corrections shown
 *   (`transactionQuerySchema` + `corrections`) → `TransactionPage`.
 * - `POST /api/admin/users/:id/transactions/preview` — raw rows → `TransactionPreview` (a dry run:
 *   nothing is posted).
 * - `POST /api/admin/users/:id/transactions` (header `Idempotency-Key`) — `addTransactionsSchema`
 *   → `{ message, count }`; all or nothing.
 * - `POST /api/admin/users/:id/transactions/:transferId/reverse` — `{ reason }` → `{ message }`.
 * - `POST /api/admin/users/:id/transactions/:transferId/complete` — a staff-entered pending row
 *   posts → `{ message }`.
 * - `POST /api/admin/users/:id/transactions/reverse-all` — `{ reason }` → `{ count, message }`.
 */

const a = messages.admin;

export const accountNumberSchema = z
  .string({ error: a.accountNumberInvalid })
  .trim()
  .regex(/^[1-9]\d{9}$/, a.accountNumberInvalid);

export const accountEditSchema = z.strictObject({
  accountNumber: accountNumberSchema,
  routingNumber: z
    .string({ error: a.routingNumberInvalid })
    .trim()
    .refine(isValidRoutingNumber, a.routingNumberInvalid),
});
export type AccountEditInput = z.input<typeof accountEditSchema>;

/** A money field where 0.00 is allowed (balances; spec: min 0, step 0.01). */
export const balanceField = z
  .string({ error: a.balanceInvalid })
  .trim()
  .refine((value) => parseMoney(value).ok, a.balanceInvalid);

export const STAFF_TRANSACTIONS_MAX = 500;

/** A row's cell that must be filled in: missing, empty or only spaces says "`label` is required". */
const filledCell = (label: string) =>
  z
    .string({ error: a.rowRequired(label) })
    .trim()
    .min(1, a.rowRequired(label));

/** One of `choices`: a blank cell is "required", any other value names what it may be. */
const choiceCell = <const T extends readonly [string, ...string[]]>(label: string, choices: T) =>
  z.enum(choices, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || String(issue.input).trim() === ''
        ? a.rowRequired(label)
        : a.rowNotAChoice(label, choices),
  });

const required = (label: string, max: number) => filledCell(label).max(max, messages.registration.tooLong(label, max));

/**
 * One transaction a staff user enters (spec §3 Transaction; §5: every field required). The date
 * and time are the credit union's local time (`TIME_ZONE`); the row keeps that effective date and
 * the ledger also records when it was posted.
 */
export const staffTransactionRowSchema = z.strictObject({
  account: choiceCell('Account', accountTypes),
  type: choiceCell('Type', transactionTypes),
  amount: filledCell('Amount').refine(isPositiveAmount, a.rowAmountInvalid),
  description: required('Description', 140),
  category: choiceCell('Category', transactionCategories),
  date: filledCell('Date').refine(isCalendarDay, a.rowDateInvalid),
  time: filledCell('Time').regex(/^([01]\d|2[0-3]):[0-5]\d$/, a.rowTimeInvalid),
  status: choiceCell('Status', transferStatuses),
});
export type StaffTransactionRow = z.output<typeof staffTransactionRowSchema>;
export type StaffTransactionRowInput = z.input<typeof staffTransactionRowSchema>;

/**
 * The days a staff row may be dated, in the credit union's time zone (`TIME_ZONE`): the server
 * works them out from its clock, the form from the display clock, which is the credit union's.
 */
export interface StaffRowDays {
  /** Today, `YYYY-MM-DD`: no row may be dated later. */
  today: string;
  /** The time there now, `HH:MM`, when known: a row dated today may not be later either. */
  timeNow?: string;
}

/**
 * The earliest day a staff row may be dated: `STAFF_HISTORY_YEARS` years before `today`, the same
 * month and day (29 February, in a year without one, is the 28th).
 */
export function staffHistoryStart(today: string): string {
  const year = Number(today.slice(0, 4)) - STAFF_HISTORY_YEARS;
  const [month, day] = [today.slice(5, 7), Number(today.slice(8, 10))];
  const lastOfMonth = new Date(Date.UTC(year, Number(month), 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${month}-${String(Math.min(day, lastOfMonth)).padStart(2, '0')}`;
}

const historyDayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/**
 * Why a staff row cannot carry its date, or null when it can (or when the date or time is not
 * one yet: the row's schema says that). Staff add a member's past transactions, history from
 * before the portal included: never dated in the future, nor before `staffHistoryStart` (a
 * mistyped year). The form and the server say the same words (`staff-transactions.ts`, which
 * also checks the exact instant against its clock).
 */
export function staffRowDateProblem(row: { date?: string; time?: string }, days: StaffRowDays): string | null {
  const { date, time } = row;
  if (!date || !isCalendarDay(date)) return null;
  if (date > days.today) return a.rowInFuture;
  if (date === days.today && days.timeNow && time && /^\d{2}:\d{2}$/.test(time) && time > days.timeNow)
    return a.rowInFuture;
  const earliest = staffHistoryStart(days.today);
  if (date < earliest) return a.rowTooOld(historyDayFormat.format(new Date(`${earliest}T12:00:00Z`)));
  return null;
}

export const addTransactionsSchema = z.strictObject({
  rows: z
    .array(staffTransactionRowSchema)
    .min(1, a.atLeastOneRow)
    .max(STAFF_TRANSACTIONS_MAX, a.tooManyRows(STAFF_TRANSACTIONS_MAX)),
});
export type AddTransactionsInput = z.input<typeof addTransactionsSchema>;

/** The preview takes rows as typed or read from a file, unchecked: every row's problems come back. */
export const transactionPreviewRequestSchema = z.strictObject({
  rows: z
    .array(z.record(z.string(), z.string().max(1000)))
    .min(1, a.atLeastOneRow)
    .max(STAFF_TRANSACTIONS_MAX, a.tooManyRows(STAFF_TRANSACTIONS_MAX)),
});

export const transactionPreviewSchema = z.object({
  /** True when every row is valid and the ledger would accept them all, in date order. */
  ok: z.boolean(),
  rows: z.array(
    z.object({
      /** 1-based, in the order given. */
      row: z.number().int(),
      /** Problems with this row, by field (`account`, `amount`, …; `row` for the ledger's refusal). */
      errors: z.record(z.string(), z.string()),
    }),
  ),
  /** What each account's balance would be after the batch, when `ok`. */
  balancesAfter: z.array(z.object({ account: z.enum(accountTypes), balance: moneyString, available: moneyString })),
});
export type TransactionPreview = z.infer<typeof transactionPreviewSchema>;

export const addedTransactionsSchema = z.object({ message: z.string(), count: z.number().int() });

export const reversalSchema = z.strictObject({
  reason: z.string({ error: a.reversalReasonRequired }).trim().min(1, a.reversalReasonRequired).max(500),
});
export type ReversalInput = z.input<typeof reversalSchema>;

export const reversedAllSchema = z.object({ message: z.string(), count: z.number().int() });

/**
 * What a Pending row of a member's history belongs to. Only an entry staff added themselves
 * (`staffEntry`, Add Transactions with status Pending) is completed or deleted from the member's
 * transaction table; every other pending entry is its workflow's to settle or fail, in its own
 * place (`pendingWorkflowPlaces`): the API refuses it there (`messages.admin.pendingHandledElsewhere`).
 */
export const pendingWorkflows = [
  'staffEntry',
  'deposit',
  'depositHold',
  'billPayment',
  'cardAuthorization',
  'paymentOrder',
  /** Pending, not a staff entry, and none of the workflows above: handled where it was made. */
  'other',
] as const;
export type PendingWorkflow = (typeof pendingWorkflows)[number];

/** Where each workflow's pending entries are handled, as the console says it: "Handled in Deposit Review". */
export const pendingWorkflowPlaces: Record<Exclude<PendingWorkflow, 'staffEntry' | 'other'>, string> = {
  deposit: 'in Deposit Review',
  depositHold: 'in Deposit Review',
  billPayment: 'in Payment Operations → Bill Pay',
  cardAuthorization: 'by the card processor',
  paymentOrder: 'in Payment Operations',
};

/** A row of a member's history as staff see it: what a Pending row belongs to, else null. */
export const staffTransactionSchema = transactionSchema.extend({
  workflow: z.enum(pendingWorkflows).nullable(),
});
export type StaffTransaction = z.infer<typeof staffTransactionSchema>;

export const staffTransactionPageSchema = transactionPageSchema.extend({ items: z.array(staffTransactionSchema) });
export type StaffTransactionPage = z.infer<typeof staffTransactionPageSchema>;

/** The CSV columns, in order (a header row naming them is required; order may differ). */
export const transactionCsvColumns = [
  'account',
  'type',
  'amount',
  'description',
  'category',
  'date',
  'time',
  'status',
] as const;

export class CsvParseError extends Error {}

/**
 * Reads a staff transaction CSV (RFC 4180: quoted cells, doubled quotes, CRLF or LF) into raw
 * rows keyed by column. Structural problems throw `CsvParseError` with a plain reason; the
 * values themselves are checked by the preview, row by row. Case of account, type, category and
 * status is forgiven ("checking", "CREDIT").
 */
export function parseTransactionCsv(text: string): Record<string, string>[] {
  const records = splitCsv(text.replace(/^\uFEFF/, ''));
  const nonEmpty = records.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const [header, ...body] = nonEmpty;
  if (!header) throw new CsvParseError('the file is empty');
  const columns = header.map((cell) => cell.trim().toLowerCase());
  const missing = transactionCsvColumns.filter((column) => !columns.includes(column));
  if (missing.length) throw new CsvParseError(`missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  if (body.length === 0) throw new CsvParseError('the file has a header but no transactions');
  if (body.length > STAFF_TRANSACTIONS_MAX) throw new CsvParseError(a.tooManyRows(STAFF_TRANSACTIONS_MAX));
  return body.map((cells, index) => {
    if (cells.length > columns.length) throw new CsvParseError(`line ${index + 2} has more cells than the header`);
    const row: Record<string, string> = {};
    columns.forEach((column, i) => {
      if ((transactionCsvColumns as readonly string[]).includes(column))
        row[column] = normaliseCell(column, cells[i] ?? '');
    });
    return row;
  });
}

const canonical: Record<string, readonly string[]> = {
  account: accountTypes,
  type: transactionTypes,
  category: transactionCategories,
  status: transferStatuses,
};

function normaliseCell(column: string, value: string): string {
  const trimmed = value.trim();
  const options = canonical[column];
  return options?.find((option) => option.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
}

function splitCsv(text: string): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
    } else cell += char;
  }
  if (quoted) throw new CsvParseError('a quoted cell is not closed');
  if (cell !== '' || cells.length) {
    cells.push(cell);
    records.push(cells);
  }
  return records;
}
