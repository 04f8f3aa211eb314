import { messages, type NewPayee, type Payee, type PayeeResult, type TransferChallenge } from '@mutual/shared';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { BillerEntry } from '../../billers';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type RequestMeta, recordOwnAction } from '../audit/record-audit';
import { hashRequest } from '../ledger/idempotency';
import { renderEmail } from '../mail/templates';
import { type UserRow, users } from '../people/people.tables';
import { issueChallenge, spendVerifiedChallenge, verifyExternalChallenge } from '../transfers/external-challenge';
import { billPayees, billPayments } from './bill-pay.tables';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;
const m = messages.billPay;

/** Never the full number after saving: `••••6789`. */
export const maskAccount = (value: string) => `••••${value.slice(-4)}`;

export function toPayee(row: typeof billPayees.$inferSelect): Payee {
  return {
    id: row.id,
    nickname: row.nickname,
    billerId: row.billerId,
    billerName: row.billerName,
    category: row.category as Payee['category'],
    accountNumberMasked: maskAccount(row.accountNumber),
    createdAt: row.createdAt.toISOString(),
  };
}

export function findBiller(config: Pick<Config, 'billPay'>, billerId: string): BillerEntry {
  const biller = config.billPay.billers.find((b) => b.id === billerId);
  if (!biller) throw new AppError('VALIDATION_FAILED', m.chooseBiller, { billerId: m.chooseBiller });
  return biller;
}

export async function listPayees(db: Executor, userId: string): Promise<Payee[]> {
  const rows = await db
    .select()
    .from(billPayees)
    .where(and(eq(billPayees.userId, userId), isNull(billPayees.removedAt)))
    .orderBy(asc(billPayees.nickname), asc(billPayees.createdAt));
  return rows.map(toPayee);
}

/** A live payee of this member, or 404 (another member's payee is not found, never forbidden). */
export async function ownPayee(db: Executor, userId: string, payeeId: string) {
  const [row] = await db
    .select()
    .from(billPayees)
    .where(and(eq(billPayees.id, payeeId), eq(billPayees.userId, userId), isNull(billPayees.removedAt)));
  if (!row) throw new AppError('NOT_FOUND', m.payeeNotFound, { payeeId: m.payeeNotFound });
  return row;
}

const payloadHash = (payee: NewPayee) => hashRequest('bill-pay:payee', payee);

async function refuseDuplicateOrTooMany(db: Executor, config: Config, userId: string, payee: NewPayee) {
  const live = await db
    .select({ billerId: billPayees.billerId, accountNumber: billPayees.accountNumber })
    .from(billPayees)
    .where(and(eq(billPayees.userId, userId), isNull(billPayees.removedAt)));
  if (live.some((p) => p.billerId === payee.billerId && p.accountNumber === payee.accountNumber))
    throw new AppError('CONFLICT', m.payeeExists, { accountNumber: m.payeeExists });
  if (live.length >= config.billPay.maxPayees)
    throw new AppError('CONFLICT', m.tooManyPayees(config.billPay.maxPayees));
}

/**
 * Add Payee, step 1 (a high-risk action, like a transfer to a US bank): the code is bound to the
 * member and to exactly this payee — biller, account number and nickname.
 */
export async function payeeChallenge(deps: Deps, member: UserRow, payee: NewPayee): Promise<TransferChallenge> {
  const biller = findBiller(deps.config, payee.billerId);
  await refuseDuplicateOrTooMany(deps.db, deps.config, member.id, payee);
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
    return { message: m.payeeAdded(made.nickname), payee: toPayee(made) };
  };
  const state = await verifyExternalChallenge(deps, member, challengeId, payloadHash(payee), input.otp);
  if (state === 'used') return replay();
  const now = deps.clock();
  const nickname = payee.nickname || biller.name;
  const saved = await deps.db.transaction(async (tx) => {
    // Used here, once: a racing copy of this confirmation finds it used and replays.
    if (!(await spendVerifiedChallenge(tx, { id: challengeId, userId: member.id }, now))) return null;
    // The member's row orders their racing additions, so the count below cannot be passed twice.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, member.id)).for('update');
    await refuseDuplicateOrTooMany(tx, deps.config, member.id, payee);
    const [row] = await tx
      .insert(billPayees)
      .values({
        userId: member.id,
        billerId: biller.id,
        billerName: biller.name,
        category: biller.category,
        nickname,
        accountNumber: payee.accountNumber,
        challengeId,
        createdAt: now,
      })
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
  return { message: m.payeeAdded(saved.nickname), payee: toPayee(saved) };
}

/** Removes a payee (kept for the history of its payments); refused while it has scheduled payments. */
export async function removePayee(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  member: UserRow,
  payeeId: string,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const payee = await ownPayee(tx, member.id, payeeId);
    // Locks the payee so a payment scheduled to it meanwhile waits and then finds it removed.
    await tx.select({ id: billPayees.id }).from(billPayees).where(eq(billPayees.id, payee.id)).for('update');
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
