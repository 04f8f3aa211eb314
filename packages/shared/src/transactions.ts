import { z } from 'zod';
import { moneyString } from './money-string';
import { atMostOneCursor, keysetPageShape, pageSizeQuery } from './keyset-paging';
import { accountTypes } from './members';
import { transferStatuses } from './transfers';
import { isCalendarDay } from './calendar-days';

/**
 * A member's transactions as the dashboard and the history page show them. Each row is one
 * ledger transfer seen from one of the member's accounts; its status follows the ledger (a held
 * payment is Pending until staff settle it — Completed — or return it or it expires — Failed).
 */

/** Spec §3: the categories offered to staff, and the ones the portal itself uses. */
export const transactionCategories = [
  'Transfer',
  'Bill Pay',
  'Deposit',
  'Withdrawal',
  'Income',
  'Shopping',
  'Food',
  'Transportation',
  'Entertainment',
  'Other',
  'Dividend',
  'Fee',
] as const;
export type TransactionCategory = (typeof transactionCategories)[number];

/**
 * The member's accounts a history lists: Checking and Savings, and a credit card's line (its own
 * ledger account, named "Credit Card ••6307" by the card's last four digits, as Transfers names it).
 */
export const historyAccountTypes = [...accountTypes, 'Credit Card'] as const;
export type HistoryAccountType = (typeof historyAccountTypes)[number];

export const transactionTypes = ['credit', 'debit'] as const;
export type TransactionType = (typeof transactionTypes)[number];

/**
 * A transaction's status: a transfer's (`transferStatuses`: what staff may enter), and Cancelled —
 * a held payment the member cancelled themself (a bill payment), which moved no money.
 */
export const transactionStatuses = [...transferStatuses, 'Cancelled'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

export const transactionSchema = z.object({
  /** Stable per row: the transfer id and the side (`…:debit` / `…:credit`). */
  id: z.string(),
  transferId: z.string(),
  accountType: z.enum(historyAccountTypes),
  /** The account number's last four digits; a credit card's line: the card's. */
  accountNumberLast4: z.string(),
  type: z.enum(transactionTypes),
  amount: moneyString,
  description: z.string(),
  category: z.enum(transactionCategories),
  status: z.enum(transactionStatuses),
  /**
   * Why a Failed row failed, in plain words (a returned payment's reason), or why a Cancelled one
   * was ("Cancelled by you"), else null.
   */
  statusReason: z.string().nullable(),
  /** The date the money counts from (a backdated staff entry keeps its own date). */
  date: z.string(),
  /** When the ledger recorded it. */
  postedAt: z.string(),
  reference: z.string().nullable(),
  /**
   * Staff corrections (decisions.md: nothing is deleted, it is reversed): `reversed` on a row
   * staff reversed, `reversal` on the row that undid it; null otherwise. The member's history
   * hides both unless asked (`corrections=true`).
   */
  correction: z.enum(['reversed', 'reversal']).nullable(),
  /** A held ACH or international payment: staff settle or return it in Payment Operations. */
  paymentOrder: z.boolean(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const TRANSACTIONS_PAGE_SIZES = [10, 20, 50, 100] as const;

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine(isCalendarDay, 'Use a date like 2026-01-31')
  .optional();

/**
 * A place in the history, as the API hands it out (`older` / `newer` of a page): opaque to the
 * web app, which only sends it back. The server checks its contents.
 */
const historyCursor = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,200}$/, 'This page link is not valid. Start again from the newest transactions.')
  .optional();

/**
 * `GET /api/me/transactions` query: every filter of the history page, all optional, and keyset
 * paging. A page is anchored to a row, not numbered: `olderThan` gives the rows just older than
 * that cursor (the "Older" link), `newerThan` the rows just newer ("Newer"). New transactions
 * arriving between requests therefore never shift a row onto a second page or off both.
 */
export const transactionQuerySchema = z
  .strictObject({
    account: z.enum(historyAccountTypes).optional(),
    from: dateOnly,
    to: dateOnly,
    type: z.enum(transactionTypes).optional(),
    category: z.enum(transactionCategories).optional(),
    status: z.enum(transactionStatuses).optional(),
    q: z.string().trim().max(100).optional(),
    /** Show reversed rows and their reversals (hidden by default). */
    corrections: z
      .enum(['true', 'false'])
      .optional()
      .transform((value) => value === 'true'),
    olderThan: historyCursor,
    newerThan: historyCursor,
    pageSize: pageSizeQuery(TRANSACTIONS_PAGE_SIZES, 20, 'Choose 10, 20, 50 or 100 per page'),
  })
  .refine(atMostOneCursor, { path: ['newerThan'], message: 'Give one page link, not two.' });
export type TransactionQuery = z.input<typeof transactionQuerySchema>;

/**
 * One page of the history, newest first. There is no total: counting a long history on every page
 * costs what the page itself no longer does. `older` / `newer` are the cursors of the neighbouring
 * pages, null at either end.
 */
export const transactionPageSchema = z.object({
  items: z.array(transactionSchema),
  ...keysetPageShape,
});
export type TransactionPage = z.infer<typeof transactionPageSchema>;

/** `GET /api/me/summary`: the dashboard's header figures, all from the ledger. */
export const accountOverviewSchema = z.object({
  /** Available balance of the Checking account. */
  availableBalance: moneyString,
  /** Money on hold or arriving: the sum of the member's pending entries. */
  pendingTotal: moneyString,
  /** The part of `pendingTotal` held going out: a payment, a card authorization (unsigned). */
  pendingOut: moneyString,
  /** The part of `pendingTotal` on its way in: a deposit under review (unsigned). */
  pendingIn: moneyString,
  /**
   * This calendar month (the credit union's time zone): money in and out, transfers between the
   * member's own accounts and staff corrections excluded.
   */
  monthIncome: moneyString,
  monthOutgoing: moneyString,
  /**
   * The net of this month's staff corrections (signed: "-12.50" took money out): balance
   * adjustments, transactions staff entered, reversals and what they reversed. See
   * `modules/ledger/balances.ts` for the precise rule.
   */
  monthCorrections: moneyString,
  month: z.string(),
  transferLimit: z.object({ limit: z.number().int(), used: z.number().int(), windowHours: z.number().int() }),
  /**
   * Staff hold the member's money movement (a transfer is answered ACCOUNT_LOCKED): the dashboard
   * says so above Transfer Money, before a form is filled in for nothing.
   */
  onHold: z.boolean(),
});
export type AccountOverview = z.infer<typeof accountOverviewSchema>;

/** What the live stream (`GET /api/me/events`, server-sent events) says: something changed. */
export const liveEventSchema = z.object({ kind: z.enum(['ledger', 'notification']) });
export type LiveEvent = z.infer<typeof liveEventSchema>;

const formulaStart = /^[=+\-@\t\r]/;

/**
 * One CSV cell, safe to open in a spreadsheet: quoted, quotes doubled, and text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) prefixed with an apostrophe
 * (OWASP "CSV injection"). Amounts are written unsigned with a separate type column; a balance,
 * which may be below zero, is written by `csvBalanceCell`.
 */
export function csvCell(value: string): string {
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function csvRow(values: readonly string[]): string {
  return values.map(csvCell).join(',');
}

/** The first line of the history's CSV (`GET /api/me/transactions/export`): its columns, in order. */
export const TRANSACTIONS_CSV_HEADER = [
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
] as const;

const plainDecimal = /^-?\d+\.\d{2}$/;

/**
 * A balance as a CSV cell ("-258.03": a credit card's line owed, or an account below zero at
 * that row): a plain decimal is a number to a spreadsheet, never a formula, so its minus sign is
 * kept and the column adds up. Anything else is text (`csvCell`).
 */
export function csvBalanceCell(value: string): string {
  return plainDecimal.test(value) ? `"${value}"` : csvCell(value);
}
