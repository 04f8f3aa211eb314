import { z } from 'zod';
import { moneyString } from './money-string';
import { labelled } from './labelled';
import { personRefSchema } from './members';
import { messages } from './messages';
import { numberedPageShape, pageQueryShape } from './numbered-pages';

/**
 * Payment Operations (decisions.md: "a payment order with a hold on the funds … in a staff
 * operations queue"): staff settle or return ACH and international orders and export pending ACH
 * orders as a NACHA file.
 *
 * Routes (all staff-only; declared in `contract/payment-ops.ts`):
 * - `GET /api/admin/payment-orders?status=&page=` → `PaymentOrderPage` (pending: oldest first).
 * - `POST /api/admin/payment-orders/:id/settle` → `PaymentOrderResult`.
 * - `POST /api/admin/payment-orders/:id/return` — `paymentReturnSchema` → `PaymentOrderResult`.
 * - `POST /api/admin/payment-orders/ach-export?sec=WEB|PPD` (or body `{ sec }`) → 201 `AchExportResult`.
 * - `GET /api/admin/payment-orders/ach-exports` → `{ exports: AchExportSummary[] }`, newest first.
 * - `GET /api/admin/payment-orders/ach-exports/:id/file` → the NACHA file (text/plain, attachment).
 */

const m = messages.paymentOps;

export const { values: paymentOrderStatuses, labels: paymentOrderStatusLabels } = labelled([
  ['pending', 'Pending'],
  ['settled', 'Settled'],
  ['returned', 'Returned'],
  ['expired', 'Expired'],
]);
export type PaymentOrderStatus = (typeof paymentOrderStatuses)[number];

export const { values: paymentRails, labels: paymentRailLabels } = labelled([
  ['ach', 'ACH'],
  ['international', 'International wire'],
]);
export type PaymentRail = (typeof paymentRails)[number];

/** Where a payment order sends the money: the rail and the beneficiary at their bank. */
export interface PaymentOrderDetails {
  rail: PaymentRail;
  beneficiaryName: string;
  bankName: string;
  accountNumber: string;
  routingNumber?: string;
  swiftCode?: string;
  iban?: string | null;
  country?: string;
  currency?: string;
}

export interface ReturnReason {
  code: string;
  /** Plain words: what the member is told (their history shows the payment Failed with these). */
  label: string;
}

/** The NACHA return codes staff use for an outgoing ACH credit, in plain words. */
export const achReturnReasons = [
  { code: 'R01', label: 'Insufficient funds' },
  { code: 'R02', label: 'Account closed' },
  { code: 'R03', label: 'No account / unable to locate account' },
  { code: 'R04', label: 'Invalid account number structure' },
  { code: 'R08', label: 'Payment stopped' },
  { code: 'R10', label: 'Customer advises not authorized' },
  { code: 'R16', label: 'Account frozen' },
  { code: 'R20', label: 'Non-transaction account' },
] as const satisfies readonly ReturnReason[];

/** Why an international wire comes back (no shared code list exists; these are ours). */
export const internationalReturnReasons = [
  { code: 'BANK_REJECTED', label: 'Beneficiary bank rejected the payment' },
  { code: 'INVALID_ACCOUNT', label: 'Invalid IBAN or account number' },
  { code: 'COMPLIANCE', label: 'Sanctions or compliance review failed' },
  { code: 'NAME_MISMATCH', label: 'Beneficiary name does not match the account' },
  { code: 'CURRENCY_REFUSED', label: 'Beneficiary bank does not accept this currency' },
] as const satisfies readonly ReturnReason[];

export const returnReasonsByRail: Record<PaymentRail, readonly ReturnReason[]> = {
  ach: achReturnReasons,
  international: internationalReturnReasons,
};

/** The reason for `code` on `rail`, if it is one of that rail's codes. */
export function returnReasonFor(rail: PaymentRail, code: string): ReturnReason | undefined {
  return returnReasonsByRail[rail].find((reason) => reason.code === code);
}

const allReturnCodes = new Set<string>(
  [...achReturnReasons, ...internationalReturnReasons].map((reason) => reason.code),
);

export const RETURN_NOTE_MAX = 500;

/** `POST …/:id/return`: a code from the order's rail and an optional note the member is sent. */
export const paymentReturnSchema = z.strictObject({
  code: z
    .string({ error: m.returnCodeRequired })
    .trim()
    .min(1, m.returnCodeRequired)
    .refine((code) => allReturnCodes.has(code), m.returnCodeInvalid),
  note: z.string().trim().max(RETURN_NOTE_MAX, m.noteTooLong).optional().default(''),
});
export type PaymentReturnInput = z.input<typeof paymentReturnSchema>;

export const PAYMENT_ORDERS_PAGE_SIZE = 25;

export const paymentOrderListQuerySchema = z.strictObject({
  status: z.enum(paymentOrderStatuses).default('pending'),
  ...pageQueryShape(100_000),
});
export type PaymentOrderListQuery = z.input<typeof paymentOrderListQuerySchema>;

/** Standard Entry Class: member-initiated online transfers are WEB; PPD when the ODFI asks for it. */
export const achSecCodes = ['WEB', 'PPD'] as const;
export type AchSecCode = (typeof achSecCodes)[number];
export const achExportQuerySchema = z.strictObject({ sec: z.enum(achSecCodes, { error: m.secInvalid }).optional() });
/** The body is optional: a POST without one exports WEB (or what `?sec=` says). */
export const achExportBodySchema = z
  .strictObject({ sec: z.enum(achSecCodes, { error: m.secInvalid }).optional() })
  .nullish();

export const paymentOrderSchema = z.object({
  id: z.string(),
  rail: z.enum(paymentRails),
  status: z.enum(paymentOrderStatuses),
  amount: moneyString,
  member: personRefSchema,
  /** The member's account the money comes from. */
  fromAccount: z.string(),
  beneficiary: z.object({
    name: z.string(),
    bankName: z.string(),
    /** ACH only. */
    routingNumber: z.string().nullable(),
    /** Never the full number: `••6789`. */
    accountNumberMasked: z.string(),
    /** International only. */
    swiftCode: z.string().nullable(),
    ibanMasked: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string().nullable(),
  }),
  reference: z.string().nullable(),
  createdAt: z.string(),
  /** Minutes since the order was placed, by the server's clock. */
  ageMinutes: z.number().int(),
  /** When a pending order lapses on its own (null when expiry is off, or once resolved). */
  expiresAt: z.string().nullable(),
  exported: z.object({ id: z.string(), fileName: z.string(), createdAt: z.string() }).nullable(),
  resolvedAt: z.string().nullable(),
  /** The staff e-mail that settled or returned it; "system" for an expiry. */
  resolvedBy: z.string().nullable(),
  returnCode: z.string().nullable(),
  returnReason: z.string().nullable(),
  /** What staff wrote when returning it (or why it was cancelled); the member was told it too. */
  returnNote: z.string().nullable(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;

export const paymentOrderPageSchema = z.object({
  orders: z.array(paymentOrderSchema),
  ...numberedPageShape,
  counts: z.object({
    pending: z.number().int(),
    settled: z.number().int(),
    returned: z.number().int(),
    expired: z.number().int(),
  }),
  /** Pending ACH orders not yet in a NACHA file. */
  achToExport: z.number().int(),
});
export type PaymentOrderPage = z.infer<typeof paymentOrderPageSchema>;

export const paymentOrderResultSchema = z.object({ message: z.string(), order: paymentOrderSchema });
export type PaymentOrderResult = z.infer<typeof paymentOrderResultSchema>;

export const achExportSummarySchema = z.object({
  id: z.string(),
  fileName: z.string(),
  secCode: z.string(),
  entryCount: z.number().int(),
  totalAmount: moneyString,
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type AchExportSummary = z.infer<typeof achExportSummarySchema>;

/** A pending ACH order the file left out (its amount, routing or account number cannot be written). */
export const achExportSkippedSchema = z.object({
  id: z.string(),
  amount: moneyString,
  beneficiaryName: z.string(),
  reason: z.string(),
});
export type AchExportSkipped = z.infer<typeof achExportSkippedSchema>;

/** The file made, and any order it left out (named in `message` too): they stay pending for staff to return. */
export const achExportResultSchema = z.object({
  message: z.string(),
  export: achExportSummarySchema,
  skipped: z.array(achExportSkippedSchema),
});
export type AchExportResult = z.infer<typeof achExportResultSchema>;

export const achExportListSchema = z.object({ exports: z.array(achExportSummarySchema) });
export type AchExportList = z.infer<typeof achExportListSchema>;
