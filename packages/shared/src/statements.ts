import { z } from 'zod';
import { accountTypes } from './members';
import { messages } from './messages';
import { isCalendarMonth } from './calendar-days';

/**
 * Monthly statements (spec §2 Statements, §8 statement request, §9: from `STATEMENTS_FROM`, the
 * last `STATEMENT_MONTHS` closed months; decisions.md: real PDFs built from the ledger).
 *
 * Routes (declared in `contract/statements.ts`):
 * - `GET /api/me/statements` — my accounts, the periods offered, the statements issued → `StatementsOverview`.
 * - `GET /api/me/statements/:accountId/:period` — the statement's PDF (issued on first ask if the
 *   month job has not reached it yet; the same bytes every time after).
 * - `POST /api/me/statements/:accountId/:period/email` — "E-mail me this statement" → `{ message }`.
 * - Staff: a member's statements (`GET /api/admin/users/:id/statements`), one's PDF, re-sending
 *   the notice; the month runs and their progress (`GET/POST /api/admin/statement-runs`).
 */

const m = messages.statements;

/** A statement period: a calendar month in the credit union's time zone, `YYYY-MM`. */
export const statementPeriodSchema = z
  .string({ error: m.periodInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, m.periodInvalid)
  .refine(isCalendarMonth, m.periodInvalid);

/** Month names, January first (statement periods, the PDF's dates). */
export const monthNames = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "October 2026" for `2026-10`. */
export function periodLabel(period: string): string {
  const [year, month] = period.split('-');
  return `${monthNames[Number(month) - 1] ?? month} ${year}`;
}

/** The month before (`2026-01` → `2025-12`). */
export function previousPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The month after (`2025-12` → `2026-01`). */
export function nextPeriod(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

export const statementAccountParamsSchema = z.object({
  accountId: z.uuid({ error: m.accountNotFound }),
  period: statementPeriodSchema,
});

export const statementSchema = z.object({
  id: z.uuid(),
  accountId: z.uuid(),
  accountType: z.enum(accountTypes),
  accountNumberLast4: z.string(),
  period: z.string(),
  /** "October 2026". */
  label: z.string(),
  issuedAt: z.string(),
  pages: z.number().int(),
  sizeBytes: z.number().int(),
  /** SHA-256 of the PDF, hex: the same bytes on every download. */
  sha256: z.string(),
});
export type Statement = z.infer<typeof statementSchema>;

export const statementsOverviewSchema = z.object({
  accounts: z.array(z.object({ id: z.uuid(), type: z.enum(accountTypes), numberLast4: z.string() })),
  /** Closed months a statement may be asked for, newest first (at most `STATEMENT_MONTHS`). */
  periods: z.array(z.object({ period: z.string(), label: z.string() })),
  /** Statements issued for those periods, newest first. */
  statements: z.array(statementSchema),
  /** The first period offered to this member online ("March 2024"). */
  earliestLabel: z.string(),
  /**
   * Whether the member has months older than that which are not online (their accounts are older
   * than the portal keeps statements): those come from support. False when the first period is the
   * month their first account was opened.
   */
  olderOffline: z.boolean(),
});
export type StatementsOverview = z.infer<typeof statementsOverviewSchema>;

export const staffStatementSchema = statementSchema.extend({
  /** When the member was last told it is ready (notification and, with e-mail on, an e-mail). */
  notifiedAt: z.string().nullable(),
});
export const staffStatementListSchema = z.object({ statements: z.array(staffStatementSchema) });
export type StaffStatement = z.infer<typeof staffStatementSchema>;

export const statementParamsSchema = z.object({
  id: z.uuid({ error: messages.admin.userNotFound }),
  statementId: z.uuid({ error: m.statementNotFound }),
});

export const statementRunStatuses = ['running', 'done', 'failed'] as const;

/** One month's issuing run: dividends posted, then every account's statement. */
export const statementRunSchema = z.object({
  period: z.string(),
  label: z.string(),
  status: z.enum(statementRunStatuses),
  /** Accounts with a statement due this month. */
  total: z.number().int(),
  issued: z.number().int(),
  /** Accounts whose statement could not be made (named in the log; retried by the next run). */
  failed: z.number().int(),
  dividendsPosted: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Issued per second so far (or overall, once done). */
  accountsPerSecond: z.number().nullable(),
  /** Average PDF size of the statements issued, in bytes. */
  averageBytes: z.number().int().nullable(),
});
export type StatementRun = z.infer<typeof statementRunSchema>;
export const statementRunListSchema = z.object({ runs: z.array(statementRunSchema) });
export const startStatementRunSchema = z.object({ period: statementPeriodSchema });
