import { z } from 'zod';
import { moneyString } from './money-string';
import { labelled } from './labelled';
import { accountTypes } from './members';
import { messages } from './messages';
import { isPositiveAmount } from './money';
import { numberedPageShape, pageQueryShape } from './numbered-pages';

/**
 * Mobile check deposit (spec §2 Mobile Deposit, §3, §4: created Pending Review with a pending
 * credit, §5, §8 its success message, §9 10,000 per check; decisions.md: a staff review queue,
 * the limit enforced and shown).
 *
 * Routes (declared in `contract/deposits.ts`):
 * - `GET /api/deposits` — the form's facts (accounts, limits left, endorsement, funds policy) and
 *   my deposits, newest first → `DepositOverview`.
 * - `POST /api/deposits` — multipart: the JSON part `deposit` (`DepositRequest`), the files
 *   `front` and `back`; an `Idempotency-Key` header → `DepositResult` (201).
 * - Staff (`/admin/deposits`): the queue by status with counts, one deposit with the member's
 *   history and flags, Approve, Reject with a reason, Return item with a reason.
 * Check images are served by `GET /api/files/:id`: to the member who sent them and to staff.
 */

const m = messages.deposits;

export const { values: depositStatuses, labels: depositStatusLabels } = labelled([
  ['pending_review', 'Pending Review'],
  ['accepted', 'Accepted'],
  ['rejected', 'Rejected'],
  ['returned', 'Returned'],
]);
export type DepositStatus = (typeof depositStatuses)[number];

/**
 * The word on a deposit's badge: its status, or "Reversed" once staff took an accepted deposit's
 * money back (it stays under Accepted; the reversal is read from the ledger).
 */
export function depositBadgeLabel(deposit: { status: DepositStatus; reversedAt: string | null }): string {
  return isReversedDeposit(deposit) ? 'Reversed' : depositStatusLabels[deposit.status];
}

/** An accepted deposit whose posted credit staff reversed: its money went back. */
export function isReversedDeposit(deposit: { status: DepositStatus; reversedAt: string | null }): boolean {
  return deposit.status === 'accepted' && deposit.reversedAt !== null;
}

export const CHECK_NUMBER_MAX_DIGITS = 10;
export const REVIEW_REASON_MAX = 300;

/** The form's JSON part. Amount at least 0.01 in steps of 0.01 (spec §5 "Amount inputs"). */
export const depositRequestSchema = z.strictObject({
  toAccount: z.enum(accountTypes, { error: m.chooseAccount }),
  amount: z.string({ error: m.fillAllFields }).trim().min(1, m.fillAllFields).refine(isPositiveAmount, m.invalidAmount),
  /** Optional: the number printed top right of the check, used to catch the same check twice. */
  checkNumber: z
    .string()
    .trim()
    .regex(new RegExp(`^(\\d{1,${CHECK_NUMBER_MAX_DIGITS}})?$`), m.checkNumberInvalid)
    .default(''),
});
export type DepositInput = z.input<typeof depositRequestSchema>;
export type DepositRequest = z.output<typeof depositRequestSchema>;

/** One window's limit: how much and how many, and what is left of each now. Amounts are decimals. */
export const depositWindowSchema = z.object({
  amount: moneyString,
  count: z.number().int(),
  amountLeft: moneyString,
  countLeft: z.number().int(),
});
export type DepositWindow = z.infer<typeof depositWindowSchema>;

export const depositLimitsSchema = z.object({
  perCheck: moneyString,
  /** The credit union's calendar day (TIME_ZONE). */
  daily: depositWindowSchema,
  /** The last 30 days, today included. */
  thirtyDays: depositWindowSchema,
  /** Members of fewer than `newMemberDays` days have lower limits, until `newMemberUntil` (a day). */
  newMember: z.boolean(),
  newMemberUntil: z.string().nullable(),
});
export type DepositLimits = z.infer<typeof depositLimitsSchema>;

/** One part of an accepted deposit's money and the day it becomes available. */
export const depositAvailabilitySchema = z.object({
  amount: moneyString,
  /** `YYYY-MM-DD`, the credit union's calendar. */
  availableOn: z.string(),
  released: z.boolean(),
});

export const depositViewSchema = z.object({
  id: z.uuid(),
  toAccount: z.enum(accountTypes),
  accountNumberLast4: z.string(),
  amount: moneyString,
  checkNumber: z.string().nullable(),
  status: z.enum(depositStatuses),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  /** Accepted: the day the last of the money is available (`YYYY-MM-DD`). */
  availableOn: z.string().nullable(),
  availability: z.array(depositAvailabilitySchema),
  /** Rejected: why, in plain words. */
  rejectReason: z.string().nullable(),
  /** Returned: when and why (the check bounced). */
  returnedAt: z.string().nullable(),
  returnReason: z.string().nullable(),
  /** Returned after the money was spent: what the account could not cover and is still owed. */
  amountOwed: z.string().nullable(),
  /**
   * Accepted, then its money taken back by staff (a deleted transaction, Delete User Transactions):
   * when and why. It cannot be returned as well: the money moved back once.
   */
  reversedAt: z.string().nullable(),
  reversalReason: z.string().nullable(),
  frontImageUrl: z.string(),
  backImageUrl: z.string(),
});
export type DepositView = z.infer<typeof depositViewSchema>;

export const DEPOSITS_PAGE_SIZE = 10;

export const depositListQuerySchema = z.strictObject(pageQueryShape(10_000));
export type DepositListQuery = z.input<typeof depositListQuerySchema>;

export const depositOverviewSchema = z.object({
  accounts: z.array(z.object({ type: z.enum(accountTypes), accountNumberLast4: z.string() })),
  /** "For mobile deposit only at {credit union}": what to write under the signature. */
  endorsement: z.string(),
  limits: depositLimitsSchema,
  /** Each image must be smaller than this. */
  imageMaxBytes: z.number().int(),
  /** The funds-availability policy in one or two sentences. */
  policy: z.string(),
  deposits: z.array(depositViewSchema),
  ...numberedPageShape,
});
export type DepositOverview = z.infer<typeof depositOverviewSchema>;

export const depositResultSchema = z.object({ message: z.string(), deposit: depositViewSchema });
export type DepositResult = z.infer<typeof depositResultSchema>;

// ---- Staff: the review queue ----

export const depositFlagKinds = ['duplicate_image', 'similar_image', 'same_check', 'new_member', 'over_usual'] as const;
export type DepositFlagKind = (typeof depositFlagKinds)[number];

/** Something staff should look at before approving, in plain words; `depositId` the other deposit, if any. */
export const depositFlagSchema = z.object({
  kind: z.enum(depositFlagKinds),
  label: z.string(),
  depositId: z.uuid().nullable(),
});
export type DepositFlag = z.infer<typeof depositFlagSchema>;

const staffMemberSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  /** When the member was approved (or registered): `YYYY-MM-DD`. */
  memberSince: z.string(),
});

export const staffDepositSchema = depositViewSchema.extend({
  member: staffMemberSchema,
  flags: z.array(depositFlagSchema),
  reviewedBy: z.string().nullable(),
  returnedBy: z.string().nullable(),
  /** Who reversed its money (`reversedAt`), if staff did. */
  reversedBy: z.string().nullable(),
});
export type StaffDeposit = z.infer<typeof staffDepositSchema>;

export const staffDepositListQuerySchema = z.strictObject({
  /** Pending Review is oldest first (the queue); the others newest first. */
  status: z.enum(depositStatuses).default('pending_review'),
  ...pageQueryShape(10_000),
});
export type StaffDepositListQuery = z.input<typeof staffDepositListQuerySchema>;

export const staffDepositPageSchema = z.object({
  deposits: z.array(staffDepositSchema),
  counts: z.record(z.enum(depositStatuses), z.number().int()),
  ...numberedPageShape,
});
export type StaffDepositPage = z.infer<typeof staffDepositPageSchema>;

export const staffDepositDetailSchema = z.object({
  deposit: staffDepositSchema,
  /** The member's other deposits, newest first (at most 20). */
  history: z.array(depositViewSchema),
  /** The member's accepted deposits before this one: how many, and their average amount. */
  usual: z.object({ count: z.number().int(), average: z.string().nullable() }),
});
export type StaffDepositDetail = z.infer<typeof staffDepositDetailSchema>;

const reasonField = z
  .string({ error: m.reasonRequired })
  .trim()
  .min(1, m.reasonRequired)
  .max(REVIEW_REASON_MAX, m.reasonTooLong(REVIEW_REASON_MAX));

/** Reject (before approval) or Return item (after: the check bounced): the reason the member reads. */
export const depositReasonSchema = z.strictObject({ reason: reasonField });
export type DepositReason = z.infer<typeof depositReasonSchema>;

/** Reasons staff pick from most often (they may write their own). */
export const depositRejectReasons = [
  'The photo of the check is not clear enough to read',
  'The check is not endorsed "For mobile deposit only"',
  'The amount entered does not match the check',
  'The check is made out to someone else',
  'The check is post-dated or more than six months old',
  'This check has already been deposited',
] as const;
export const depositReturnReasons = [
  'Insufficient funds in the check writer’s account',
  'The check writer’s account is closed',
  'Payment was stopped by the check writer',
  'The check was reported altered or counterfeit',
] as const;

export const staffDepositResultSchema = z.object({ message: z.string(), deposit: staffDepositSchema });
export type StaffDepositResult = z.infer<typeof staffDepositResultSchema>;
