import { z } from 'zod';
import { moneyString } from './money-string';
import { codeSentShape } from './challenge-codes';
import { labelled } from './labelled';
import { accountTypes } from './members';
import { messages } from './messages';
import { isPositiveAmount, parseMoney } from './money';
import { isCalendarMonth } from './calendar-days';
import { transactionCategories } from './transactions';
import type { TransferStatus } from './transfers';

/**
 * Cards (spec §2 Cards, §3 Demo cards, §5 Card OTP, §8 the card modal; decisions.md: cards are
 * records, every control decides the authorizations a card processor asks us for).
 *
 * Routes (declared in `contract/cards.ts`):
 * - `GET /api/cards` — my cards: picture, status, masked number, controls, credit line, recent
 *   card transactions → `CardsOverview`.
 * - `GET /api/cards/:cardId/statements?month=YYYY-MM` — one month's card transactions and what the
 *   card was charged (purchases apart from cash); for the credit card, the statement: each movement
 *   of the line in its own figure, adding up to the balance, the minimum payment and due date →
 *   `CardStatement`.
 * - `POST /api/cards/:cardId/lock`, `/unlock`, `/report-lost`, `/activate`.
 * - `POST /api/cards/:cardId/codes` (a code bound to the card and one action) and
 *   `/codes/verify`; then `/pin`, `/limits` or `/details` spend the verified code.
 * - The processor (`/api/processor/authorizations`, `/clearings`, `/reversals`, `/refunds`): signed
 *   requests.
 */

const m = messages.cards;

export const { values: cardKinds, labels: cardKindLabels } = labelled([
  ['debit', 'Debit Card'],
  ['credit', 'Credit Card'],
]);
export type CardKind = (typeof cardKinds)[number];

/** `inactive`: a replacement waiting to be activated; `closed`: reported lost or stolen, for ever. */
export const { values: cardStatuses, labels: cardStatusLabels } = labelled([
  ['active', 'Active'],
  ['locked', 'Locked'],
  ['inactive', 'Awaiting activation'],
  ['closed', 'Closed'],
]);
export type CardStatus = (typeof cardStatuses)[number];

export const cardDesigns = ['Standard', 'Platinum'] as const;
export type CardDesign = (typeof cardDesigns)[number];

export const lostReasons = ['lost', 'stolen'] as const;

/** What a card code unlocks (spec §2: a modal for Change PIN, Set Transaction Limits and View Card Details). */
export const { values: cardCodeActions, labels: cardCodeActionLabels } = labelled([
  ['pin', 'Change PIN'],
  ['limits', 'Set Transaction Limits'],
  ['details', 'View Card Details'],
]);
export type CardCodeAction = (typeof cardCodeActions)[number];

/** The account type a credit card's line is kept in (a ledger account that may go below zero, to its limit). */
export const CREDIT_CARD_ACCOUNT = 'Credit Card';

/** How a purchase reached us. */
export const { values: cardChannels, labels: cardChannelLabels } = labelled([
  ['in_store', 'In store'],
  ['online', 'Online'],
  ['atm', 'ATM'],
]);
export type CardChannel = (typeof cardChannels)[number];

/** Why an authorization was declined, and the words the member and the processor read. */
export const declineReasons = {
  card_unknown: 'Declined: unknown card',
  card_locked: 'Declined: card locked',
  card_closed: 'Declined: card reported lost or stolen',
  card_inactive: 'Declined: card not activated',
  card_expired: 'Declined: card expired',
  expiry_mismatch: 'Declined: wrong expiry date',
  pin_required: 'Declined: PIN required',
  pin_not_set: 'Declined: no PIN set',
  pin_incorrect: 'Declined: incorrect PIN',
  pin_tries_exceeded: 'Declined: too many incorrect PINs today',
  cvv_incorrect: 'Declined: incorrect security code',
  cvv_tries_exceeded: 'Declined: too many incorrect PINs or security codes today',
  online_off: 'Declined: online purchases turned off',
  international_off: 'Declined: international use turned off',
  atm_off: 'Declined: ATM use turned off',
  over_purchase_limit: 'Declined: over your per-purchase limit',
  over_daily_limit: 'Declined: over your daily limit',
  over_atm_limit: 'Declined: over your daily ATM limit',
  insufficient_funds: 'Declined: insufficient funds',
  over_credit_limit: 'Declined: over your credit limit',
  account_on_hold: 'Declined: account on hold',
} as const;
export type DeclineReason = keyof typeof declineReasons;

export const { values: cardTransactionStatuses, labels: cardTransactionStatusLabels } = labelled([
  ['pending', 'Pending'],
  ['posted', 'Posted'],
  ['declined', 'Declined'],
  ['reversed', 'Reversed'],
  ['expired', 'Expired'],
]);
export type CardTransactionStatus = (typeof cardTransactionStatuses)[number];

/** Why a hold ended with nothing charged, in the member's words: the ledger records it on the hold's release. */
export const cardHoldEndReasons = {
  reversed: 'Reversed by the merchant',
  expired: 'The merchant did not complete this purchase',
} as const satisfies Partial<Record<CardTransactionStatus, string>>;

/**
 * A card transaction in the words of the member's transaction history, which shows the same row
 * (the hold, its posting, or the record of a decline): Pending while held, Completed once cleared,
 * Failed when declined, reversed or expired, with the reason ("Declined: card locked").
 */
export function cardTransactionInHistory(transaction: {
  status: CardTransactionStatus;
  declineReason: string | null;
}): { status: TransferStatus; reason: string | null } {
  switch (transaction.status) {
    case 'pending':
      return { status: 'Pending', reason: null };
    case 'posted':
      return { status: 'Completed', reason: null };
    case 'declined':
      return { status: 'Failed', reason: transaction.declineReason };
    default:
      return { status: 'Failed', reason: cardHoldEndReasons[transaction.status] };
  }
}

/** A PIN nobody should choose: one digit four times, or four in a row up or down. */
export function isTrivialPin(pin: string): boolean {
  if (!/^\d{4}$/.test(pin)) return false;
  const digits = [...pin].map(Number);
  const steps = digits.slice(1).map((digit, index) => (digit - (digits[index] ?? 0) + 10) % 10);
  return steps.every((step) => step === 0) || steps.every((step) => step === 1) || steps.every((step) => step === 9);
}

// ---- What the member reads ----

export const cardControlsSchema = z.object({
  /** Decimals, dollars. */
  perPurchase: moneyString,
  dailyPurchases: moneyString,
  dailyAtm: moneyString,
  online: z.boolean(),
  international: z.boolean(),
  atm: z.boolean(),
});
export type CardControls = z.infer<typeof cardControlsSchema>;

export const cardTransactionSchema = z.object({
  id: z.uuid(),
  merchant: z.string(),
  channel: z.enum(cardChannels),
  /** What the history files it under, from the merchant's category code: Food, Shopping, Withdrawal (ATM)… */
  category: z.enum(transactionCategories),
  /** What was asked for, and (once cleared) what was taken: decimals. */
  amount: moneyString,
  clearedAmount: moneyString.nullable(),
  status: z.enum(cardTransactionStatuses),
  /** Declined: the reason in plain words ("Declined: card locked"). */
  declineReason: z.string().nullable(),
  authorizedAt: z.string(),
  clearedAt: z.string().nullable(),
  /** Credit card purchases: reward points earned when it cleared. */
  points: z.number().int(),
  /**
   * When staff reversed its posting (a deleted transaction, Delete User Transactions): the money
   * went back, and a credit card purchase's points were taken back. Null otherwise.
   */
  reversedByStaffAt: z.string().nullable(),
});
export type CardTransaction = z.infer<typeof cardTransactionSchema>;

export const creditLineSchema = z.object({
  limit: moneyString,
  /** What is owed now (posted), and what pending purchases will add. */
  balance: moneyString,
  pending: moneyString,
  available: moneyString,
  rewardsPoints: z.number().int(),
  /** The points as cash back: 1 point = 1 cent. */
  rewardsValue: moneyString,
  /** "2%": what each cleared purchase earns. */
  rewardsRate: z.string(),
});
export type CreditLine = z.infer<typeof creditLineSchema>;

export const cardSchema = z.object({
  id: z.uuid(),
  kind: z.enum(cardKinds),
  design: z.enum(cardDesigns),
  nameOnCard: z.string(),
  /** `•••• •••• •••• 4242`: the full number is only ever in View Card Details. */
  numberMasked: z.string(),
  last4: z.string(),
  /**
   * `MM/YY`; null while the card waits to be activated: activation asks for the expiry printed on
   * the card the member received, so the portal does not show it.
   */
  expiry: z.string().nullable(),
  status: z.enum(cardStatuses),
  /** Debit: the account it spends from. */
  linkedAccount: z.object({ type: z.enum(accountTypes), last4: z.string() }).nullable(),
  credit: creditLineSchema.nullable(),
  controls: cardControlsSchema,
  pinSet: z.boolean(),
  closedReason: z.enum(lostReasons).nullable(),
  closedAt: z.string().nullable(),
  /** A closed card's replacement, and the card a replacement replaces. */
  replacedById: z.uuid().nullable(),
  replacesId: z.uuid().nullable(),
  issuedAt: z.string(),
  recentTransactions: z.array(cardTransactionSchema),
});
export type Card = z.infer<typeof cardSchema>;

export const cardsOverviewSchema = z.object({
  cards: z.array(cardSchema),
  /** The most each limit can be set to. */
  limitCeilings: z.object({ perPurchase: moneyString, dailyPurchases: moneyString, dailyAtm: moneyString }),
  /** How long View Card Details shows the number. */
  detailsSeconds: z.number().int(),
});
export type CardsOverview = z.infer<typeof cardsOverviewSchema>;

export const cardStatementQuerySchema = z.strictObject({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month is YYYY-MM')
    .refine(isCalendarMonth, 'Month is YYYY-MM')
    .optional(),
});

export const cardStatementSchema = z.object({
  cardId: z.uuid(),
  /** `YYYY-MM`: the month shown, and the months with card activity (newest first). */
  month: z.string(),
  months: z.array(z.string()),
  transactions: z.array(cardTransactionSchema),
  /**
   * What the card was charged in the month (cleared and posted in it), each kind in its own figure:
   * purchases, and cash (`withdrawals`: ATM withdrawals and cash paid out by a bank — what the history
   * files under Withdrawal; a credit card's cash advances). Debit card: this card's. Credit card: the
   * line's, from its ledger entries of the month, so the statement adds up (see `credit`).
   */
  purchases: moneyString,
  withdrawals: moneyString,
  /**
   * Merchants' refunds of the card's purchases credited in the month (`POST /api/processor/refunds`):
   * back to the account a debit card draws on; a credit card's are in `credit.credits` too.
   */
  refunds: moneyString,
  /**
   * Credit card: the statement at the month's close, every posted movement of the line in one figure:
   * openingBalance + purchases + withdrawals + otherCharges − payments − credits = statementBalance.
   */
  credit: z
    .object({
      openingBalance: moneyString,
      /** Charged besides card use: a payment undone by staff (the portal charges no fees or interest). */
      otherCharges: moneyString,
      payments: moneyString,
      /** Charges undone: a merchant's refund (also in `refunds`), or a purchase or withdrawal staff reversed. */
      credits: moneyString,
      statementBalance: moneyString,
      minimumPayment: moneyString,
      /** `YYYY-MM-DD`. */
      dueDate: z.string(),
      /** Points of purchases that cleared in this month (points are earned at clearing). */
      pointsEarned: z.number().int(),
      /**
       * Points taken back from the card's total in this month: a merchant's refund takes back its share of
       * the purchase's points; a purchase staff reversed, what it still had.
       */
      pointsTakenBack: z.number().int(),
      /** The month is still open: the figures so far. */
      open: z.boolean(),
    })
    .nullable(),
});
export type CardStatement = z.infer<typeof cardStatementSchema>;

// ---- What the member sends ----

export const reportLostSchema = z.strictObject({
  reason: z.enum(lostReasons, { error: m.reasonRequired }),
});

export const activateCardSchema = z.strictObject({
  last4: z
    .string({ error: m.activationLast4 })
    .trim()
    .regex(/^\d{4}$/, m.activationLast4),
  expiry: z
    .string({ error: m.activationExpiry })
    .trim()
    .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, m.activationExpiry),
});
export type ActivateCardInput = z.input<typeof activateCardSchema>;

/** Spec §5 "Card OTP": digits only, 6 characters. */
export const cardOtpSchema = z
  .string({ error: m.otpInvalid })
  .trim()
  .regex(/^\d{6}$/, m.otpInvalid);

/**
 * Asking for a card code as the modal opens (`{ action }`) answers with the code already sent for this
 * card and action while it still works; `fresh: true` ("Send a new code") always sends a new one.
 */
export const cardCodeRequestSchema = z.strictObject({
  action: z.enum(cardCodeActions),
  fresh: z
    .boolean()
    .optional()
    .describe(
      'true ("Send a new code"): always a new code, sent and counted against the rate limit. Otherwise a code ' +
        'still open for this card and action (not expired, verified, used or out of tries) is answered again: ' +
        'nothing is sent and nothing counted.',
    ),
});

export const cardCodeSchema = z.object({ challengeId: z.uuid(), ...codeSentShape });
export type CardCode = z.infer<typeof cardCodeSchema>;

export const cardCodeVerifySchema = z.strictObject({
  challengeId: z.uuid({ error: m.otpExpired }),
  action: z.enum(cardCodeActions),
  otp: cardOtpSchema,
});
export type CardCodeVerifyInput = z.input<typeof cardCodeVerifySchema>;

const challengeField = z.uuid({ error: m.otpExpired });
const pinField = z.string({ error: m.pinFormat }).regex(/^\d{4}$/, m.pinFormat);

export const changePinSchema = z
  .strictObject({ challengeId: challengeField, pin: pinField, confirmPin: z.string({ error: m.pinMismatch }) })
  .superRefine((input, ctx) => {
    if (isTrivialPin(input.pin)) ctx.addIssue({ code: 'custom', path: ['pin'], message: m.pinTrivial });
    else if (input.pin !== input.confirmPin)
      ctx.addIssue({ code: 'custom', path: ['confirmPin'], message: m.pinMismatch });
  });
export type ChangePinInput = z.input<typeof changePinSchema>;

const limitField = z.string({ error: m.limitInvalid }).trim().refine(isPositiveAmount, m.limitInvalid);

export const cardLimitsSchema = z
  .strictObject({
    challengeId: challengeField,
    perPurchase: limitField,
    dailyPurchases: limitField,
    dailyAtm: limitField,
    online: z.boolean(),
    international: z.boolean(),
    atm: z.boolean(),
  })
  .superRefine((input, ctx) => {
    const per = parseMoney(input.perPurchase);
    const daily = parseMoney(input.dailyPurchases);
    if (per.ok && daily.ok && per.cents > daily.cents)
      ctx.addIssue({ code: 'custom', path: ['perPurchase'], message: m.perPurchaseOverDaily });
  });
export type CardLimitsInput = z.input<typeof cardLimitsSchema>;

export const cardDetailsRequestSchema = z.strictObject({ challengeId: challengeField });

export const cardDetailsSchema = z.object({
  number: z.string(),
  expiry: z.string(),
  cvv: z.string(),
  nameOnCard: z.string(),
  /** When the portal hides them again (ISO time). */
  visibleUntil: z.string(),
  message: z.string(),
});
export type CardDetails = z.infer<typeof cardDetailsSchema>;

export const cardResultSchema = z.object({ message: z.string(), card: cardSchema });
export type CardResult = z.infer<typeof cardResultSchema>;

export const cardCodeVerifiedSchema = z.object({ verified: z.literal(true) });

// ---- The card processor's interface ----

/** Header names of a signed processor request: `t=<unix seconds>` and the HMAC-SHA256 of `${t}.${body}`, hex. */
export const PROCESSOR_TIMESTAMP_HEADER = 'x-processor-timestamp';
export const PROCESSOR_SIGNATURE_HEADER = 'x-processor-signature';

const processorId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and _ . : - only');
const wireAmount = z.string().refine(isPositiveAmount, 'a positive amount in dollars, e.g. "4.50"');

const merchantCategoryCode = z.string().regex(/^\d{4}$/, '4 digits (ISO 18245 merchant category code)');

export const processorHeadersSchema = z.object({
  [PROCESSOR_TIMESTAMP_HEADER]: z.string().regex(/^\d{1,12}$/, 'unix seconds'),
  [PROCESSOR_SIGNATURE_HEADER]: z.string().regex(/^[0-9a-f]{64}$/, 'hex HMAC-SHA256'),
});

export const processorAuthorizationSchema = z.strictObject({
  /** The processor's id for this authorization: a repeat with the same id gets the same answer. */
  id: processorId,
  cardNumber: z.string().regex(/^\d{13,19}$/, '13 to 19 digits'),
  /** `MM/YY`, as read from the card. */
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'MM/YY'),
  amount: wireAmount,
  currency: z.literal('USD'),
  merchant: z.strictObject({
    name: z.string().trim().min(1).max(60),
    /** ISO 3166 alpha-2; anything but the credit union's country is international. */
    country: z.string().regex(/^[A-Z]{2}$/, 'ISO 3166 alpha-2'),
    /**
     * The merchant category code (MCC, ISO 18245), four digits: what kind of business it is, which
     * files the purchase under Food, Transportation, Entertainment or Shopping in the member's
     * history. Missing: unknown (Shopping). Cash at an ATM is a Withdrawal whatever the code.
     */
    categoryCode: merchantCategoryCode.optional(),
  }),
  channel: z.enum(cardChannels),
  /** Present when the cardholder typed a PIN (in store, ATM). */
  pin: z
    .string()
    .regex(/^\d{4}$/, '4 digits')
    .optional(),
  /**
   * The card's security code (CVV2, 3 digits), when the cardholder typed it (a purchase with the card
   * not present, online). Checked when present: a wrong one declines and counts as a wrong PIN does.
   */
  cvv: z
    .string()
    .regex(/^\d{3}$/, '3 digits')
    .optional(),
});
export type ProcessorAuthorization = z.infer<typeof processorAuthorizationSchema>;

export const processorAuthorizationResultSchema = z.object({
  id: z.string(),
  authorizationId: z.uuid().nullable(),
  decision: z.enum(['approved', 'declined']),
  reason: z.string().nullable(),
  message: z.string(),
});
export type ProcessorAuthorizationResult = z.infer<typeof processorAuthorizationResultSchema>;

export const processorClearingSchema = z.strictObject({
  id: processorId,
  /** The processor's id of the authorization this clears. */
  authorizationId: processorId,
  /**
   * May differ from what was authorized: a tip (a purchase only, at most 20% over; cash never clears
   * above its authorization), a partial shipment.
   */
  amount: wireAmount,
});
export type ProcessorClearing = z.infer<typeof processorClearingSchema>;

export const processorReversalSchema = z.strictObject({
  id: processorId,
  authorizationId: processorId,
});
export type ProcessorReversal = z.infer<typeof processorReversalSchema>;

/**
 * A merchant's refund of a cleared purchase: a credit to the member (the account a debit card draws on;
 * a credit card's line). Several may refund one purchase, together never more than it cleared for.
 */
export const processorRefundSchema = z.strictObject({
  /** The processor's id for this refund: a repeat with the same id gets the same answer. */
  id: processorId,
  /** The processor's id of the cleared purchase (its authorization) this refunds. */
  authorizationId: processorId,
  amount: wireAmount,
});
export type ProcessorRefund = z.infer<typeof processorRefundSchema>;

export const processorRefundResultSchema = z.object({
  id: z.string(),
  authorizationId: z.string(),
  status: z.literal('refunded'),
  /** This refund. */
  amount: moneyString,
  /** Every refund of the purchase so far, this one included, and what is left to refund of what it cleared for. */
  refunded: moneyString,
  refundable: moneyString,
  /** A credit card purchase's reward points this refund took back. */
  pointsTakenBack: z.number().int(),
});
export type ProcessorRefundResult = z.infer<typeof processorRefundResultSchema>;

export const processorSettlementResultSchema = z.object({
  id: z.string(),
  authorizationId: z.string(),
  status: z.enum(['posted', 'reversed']),
  amount: moneyString,
});
export type ProcessorSettlementResult = z.infer<typeof processorSettlementResultSchema>;

// ---- The demo's card terminal (/dev/terminal; absent in production) ----

export const terminalCardSchema = z.object({
  cardId: z.uuid(),
  member: z.string(),
  kind: z.enum(cardKinds),
  status: z.enum(cardStatuses),
  number: z.string(),
  expiry: z.string(),
});

export const terminalOverviewSchema = z.object({
  cards: z.array(terminalCardSchema),
  recent: z.array(
    z.object({
      id: z.string(),
      cardLast4: z.string(),
      merchant: z.string(),
      amount: moneyString,
      status: z.enum(cardTransactionStatuses),
      /** What merchants' refunds gave back of a cleared purchase so far, and what is left to refund (none for cash). */
      refunded: moneyString,
      refundable: moneyString,
      declineReason: z.string().nullable(),
      authorizedAt: z.string(),
    }),
  ),
});
export type TerminalOverview = z.infer<typeof terminalOverviewSchema>;

/**
 * The terminal's Merchant category: a few common merchant category codes (ISO 18245), each filed
 * under Food, Transportation, Entertainment or Shopping; none sends no code (Shopping).
 */
export const { values: terminalMerchantCategories, labels: terminalMerchantCategoryLabels } = labelled([
  ['5411', 'Grocery store (5411)'],
  ['5812', 'Restaurant (5812)'],
  ['5541', 'Fuel station (5541)'],
  ['4121', 'Taxi or rideshare (4121)'],
  ['7832', 'Movie theater (7832)'],
  ['5815', 'Streaming and digital media (5815)'],
  ['5311', 'Department store (5311)'],
]);

/**
 * The terminal's form, checked in the browser and by the server with the same words, which a
 * person reads under the fields (the processor interface above answers a program, tersely).
 */
export const terminalPurchaseSchema = z.strictObject({
  cardNumber: z.string().regex(/^\d{13,19}$/, 'Pick a card, or type a card number of 13 to 19 digits'),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, m.activationExpiry),
  amount: z.string().refine(isPositiveAmount, 'Enter a positive amount in dollars, e.g. 4.50'),
  merchant: z.string().trim().min(1, 'Name the merchant').max(60),
  country: z.string().regex(/^[A-Z]{2}$/, 'Enter the country as two letters, e.g. US'),
  channel: z.enum(cardChannels),
  /** A merchant category code, or empty for none. */
  categoryCode: z
    .string()
    .regex(/^(\d{4})?$/, 'Pick a merchant category, or none')
    .optional(),
  pin: z
    .string()
    .regex(/^(\d{4})?$/, m.pinFormat)
    .optional(),
});
export type TerminalPurchaseInput = z.input<typeof terminalPurchaseSchema>;

export const terminalSettleSchema = z.strictObject({
  /** The processor id of the authorization. */
  authorizationId: z.string().min(1).max(64),
  /** Clear or reverse a pending authorization; refund (part of) a cleared purchase. */
  action: z.enum(['clear', 'reverse', 'refund']),
  /** Clearing: the amount to clear (defaults to what was authorized). Refund: the amount (defaults to what is left). */
  amount: z.string().optional(),
});

/** What the terminal heard back: the processor interface's answer, and its HTTP status. */
export const terminalResultSchema = z.object({ status: z.number().int(), body: z.unknown() });
