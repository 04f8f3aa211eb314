import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { messages, type SecondFactorMethod, type SignInChallenge, type SignInInput } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { type RequestMeta, recordOwnAction } from '../audit/record-audit';
import { findUserByEmail } from '../people/users';
import { type UserRow, users } from '../people/people.tables';
import { signInAttempts } from './auth.tables';
import { signInCodeEmail } from './auth-emails';
import { maskEmail } from './device';
import { claimTry, giveBackTry, isLocked, lockedError, NO_ONE, recordSignInFailure } from './failures';
import { dummyPasswordHash, verifyPassword } from './passwords';
import { hashCode, newOtp, newToken, sha256 } from './tokens';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>;

/** How long step 2 may take in all; each e-mailed code has its own, shorter life. */
const ATTEMPT_MINUTES = 15;
const MAX_CODES_PER_ATTEMPT = 3;

function methodsFor(user: UserRow): SecondFactorMethod[] {
  return user.totpEnabledAt ? ['totp', 'backup'] : ['email', 'backup'];
}

/**
 * Sign-in step 1. A right password opens a sign-in attempt bound to a cookie and, unless the
 * person uses an authenticator app, e-mails a fresh code. Every refusal costs the same, so neither
 * the answer nor its time tells an unknown e-mail, a wrong password and a locked account apart:
 * one look-up, one try claimed against the lockout counter (against no row for an unknown
 * e-mail), one argon2 verification (against a dummy hash when there is no password to check) and
 * one transaction with the audit row and the conditional lock.
 */
export async function startSignIn(
  deps: Deps,
  input: SignInInput,
  meta: RequestMeta,
): Promise<{ attemptToken: string; challenge: SignInChallenge }> {
  const now = deps.clock();
  const user = await findUserByEmail(deps.db, input.email);
  const tries = await claimTry(deps.db, deps, user?.id ?? NO_ONE, now, { evenTime: true });
  const locked = user !== undefined && isLocked(user, now);
  // A locked account's password is still checked, since the lock is only revealed to someone who
  // knows it; that check counts nothing. Without a try (all in flight) nothing real is checked.
  const checkable = user !== undefined && (tries !== null || locked) ? user : undefined;
  const matches = await verifyPassword(checkable?.passwordHash ?? (await dummyPasswordHash()), input.password);
  const passwordOk = matches && checkable !== undefined;

  if (user && tries !== null && passwordOk) {
    const { lockedUntil } = await giveBackTry(deps.db, user.id, now);
    if (lockedUntil) throw lockedError(lockedUntil, deps.config.timeZone);
    return openSignInAttempt(deps, user, meta, now);
  }
  const reason = !user ? 'unknown email' : locked ? 'locked' : 'no tries left';
  await recordSignInFailure(deps, user, { action: 'auth.sign_in_failed', meta, tries, reason });
  if (passwordOk && locked && user.lockedUntil) throw lockedError(user.lockedUntil, deps.config.timeZone);
  throw new AppError('UNAUTHENTICATED', messages.auth.signInFailed);
}

/** After the right password: the attempt (and its e-mailed code, unless an authenticator is used). */
async function openSignInAttempt(deps: Deps, user: UserRow, meta: RequestMeta, now: Date) {
  const attemptToken = newToken();
  const methods = methodsFor(user);
  const expiresAt = new Date(now.getTime() + ATTEMPT_MINUTES * 60_000);
  await deps.db.transaction(async (tx) => {
    const code = methods.includes('email') ? newOtp() : null;
    await tx.insert(signInAttempts).values({
      tokenHash: sha256(attemptToken),
      userId: user.id,
      createdAt: now,
      expiresAt,
      codeHash: code ? hashCode(code) : null,
      codeExpiresAt: code ? codeExpiry(deps, now) : null,
      codesSent: code ? 1 : 0,
      ipAddress: meta.ipAddress,
    });
    if (code) await mailSignInCode(tx, deps, user, code, { meta, now });
  });
  void deps.mailer.flush();
  return {
    attemptToken,
    challenge: {
      methods,
      emailHint: methods.includes('email') ? maskEmail(user.email) : null,
      expiresAt: expiresAt.toISOString(),
    },
  };
}

function codeExpiry(deps: Deps, now: Date): Date {
  return new Date(now.getTime() + deps.config.security.otpTtlMinutes * 60_000);
}

/** E-mails a sign-in code (in the caller's transaction; flush after the commit) and audits that it went out. */
async function mailSignInCode(
  tx: Executor,
  deps: Deps,
  user: UserRow,
  code: string,
  issue: { meta: RequestMeta; now: Date; resend?: true },
): Promise<void> {
  await deps.mailer.enqueue(tx, user.email, signInCodeEmail(deps.config, code));
  await recordOwnAction(tx, user, {
    action: 'auth.code_issued',
    meta: issue.meta,
    after: issue.resend ? { method: 'email', resend: true } : { method: 'email' },
    at: issue.now,
  });
}

/** The open attempt a cookie names, with its person, or the "start again" error. */
export async function openAttempt(deps: Deps, attemptToken: string | undefined) {
  const now = deps.clock();
  if (!attemptToken) throw new AppError('SIGN_IN_EXPIRED', messages.auth.signInExpired);
  const [row] = await deps.db
    .select({ attempt: signInAttempts, user: users })
    .from(signInAttempts)
    .innerJoin(users, eq(users.id, signInAttempts.userId))
    .where(and(eq(signInAttempts.tokenHash, sha256(attemptToken)), isNull(signInAttempts.completedAt)))
    .limit(1);
  if (!row || row.attempt.expiresAt <= now) throw new AppError('SIGN_IN_EXPIRED', messages.auth.signInExpired);
  if (row.attempt.codeAttempts >= deps.config.security.otpMaxAttempts) {
    throw new AppError('SIGN_IN_EXPIRED', messages.auth.otpExhausted);
  }
  if (isLocked(row.user, now) && row.user.lockedUntil) throw lockedError(row.user.lockedUntil, deps.config.timeZone);
  return row;
}

/** A new e-mailed code for the same attempt; the previous code stops working. */
export async function resendSignInCode(deps: Deps, attemptToken: string | undefined, meta: RequestMeta) {
  const now = deps.clock();
  const { attempt, user } = await openAttempt(deps, attemptToken);
  if (user.totpEnabledAt)
    throw new AppError('VALIDATION_FAILED', 'Use the code from your authenticator app, or a backup code.');
  const code = newOtp();
  const expiresAt = codeExpiry(deps, now);
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(signInAttempts)
      .set({ codeHash: hashCode(code), codeExpiresAt: expiresAt, codesSent: sql`${signInAttempts.codesSent} + 1` })
      .where(and(eq(signInAttempts.id, attempt.id), lt(signInAttempts.codesSent, MAX_CODES_PER_ATTEMPT)))
      .returning({ id: signInAttempts.id });
    if (updated.length === 0)
      throw new AppError('RATE_LIMITED', 'We have sent several codes already. Please sign in again.');
    await mailSignInCode(tx, deps, user, code, { meta, now, resend: true });
  });
  void deps.mailer.flush();
  return { message: messages.auth.codeSent, expiresAt: expiresAt.toISOString() };
}
