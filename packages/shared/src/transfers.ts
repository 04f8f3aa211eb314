import { z } from 'zod';
import { moneyString } from './money-string';
import { challengeCodeShape, codeSentShape } from './challenge-codes';
import { accountTypes } from './members';
import { messages } from './messages';
import { isPositiveAmount } from './money';
import { countries, currencies, usBanks } from './transfer-options';

/**
 * The four transfer forms of spec §2/§5 and what the API answers. Each schema is both the form's
 * resolver and the route's body schema, so a rule is written once and says the spec's words
 * wherever it is caught. Amounts are decimal strings ("12.50"); the server turns them into
 * cents with `parseMoney` and never sees a float.
 */

const m = messages.transfers;

export const transferTypes = ['internal', 'user', 'external', 'international'] as const;
export type TransferType = (typeof transferTypes)[number];

/** A text field that must be filled in (spaces alone do not count): "Please fill in all fields." */
const filledIn = () => z.string({ error: m.fillAllFields }).trim().min(1, m.fillAllFields);

/** Spec §5 "Amount inputs": at least 0.01, in steps of 0.01. Anything else is not an amount. */
export const amountSchema = filledIn().refine(isPositiveAmount, m.invalidAmount);

const required = (max: number) => filledIn().max(max, m.tooLong(max));
const accountTypeField = z.enum(accountTypes, { error: m.fillAllFields });

/**
 * Every transfer form's reference, required like its other fields (spec §5 "All fields required";
 * it is in each form's payload, §3), at most this long.
 */
export const REFERENCE_MAX = 140;

/** Between Accounts may also pay the member's credit card (its line is an account of theirs). */
export const internalTargets = [...accountTypes, 'Credit Card'] as const;
export type InternalTarget = (typeof internalTargets)[number];

export const internalTransferSchema = z
  .strictObject({
    transferType: z.literal('internal'),
    fromAccount: accountTypeField,
    toAccount: z.enum(internalTargets, { error: m.fillAllFields }),
    amount: amountSchema,
    reference: required(REFERENCE_MAX),
  })
  .refine((value) => value.fromAccount !== value.toAccount, { path: ['toAccount'], message: m.sameAccount });
export type InternalTransferInput = z.input<typeof internalTransferSchema>;

export const recipientEmailSchema = filledIn()
  .max(254, m.emailInvalid)
  .pipe(z.email(m.emailInvalid))
  .transform((value) => value.toLowerCase());

/** `POST /api/transfers/recipient`: "Verify" on the To-a-member tab. */
export const verifyRecipientSchema = z.strictObject({ email: recipientEmailSchema });
export const recipientSchema = z.object({ name: z.string(), email: z.string(), message: z.string() });
export type Recipient = z.infer<typeof recipientSchema>;

export const userTransferSchema = z.strictObject({
  transferType: z.literal('user'),
  fromAccount: accountTypeField,
  recipientEmail: recipientEmailSchema,
  /** Shown back to the member; the server uses its own record of the recipient's name. */
  recipientName: z.string().trim().max(200).default(''),
  amount: amountSchema,
  reference: required(REFERENCE_MAX),
});
export type UserTransferInput = z.input<typeof userTransferSchema>;

const bankRoutingNumbers = new Set(usBanks.map((bank) => bank.routingNumber));

export const externalTransferSchema = z
  .strictObject({
    transferType: z.literal('external'),
    fromAccount: accountTypeField,
    toBank: required(120),
    routingNumber: required(9),
    accountNumber: filledIn().regex(/^\d{8,17}$/, m.invalidAccountNumber),
    accountName: required(120),
    amount: amountSchema,
    reference: required(REFERENCE_MAX),
  })
  // The routing number is filled from the chosen bank (spec §5); a pair we do not offer is refused.
  .refine(
    (value) =>
      bankRoutingNumbers.has(value.routingNumber) &&
      usBanks.some((b) => b.name === value.toBank && b.routingNumber === value.routingNumber),
    {
      path: ['toBank'],
      message: m.chooseBank,
    },
  );
export type ExternalTransferInput = z.input<typeof externalTransferSchema>;

/** Step 2 of the external form: the same transfer plus the code sent for exactly this transfer. */
export const externalTransferConfirmSchema = z.strictObject({
  transfer: externalTransferSchema,
  ...challengeCodeShape(m.otpRequired, m.otpInvalid),
});
export type ExternalTransferConfirmInput = z.input<typeof externalTransferConfirmSchema>;

/** `POST /api/transfers/external/challenge`: where the code went and what it confirms. */
export const transferChallengeSchema = z.object({ challengeId: z.string(), ...codeSentShape });
export type TransferChallenge = z.infer<typeof transferChallengeSchema>;

const countryCodes = new Set(countries.map((country) => country.code));
const currencyCodes = new Set(currencies.map((currency) => currency.code));

export const internationalTransferSchema = z.strictObject({
  transferType: z.literal('international'),
  fromAccount: accountTypeField,
  recipientName: required(140),
  bankName: required(140),
  swiftCode: filledIn()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{8,11}$/, m.invalidSwift)),
  accountNumber: z
    .string({ error: m.fillAllFields })
    .transform((value) => value.replace(/\s+/g, ''))
    .pipe(
      z
        .string()
        .min(1, m.fillAllFields)
        .regex(/^[A-Za-z0-9]{8,34}$/, m.invalidIntlAccount),
    ),
  iban: z
    .string()
    .default('')
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(/^([A-Z]{2}[0-9]{2}[A-Z0-9]{11,30})?$/, m.invalidIban)),
  country: z.string({ error: m.fillAllFields }).refine((code) => countryCodes.has(code), m.fillAllFields),
  currency: z.string({ error: m.fillAllFields }).refine((code) => currencyCodes.has(code), m.fillAllFields),
  amount: amountSchema,
  reference: required(REFERENCE_MAX),
});
export type InternationalTransferInput = z.input<typeof internationalTransferSchema>;

export const transferStatuses = ['Completed', 'Pending', 'Failed'] as const;
export type TransferStatus = (typeof transferStatuses)[number];

/** What every transfer route answers on success (and replays for a repeated idempotency key). */
export const transferResultSchema = z.object({
  transferId: z.string(),
  transferType: z.enum(transferTypes),
  /** Completed: the money moved. Pending: held for an external payment order staff settle. */
  status: z.enum(['Completed', 'Pending']),
  amount: moneyString,
  fromAccount: z.enum(accountTypes),
  message: z.string(),
  createdAt: z.string(),
  paymentOrderId: z.string().nullable(),
});
export type TransferResult = z.infer<typeof transferResultSchema>;

/** Header every money-moving POST carries: a fresh UUID per intended transfer, reused on retry. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = z
  .string({ error: m.idempotencyKeyRequired })
  .regex(/^[A-Za-z0-9_-]{16,100}$/, m.idempotencyKeyRequired);

/**
 * The headers of a call that moves money: a repeat with the same key is answered from the first
 * answer (with `idempotent-replayed: true`), so money never moves twice.
 */
export const idempotencyHeadersSchema = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });
