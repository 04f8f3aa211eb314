import { z } from 'zod';
import { moneyString } from './money-string';
import { challengeCodeShape } from './challenge-codes';
import { labelled } from './labelled';
import { accountTypes, personRefSchema } from './members';
import { messages } from './messages';
import { isPositiveAmount } from './money';
import { numberedPageShape, pageQueryShape } from './numbered-pages';
import { isCalendarDay } from './calendar-days';

/**
 * Bill Pay (spec §2 Quick Actions, §3 Bill payment, §5 Bill pay, §8, §9; decisions.md: bill
 * payments hold funds and execute on their date). A member pays a saved payee — a biller from the
 * credit union's directory and the member's account number there — once or on a schedule. The
 * earliest payment date is a business day on the Federal Reserve's calendar after tomorrow's
 * cut-off; the server says which (`BillPayOverview`). Routes in `contract/bill-pay.ts`.
 */

const m = messages.billPay;

/** The spec's one message for any missing field: "Please fill in all required fields". */
const required = () => z.string({ error: m.fillAllFields }).trim().min(1, m.fillAllFields);

const isoDay = (message: string) => required().refine(isCalendarDay, message);

const longDayFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
});

/** A calendar day as messages write it: "Monday, November 30, 2026". */
export function longDay(day: string): string {
  return isCalendarDay(day) ? longDayFormat.format(new Date(`${day}T12:00:00Z`)) : day;
}

/** The dates a first payment may take: from the server (`GET /api/bill-pay`), on the Fed calendar. */
export interface PayDateRules {
  earliestDate: string;
  latestDate: string;
  /** Weekdays the Federal Reserve is closed in between. */
  holidays: ReadonlyArray<{ date: string; name: string }>;
}

/**
 * Why a payment cannot be dated `day`, in plain words, or null when it can: before the earliest
 * date, past the latest, a weekend, or a weekday the Fed is closed. The form says it at once; the
 * server decides with the same words (`bill-pay-dates.ts`).
 */
export function payDateProblem(day: string, rules: PayDateRules): string | null {
  if (!isCalendarDay(day)) return m.dateInvalid;
  if (day < rules.earliestDate) return m.dateTooEarly(longDay(rules.earliestDate));
  if (day > rules.latestDate) return m.dateTooLate(longDay(rules.latestDate));
  const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
  if (weekday === 6) return m.notBusinessDay(longDay(day), 'a Saturday');
  if (weekday === 0) return m.notBusinessDay(longDay(day), 'a Sunday');
  const holiday = rules.holidays.find((entry) => entry.date === day);
  return holiday ? m.notBusinessDay(longDay(day), `${holiday.name}, a Federal Reserve holiday`) : null;
}

export const { values: billerCategories, labels: billerCategoryLabels } = labelled([
  ['electric', 'Electric'],
  ['water', 'Water'],
  ['internet', 'Internet'],
  ['mobile', 'Mobile phone'],
  ['insurance', 'Insurance'],
  ['streaming', 'Streaming'],
  ['other', 'Other'],
]);
export type BillerCategory = (typeof billerCategories)[number];

/** A biller in the credit union's directory (configuration). */
export const billerSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.enum(billerCategories),
  /** Paid electronically (NACHA CCD to its bank) or by a check the bill-pay processor mails. */
  delivery: z.enum(['electronic', 'check']),
});
export type Biller = z.infer<typeof billerSchema>;

/** The member's account number at the biller: 4 to 30 letters or digits (spaces and dashes are dropped). */
export const billerAccountNumberSchema = required()
  .transform((value) => value.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,30}$/, m.accountNumberInvalid));

export const NICKNAME_MAX = 60;

/** Add Payee: which biller, the member's account number there, and an optional nickname. */
export const newPayeeSchema = z.strictObject({
  billerId: z.string({ error: m.chooseBiller }).trim().min(1, m.chooseBiller).max(80, m.chooseBiller),
  accountNumber: billerAccountNumberSchema,
  nickname: z.string().trim().max(NICKNAME_MAX, m.nicknameTooLong).default(''),
});
export type NewPayeeInput = z.input<typeof newPayeeSchema>;
export type NewPayee = z.output<typeof newPayeeSchema>;

/** Step 2 of Add Payee: the same payee and the code sent for exactly it. */
export const payeeConfirmSchema = z.strictObject({
  payee: newPayeeSchema,
  ...challengeCodeShape(m.codeRequired, m.codeInvalid),
});
export type PayeeConfirmInput = z.input<typeof payeeConfirmSchema>;

export const payeeSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  billerId: z.string(),
  billerName: z.string(),
  category: z.enum(billerCategories),
  /** Never the full number after saving: `••••6789`. */
  accountNumberMasked: z.string(),
  createdAt: z.string(),
});
export type Payee = z.infer<typeof payeeSchema>;

export const payeeResultSchema = z.object({ message: z.string(), payee: payeeSchema });
export type PayeeResult = z.infer<typeof payeeResultSchema>;

export const { values: billPayFrequencies, labels: billPayFrequencyLabels } = labelled([
  ['once', 'One time'],
  ['weekly', 'Weekly'],
  ['biweekly', 'Every two weeks'],
  ['monthly', 'Monthly'],
]);
export type BillPayFrequency = (typeof billPayFrequencies)[number];

export const SERIES_MAX_COUNT = 120;
export const MEMO_MAX = 140;

/**
 * The Bill Pay form (spec §5): account, payee, amount and date required ("Please fill in all
 * required fields"), amount at least 0.01 in steps of 0.01, memo optional. A recurring payment
 * ends on a date, after a number of payments, or when the member stops it.
 */
export const billPaymentSchema = z
  .strictObject({
    fromAccount: z.enum(accountTypes, { error: m.fillAllFields }),
    payeeId: z.string({ error: m.fillAllFields }).trim().min(1, m.fillAllFields).uuid(m.choosePayee),
    amount: required().refine(isPositiveAmount, m.invalidAmount),
    payOn: isoDay(m.dateInvalid),
    memo: z.string().trim().max(MEMO_MAX, m.memoTooLong).default(''),
    frequency: z.enum(billPayFrequencies, { error: m.frequencyInvalid }).default('once'),
    /** Recurring only: the last date a payment may fall on. */
    endsOn: z
      .string()
      .trim()
      .refine((value) => value === '' || isCalendarDay(value), m.dateInvalid)
      .optional(),
    /**
     * Recurring only: how many payments in all (2 to 120), a number or its digits as the field
     * sends them ("12"); "1e1" or "0x10" are not how anyone writes a count.
     */
    count: z
      .preprocess(
        (value) => (typeof value === 'string' && /^\s*\d{1,9}\s*$/.test(value) ? Number(value) : value),
        z
          .number({ error: m.countInvalid })
          .int(m.countInvalid)
          .min(2, m.countInvalid)
          .max(SERIES_MAX_COUNT, m.countInvalid),
      )
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.frequency === 'once') {
      if (value.endsOn || value.count !== undefined)
        ctx.addIssue({ code: 'custom', path: ['frequency'], message: m.endsOnlyWhenRecurring });
      return;
    }
    if (value.endsOn && value.count !== undefined)
      ctx.addIssue({ code: 'custom', path: ['count'], message: m.endOrCount });
    if (value.endsOn && value.endsOn <= value.payOn)
      ctx.addIssue({ code: 'custom', path: ['endsOn'], message: m.endsBeforeStart });
  });
export type BillPaymentInput = z.input<typeof billPaymentSchema>;
export type BillPaymentRequest = z.output<typeof billPaymentSchema>;

export const { values: billPaymentStatuses, labels: billPaymentStatusLabels } = labelled([
  ['scheduled', 'Scheduled'],
  ['sent', 'Sent'],
  ['cancelled', 'Cancelled'],
  ['returned', 'Returned'],
  ['failed', 'Failed'],
]);
export type BillPaymentStatus = (typeof billPaymentStatuses)[number];

/** The payee as a payment or a series names it. */
const payeeRefSchema = z.object({
  id: z.string(),
  nickname: z.string(),
  billerName: z.string(),
  accountNumberMasked: z.string(),
});

/** One payment, as the member (and staff) see it. */
export const billPaymentViewSchema = z.object({
  id: z.string(),
  status: z.enum(billPaymentStatuses),
  payee: payeeRefSchema,
  fromAccount: z.enum(accountTypes),
  amount: moneyString,
  /** The business day it is sent on. */
  payOn: z.string(),
  memo: z.string(),
  /**
   * When its money is (or was) held: at scheduling for a one-off payment and a series' first;
   * later payments of a series hold theirs on the business day before their date (docs/features/bill-pay.md).
   */
  holdsOn: z.string(),
  held: z.boolean(),
  /** Until when the member may cancel it (the cut-off on its date); null once it cannot be. */
  cancelUntil: z.string().nullable(),
  confirmationNumber: z.string().nullable(),
  series: z.object({ id: z.string(), frequency: z.enum(billPayFrequencies), occurrence: z.number().int() }).nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  returnedAt: z.string().nullable(),
  /** Why it failed or came back, in plain words. */
  reason: z.string().nullable(),
});
export type BillPaymentView = z.infer<typeof billPaymentViewSchema>;

export const billSeriesStatuses = ['active', 'completed', 'stopped'] as const;
export const billSeriesSchema = z.object({
  id: z.string(),
  status: z.enum(billSeriesStatuses),
  payee: payeeRefSchema,
  fromAccount: z.enum(accountTypes),
  amount: moneyString,
  frequency: z.enum(billPayFrequencies),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  count: z.number().int().nullable(),
  /** Payments made or due so far (sent, failed or cancelled ones count). */
  occurrences: z.number().int(),
  nextPayOn: z.string().nullable(),
  memo: z.string(),
  /**
   * Why a series stopped by itself, as words that follow "Stopped because" ("2 payments in a row
   * were not sent"); null for one that runs, ended or that the member stopped. Such a series stays
   * in the list for 30 days after it stopped.
   */
  stopReason: z.string().nullable(),
});
export type BillSeries = z.infer<typeof billSeriesSchema>;

/** `GET /api/bill-pay`: everything the form needs. */
export const billPayOverviewSchema = z.object({
  billers: z.array(billerSchema),
  payees: z.array(payeeSchema),
  series: z.array(billSeriesSchema),
  /** The first date a new payment may be sent on, and the last (365 days ahead). */
  earliestDate: z.string(),
  latestDate: z.string(),
  /** "2:00 PM ET": payments dated today are sent then; after it, tomorrow's date is too late. */
  cutOff: z.string(),
  /** Weekdays the Federal Reserve is closed between the earliest and latest dates. */
  holidays: z.array(z.object({ date: z.string(), name: z.string() })),
});
export type BillPayOverview = z.infer<typeof billPayOverviewSchema>;

export const BILL_PAYMENTS_PAGE_SIZE = 10;

export const billPaymentListQuerySchema = z.strictObject({
  /** Upcoming: Scheduled, soonest first. History: the rest, newest first. */
  view: z.enum(['upcoming', 'history']).default('upcoming'),
  ...pageQueryShape(10_000),
});
export type BillPaymentListQuery = z.input<typeof billPaymentListQuerySchema>;

export const billPaymentPageSchema = z.object({
  payments: z.array(billPaymentViewSchema),
  ...numberedPageShape,
});
export type BillPaymentPage = z.infer<typeof billPaymentPageSchema>;

export const billPaymentResultSchema = z.object({ message: z.string(), payment: billPaymentViewSchema });
export type BillPaymentResult = z.infer<typeof billPaymentResultSchema>;

export const billSeriesResultSchema = z.object({ message: z.string(), series: billSeriesSchema });
export type BillSeriesResult = z.infer<typeof billSeriesResultSchema>;

// ---- Staff: the Bill Pay tab of Payment Operations ----

/** Why a sent payment came back from the biller, in plain words the member is told. */
export const billReturnReasons = [
  { code: 'ACCOUNT_NOT_FOUND', label: 'The biller could not match the account number' },
  { code: 'ACCOUNT_CLOSED', label: 'The account at the biller is closed' },
  { code: 'DUPLICATE', label: 'The biller already received this payment' },
  { code: 'REFUSED', label: 'The biller refused the payment' },
  { code: 'OTHER', label: 'The biller returned the payment' },
] as const;
export type BillReturnCode = (typeof billReturnReasons)[number]['code'];

export const billReturnSchema = z.strictObject({
  code: z.enum(billReturnReasons.map((r) => r.code) as [BillReturnCode, ...BillReturnCode[]], {
    error: messages.paymentOps.returnCodeInvalid,
  }),
  note: z.string().trim().max(500, messages.paymentOps.noteTooLong).default(''),
});
export type BillReturnInput = z.input<typeof billReturnSchema>;

export const staffBillViews = ['due', 'scheduled', 'sent', 'returned'] as const;
export type StaffBillView = (typeof staffBillViews)[number];

export const staffBillPaymentListQuerySchema = z.strictObject({
  /**
   * due: Scheduled for today or earlier; scheduled: for later days, soonest first; sent: sent on `date`;
   * returned: newest first.
   */
  view: z.enum(staffBillViews).default('due'),
  date: isoDay(m.dateInvalid).optional(),
  ...pageQueryShape(100_000),
});
export type StaffBillPaymentListQuery = z.input<typeof staffBillPaymentListQuerySchema>;

export const staffBillPaymentSchema = billPaymentViewSchema.extend({
  member: personRefSchema,
  biller: z.object({ id: z.string(), name: z.string(), delivery: z.enum(['electronic', 'check']) }),
  returnNote: z.string().nullable(),
});
export type StaffBillPayment = z.infer<typeof staffBillPaymentSchema>;

export const staffBillPaymentPageSchema = z.object({
  payments: z.array(staffBillPaymentSchema),
  ...numberedPageShape,
  /** The credit union's today, which "due" and the default export day are measured against. */
  today: z.string(),
  counts: z.object({
    due: z.number().int(),
    scheduled: z.number().int(),
    sent: z.number().int(),
    returned: z.number().int(),
  }),
});
export type StaffBillPaymentPage = z.infer<typeof staffBillPaymentPageSchema>;

export const staffBillPaymentResultSchema = z.object({ message: z.string(), payment: staffBillPaymentSchema });
export type StaffBillPaymentResult = z.infer<typeof staffBillPaymentResultSchema>;

/** `GET /api/admin/bill-pay/export.csv|.ach?date=`: the day's sent payments for the processor. */
export const billExportQuerySchema = z.strictObject({ date: isoDay(m.dateInvalid) });
export type BillExportQuery = z.input<typeof billExportQuerySchema>;

/**
 * The exports' answer header naming the payments they left out ("BP-… ($10.00 to …, account …): why",
 * URI-encoded, joined by " | "): ones the NACHA file cannot carry, and, in both files, ones whose payee
 * number cannot be opened.
 */
export const BILL_PAY_SKIPPED_HEADER = 'x-skipped-payments';
