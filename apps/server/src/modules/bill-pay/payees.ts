import { randomUUID } from 'node:crypto';
import { messages, type NewPayee, type Payee, type PayeeResult, type TransferChallenge } from '@mutual/shared';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { BillerEntry } from '../../billers';
import type { SecretBox } from '../../crypto/secret-box';
import type { Executor } from '../../db/client';
import { retriedTransaction } from '../../db/transaction';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type RequestMeta, recordOwnAction } from '../audit/record-audit';
import { hashRequest } from '../ledger/idempotency';
import { renderEmail } from '../mail/templates';
import { type UserRow, users } from '../people/people.tables';
import { issueChallenge, spendVerifiedChallenge, verifyExternalChallenge } from '../transfers/external-challenge';
import { billPayees, billPayments } from './bill-pay.tables';
import { openPayee, type ReadPayee, readPayee, sealPayeeAccount, UNREADABLE_NUMBER } from './payee-number';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;
const m = messages.billPay;

/** Never the full number after saving: `••••6789`. */
export const maskAccount = (value: string) => `••••${value.slice(-4)}`;

/** A read payee's number as every screen shows it: masked, or "(unreadable)" when it cannot be opened. */
export const maskedNumber = (payee: ReadPayee<{ accountNumber: string }>) =>
  payee.numberUnreadable ? UNREADABLE_NUMBER : maskAccount(payee.accountNumber);

/** `row` as read (payee-number.ts: its number opened, or marked unreadable). */
export function toPayee(row: ReadPayee<typeof billPayees.$inferSelect>): Payee {
  return {
    id: row.id,
    nickname: row.nickname,
    billerId: row.billerId,
    billerName: row.billerName,
    category: row.category as Payee['category'],
    accountNumberMasked: maskedNumber(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A new payee of `biller` as stored: its id chosen here, so the number is sealed under the row's
 * own context (payee-number.ts) before the insert.
 */
export function newPayeeRow(
  secrets: SecretBox,
  payee: { userId: string; biller: BillerEntry; nickname: string; accountNumber: string; createdAt: Date },
  challengeId: string | null = null,
): typeof billPayees.$inferInsert {
  const id = randomUUID();
  return {
    id,
    userId: payee.userId,
    billerId: payee.biller.id,
    billerName: payee.biller.name,
    category: payee.biller.category,
    nickname: payee.nickname,
    accountNumber: sealPayeeAccount(secrets, id, payee.accountNumber),
    challengeId,
    createdAt: payee.createdAt,
  };
}

export function findBiller(config: Pick<Config, 'billPay'>, billerId: string): BillerEntry {
  const biller = config.billPay.billers.find((b) => b.id === billerId);
  if (!biller) throw new AppError('VALIDATION_FAILED', m.chooseBiller, { billerId: m.chooseBiller });
  return biller;
}

export async function listPayees(db: Executor, secrets: SecretBox, userId: string): Promise<Payee[]> {
  const rows = await db
    .select()
    .from(billPayees)
    .where(and(eq(billPayees.userId, userId), isNull(billPayees.removedAt)))
    .orderBy(asc(billPayees.nickname), asc(billPayees.createdAt));
  // A payee whose number cannot be opened is listed, marked, not a 500 for the whole screen.
  return rows.map((row) => toPayee(readPayee(secrets, row)));
}

/**
 * A live payee of this member, its account number read (opened, or marked `numberUnreadable`: the
 * caller decides whether it needs it), or 404 (another member's payee is not found, never
 * forbidden). With `lock`, the row is locked by the same statement: one being removed at that
 * moment is waited for, and PostgreSQL checks "not removed" again on the row as committed, so a
 * payee removed meanwhile is not found (a check before the lock would miss it).
 */
export async function ownPayee(
  db: Executor,
  secrets: SecretBox,
  userId: string,
  payeeId: string,
  lock?: 'share' | 'update',
) {
  const query = db
    .select()
    .from(billPayees)
    .where(and(eq(billPayees.id, payeeId), eq(billPayees.userId, userId), isNull(billPayees.removedAt)));
  const [row] = await (lock ? query.for(lock) : query);
  if (!row) throw new AppError('NOT_FOUND', m.payeeNotFound, { payeeId: m.payeeNotFound });
  return readPayee(secrets, row);
}

const payloadHash = (payee: NewPayee) => hashRequest('bill-pay:payee', payee);

/**
 * One live payee per biller account of a member, and at most `maxPayees`. The numbers are sealed
 * (each value different), so they are compared opened, here; adding a payee holds the member's
 * lock around this check and its insert.
 */
async function refuseDuplicateOrTooMany(
  db: Executor,
  deps: Pick<Deps, 'config' | 'secrets'>,
  userId: string,
  payee: NewPayee,
) {
  const live = await db
    .select({ id: billPayees.id, billerId: billPayees.billerId, accountNumber: billPayees.accountNumber })
    .from(billPayees)
    .where(and(eq(billPayees.userId, userId), isNull(billPayees.removedAt)));
  const sameBiller = live.filter((p) => p.billerId === payee.billerId);
  // One whose number cannot be opened cannot be shown to be this account: the member may add it
  // again (what they are told to do with it), then remove the unreadable one.
  if (sameBiller.some((p) => readPayee(deps.secrets, p).accountNumber === payee.accountNumber))
    throw new AppError('CONFLICT', m.payeeExists, { accountNumber: m.payeeExists });
  const { maxPayees } = deps.config.billPay;
  if (live.length >= maxPayees) throw new AppError('CONFLICT', m.tooManyPayees(maxPayees));
}

/**
 * Add Payee, step 1 (a high-risk action, like a transfer to a US bank): the code is bound to the
 * member and to exactly this payee — biller, account number and nickname.
 */
export async function payeeChallenge(
  deps: Deps,
  member: UserRow,
  payee: NewPayee,
  meta: RequestMeta,
): Promise<TransferChallenge> {
  const biller = findBiller(deps.config, payee.billerId);
  await refuseDuplicateOrTooMany(deps.db, deps, member.id, payee);
  return issueChallenge(
    deps,
    member,
    payloadHash(payee),
    (code) =>
      renderEmail(deps.config, {
        template: 'payee-code',
        subject: `Your ${deps.config.brand.shortName} code to add a payee: ${code}`,
        heading: 'Confirm your new payee',
        paragraphs: [
          `Enter this code to add the payee below: ${code}`,
          `It works once, for this payee only, and expires in ${deps.config.security.otpTtlMinutes} minutes.`,
          'If you did not ask to add this payee, do not share the code: change your password and contact us now.',
        ],
        details: [
          ['Biller', biller.name],
          ['Your account there', maskAccount(payee.accountNumber)],
        ],
      }),
    { sent: m.codeSent, authenticator: m.codeAuthenticator },
    {
      meta,
      purpose: {
        purpose: 'New payee',
        biller: biller.name,
        nickname: payee.nickname || biller.name,
        accountNumber: maskAccount(payee.accountNumber),
      },
    },
  );
}

/**
 * Add Payee, step 2: with the code for exactly this payee, it is saved; the challenge is used in
 * the same transaction. A confirmation sent twice gets the payee the first one saved.
 */
export async function addPayee(
  deps: Deps,
  member: UserRow,
  input: { payee: NewPayee; challengeId: string; otp: string },
  meta: RequestMeta,
): Promise<PayeeResult> {
  const { payee, challengeId } = input;
  const biller = findBiller(deps.config, payee.billerId);
  const replay = async () => {
    const [made] = await deps.db
      .select()
      .from(billPayees)
      .where(and(eq(billPayees.challengeId, challengeId), eq(billPayees.userId, member.id)));
    if (!made) throw new AppError('CONFIRMATION_EXPIRED', messages.transfers.otpExpired);
    return { message: m.payeeAdded(made.nickname), payee: toPayee(openPayee(deps.secrets, made)) };
  };
  const state = await verifyExternalChallenge(deps, { member, meta }, challengeId, payloadHash(payee), input.otp);
  if (state === 'used') return replay();
  const now = deps.clock();
  const nickname = payee.nickname || biller.name;
  const saved = await deps.db.transaction(async (tx) => {
    // Used here, once: a racing copy of this confirmation finds it used and replays.
    if (!(await spendVerifiedChallenge(tx, { id: challengeId, userId: member.id }, now))) return null;
    // The member's row orders their racing additions, so neither the duplicate check nor the count
    // below can be passed twice (sealed numbers differ every time: no index can compare them).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    await refuseDuplicateOrTooMany(tx, deps, member.id, payee);
    const [row] = await tx
      .insert(billPayees)
      .values(
        newPayeeRow(
          deps.secrets,
          { userId: member.id, biller, nickname, accountNumber: payee.accountNumber, createdAt: now },
          challengeId,
        ),
      )
      .returning();
    if (!row) throw new Error('payee not stored');
    await recordOwnAction(tx, member, {
      action: 'bill_pay.payee_added',
      meta,
      after: { payeeId: row.id, billerId: biller.id, nickname, accountNumber: maskAccount(payee.accountNumber) },
      at: now,
    });
    return row;
  });
  if (!saved) return replay();
  return { message: m.payeeAdded(saved.nickname), payee: toPayee(openPayee(deps.secrets, saved)) };
}

/** Removes a payee (kept for the history of its payments); refused while it has scheduled payments. */
export async function removePayee(
  deps: Pick<AppDeps, 'db' | 'clock' | 'secrets'>,
  member: UserRow,
  payeeId: string,
  meta: RequestMeta,
): Promise<{ message: string }> {
  return retriedTransaction(deps, async (tx, now) => {
    // Locks the payee so a payment scheduled to it meanwhile waits and then finds it removed (and a
    // second removal at the same moment finds it removed already).
    const payee = await ownPayee(tx, deps.secrets, member.id, payeeId, 'update');
    const [scheduled] = await tx
      .select({ n: count() })
      .from(billPayments)
      .where(and(eq(billPayments.payeeId, payee.id), eq(billPayments.status, 'scheduled')));
    if ((scheduled?.n ?? 0) > 0) throw new AppError('CONFLICT', m.payeeHasScheduled);
    await tx.update(billPayees).set({ removedAt: now }).where(eq(billPayees.id, payee.id));
    await recordOwnAction(tx, member, {
      action: 'bill_pay.payee_removed',
      meta,
      before: { payeeId: payee.id, billerId: payee.billerId, nickname: payee.nickname },
      at: now,
    });
    return { message: m.payeeRemoved(payee.nickname) };
  });
}
