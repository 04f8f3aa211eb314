import {
  centsToDecimal,
  type externalTransferSchema,
  formatMoney,
  messages,
  type TransferChallenge,
} from '@mutual/shared';
import { and, eq, gt, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { codeMatches, hashCode, newOtp } from '../auth/tokens';
import { claimTotpStep, enrolledTotpStep } from '../auth/totp';
import { hashRequest } from '../ledger/idempotency';
import { availableCents } from '../ledger/member-accounts';
import type { UserRow } from '../people/people.tables';
import { maskTail } from '../payments/list-payment-orders';
import { amountInCents, openTransfer, sourceAccount } from './transfer-context';
import { transferCodeEmail } from './transfer-emails';
import { transferLimitUsage } from './transfer-limit';
import { transferChallenges } from './transfers.tables';
import { guessingGuard } from './code-guessing';
import { type RequestMeta, recordOwnAction } from '../audit/record-audit';
import type { RenderedEmail } from '../mail/templates';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secrets'>;

export type ExternalTransfer = z.output<typeof externalTransferSchema>;

/** What a challenge is bound to: exactly this transfer. */
export const externalPayloadHash = (input: ExternalTransfer) => hashRequest('transfer:external', input);

/** The audit action of a confirmation code issued (a US-bank transfer, a new payee, a card's controls). */
export const CHALLENGE_ISSUED_ACTION = 'challenge.code_issued';

/**
 * What the audit row of an issued code says: where the request came from and what the code is for,
 * in words staff read ("Transfer to a US bank", the amount, a masked account number). Never the
 * code, its hash, a full account number or the payload hash.
 */
export interface ChallengeAudit {
  meta: RequestMeta;
  purpose: { purpose: string } & Record<string, string | number | boolean | null>;
}

/**
 * Step-up for a transfer to a US bank (spec §4: "OTP confirmation with summary"). The challenge
 * is bound to the member and to a hash of exactly this transfer: a code confirms nothing else.
 * Members with an authenticator use it; everyone else gets an e-mailed code.
 */
export async function createExternalChallenge(
  deps: Deps,
  member: UserRow,
  input: ExternalTransfer,
  payloadHash: string,
  meta: RequestMeta,
): Promise<TransferChallenge> {
  const now = deps.clock();
  const amount = amountInCents(input.amount, deps.config.limits);
  // The same checks the transfer makes, so the member is not sent a code for a transfer that
  // cannot happen. The transfer checks them again under its locks.
  const accounts = await openTransfer(deps.db, member.id);
  const from = sourceAccount(accounts, input.fromAccount);
  const available = await availableCents(deps.db, from.id);
  if (available === null || available < amount) {
    throw new AppError('INSUFFICIENT_FUNDS', messages.transfers.insufficientFunds, {
      amount: messages.transfers.insufficientFunds,
    });
  }
  const usage = await transferLimitUsage(deps.db, deps.config.limits, member.id, now);
  if (usage.limit > 0 && usage.used >= usage.limit) {
    throw new AppError('TRANSFER_LIMIT_REACHED', messages.transfers.limitReached(usage.limit, usage.windowHours));
  }

  return issueChallenge(
    deps,
    member,
    payloadHash,
    (code) =>
      transferCodeEmail(deps.config, code, [
        ['To', `${input.accountName}, ${input.toBank}`],
        ['Account', maskTail(input.accountNumber)],
        ['Amount', formatMoney(amount)],
        ['From', `Your ${from.type}`],
      ]),
    { sent: messages.transfers.otpSent, authenticator: messages.transfers.otpAuthenticator },
    {
      meta,
      purpose: {
        purpose: 'Transfer to a US bank',
        amount: centsToDecimal(amount),
        recipient: input.accountName,
        bank: input.toBank,
        accountNumber: maskTail(input.accountNumber),
        from: from.type,
      },
    },
  );
}

/**
 * Stores a challenge bound to the member and `payloadHash` (exactly one request) and, for a
 * member without an authenticator, e-mails its code in the same transaction. Any high-risk
 * action confirms with it: a transfer to a US bank, a new bill payee, a card's controls.
 * `reuse`, asked first inside that transaction (under whatever lock it takes), may answer a
 * challenge sent before instead: then nothing is stored, sent or audited. A challenge stored is
 * audited in the same transaction (`challenge.code_issued`, the member as actor and target, with
 * `audit`'s purpose and the method), so the record and the code commit together.
 */
export async function issueChallenge(
  deps: Deps,
  member: UserRow,
  payloadHash: string,
  email: (code: string) => RenderedEmail,
  wording: { sent: string; authenticator: string },
  audit: ChallengeAudit,
  reuse?: (tx: Executor) => Promise<TransferChallenge | null>,
): Promise<TransferChallenge> {
  const method: TransferChallenge['method'] = member.totpEnabledAt && member.totpSecret ? 'totp' : 'email';
  const code = method === 'email' ? newOtp() : null;
  const { answer, sent } = await deps.db.transaction(async (tx) => {
    const before = reuse ? await reuse(tx) : null;
    if (before) return { answer: before, sent: false };
    const now = deps.clock();
    const expiresAt = new Date(now.getTime() + deps.config.security.otpTtlMinutes * 60_000);
    const [row] = await tx
      .insert(transferChallenges)
      .values({
        userId: member.id,
        payloadHash,
        method,
        codeHash: code ? hashCode(code) : null,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: transferChallenges.id });
    if (!row) throw new Error('challenge not stored');
    if (code) await deps.mailer.enqueue(tx, member.email, email(code));
    await recordOwnAction(tx, member, {
      action: CHALLENGE_ISSUED_ACTION,
      meta: audit.meta,
      after: { ...audit.purpose, method },
      at: now,
    });
    const message = method === 'email' ? wording.sent : wording.authenticator;
    return { answer: { challengeId: row.id, method, expiresAt: expiresAt.toISOString(), message }, sent: !!code };
  });
  if (sent) void deps.mailer.flush();
  return answer;
}

/** What a confirmation found: the challenge verified (now or by a copy of the request), or used by a transfer. */
export type ChallengeState = 'verified' | 'used';

/**
 * Checks the code for a challenge, at most `otpMaxAttempts` times: each try is claimed (one
 * UPDATE) before the code is compared, and the claim, the comparison (an authenticator code's step
 * too) and `verified_at` commit together, so parallel guesses cannot exceed the limit and copies
 * of one request queue on the challenge's row: the first verifies it, the others find it verified.
 * A verified challenge stays verified until the one transfer it confirms consumes it, so a
 * retried request needs no second code. 'used' means a transfer has consumed it: the caller
 * looks for that transfer's answer under its own key (a copy of this request may have made it).
 * Wrong codes also add up across codes: too many, and the member is blocked (`code-guessing.ts`).
 */
export async function verifyExternalChallenge(
  deps: Deps,
  { member, meta }: { member: UserRow; meta: RequestMeta },
  challengeId: string,
  payloadHash: string,
  otp: string,
  wording: { expired: string; wrong: string } = {
    expired: messages.transfers.otpExpired,
    wrong: messages.transfers.otpInvalid,
  },
): Promise<ChallengeState> {
  const now = deps.clock();
  const expired = new AppError('CONFIRMATION_EXPIRED', wording.expired);
  const stateOf = (challenge: typeof transferChallenges.$inferSelect | undefined): ChallengeState | null => {
    if (!challenge || challenge.userId !== member.id || challenge.payloadHash !== payloadHash) throw expired;
    if (challenge.usedAt) return 'used';
    return challenge.verifiedAt ? 'verified' : null;
  };
  const read = async (db: Executor) =>
    (await db.select().from(transferChallenges).where(eq(transferChallenges.id, challengeId)))[0];

  const known = stateOf(await read(deps.db));
  if (known) return known;

  const outcome = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(transferChallenges)
      .set({ attempts: sql`${transferChallenges.attempts} + 1` })
      .where(
        and(
          eq(transferChallenges.id, challengeId),
          isNull(transferChallenges.verifiedAt),
          isNull(transferChallenges.usedAt),
          gt(transferChallenges.expiresAt, now),
          lt(transferChallenges.attempts, deps.config.security.otpMaxAttempts),
        ),
      )
      .returning();
    // Verified or used by a copy of this request a moment ago; otherwise expired or out of tries.
    if (!claimed) return stateOf(await read(tx)) ?? 'expired';
    const guard = await guessingGuard(deps, tx, member, now);
    if (guard.blocked) return 'blocked';
    const matches =
      claimed.method === 'email'
        ? claimed.codeHash !== null && codeMatches(otp, claimed.codeHash)
        : await totpMatches(deps, tx, member, otp, now);
    // A wrong code is not thrown here: the try it used (and a block it sets off) must commit.
    if (!matches) return (await guard.wrong(meta)) ? 'blocked' : 'wrong';
    await tx.update(transferChallenges).set({ verifiedAt: now }).where(eq(transferChallenges.id, challengeId));
    return 'verified';
  });
  if (outcome === 'expired') throw expired;
  if (outcome === 'blocked') throw new AppError('TRANSACTION_BLOCKED', messages.transfers.blocked);
  if (outcome === 'wrong') throw new AppError('VALIDATION_FAILED', wording.wrong, { otp: wording.wrong });
  return outcome;
}

/**
 * Spends a verified challenge of the member's in the caller's transaction (one UPDATE: two requests
 * with one code cannot both pass). `also` narrows which one may be spent (its binding, its expiry).
 * False when it is not theirs, not verified, already used, or `also` refuses it.
 */
export async function spendVerifiedChallenge(
  tx: Executor,
  challenge: { id: string; userId: string },
  now: Date,
  ...also: SQL[]
): Promise<boolean> {
  const [spent] = await tx
    .update(transferChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(transferChallenges.id, challenge.id),
        eq(transferChallenges.userId, challenge.userId),
        ...also,
        isNotNull(transferChallenges.verifiedAt),
        isNull(transferChallenges.usedAt),
      ),
    )
    .returning({ id: transferChallenges.id });
  return spent !== undefined;
}

async function totpMatches(deps: Deps, db: Executor, member: UserRow, otp: string, now: Date): Promise<boolean> {
  const step = enrolledTotpStep(deps, member, otp, now);
  return step !== null && (await claimTotpStep(db, member.id, step));
}
