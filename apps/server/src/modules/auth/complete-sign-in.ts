import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { homePathFor, messages, type SignInResult } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type RequestMeta, recordOwnAction } from '../audit/record-audit';
import type { Tx } from '../../db/client';
import { type UserRow, users } from '../people/people.tables';
import { toSessionUser } from '../people/session-user';
import { notify } from '../notifications/notify';
import { knownDevices, signInAttempts } from './auth.tables';
import { newDeviceEmail } from './auth-emails';
import { consumeBackupCode } from './backup-codes';
import { describeDevice } from './device';
import { claimTry, noTryLeft, recordSignInFailure } from './failures';
import { createSession, revokeSessionByToken } from './sessions';
import { openAttempt } from './sign-in';
import { codeMatches, sha256 } from './tokens';
import { claimTotpStep, enrolledTotpStep } from './totp';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'secrets'>;

export interface CompletedSignIn {
  sessionToken: string;
  result: SignInResult;
}

/**
 * Sign-in step 2. Two tries are claimed before the code is looked at, each with one atomic
 * UPDATE in the transaction that checks it: one of the attempt's (`code_attempts < max`), then
 * one of the account's (`claimTry`: wrong codes count towards the lockout), so parallel guesses
 * can never exceed either limit. The code may be the e-mailed one (unexpired), an authenticator
 * code (a later step than any accepted before) or an unused backup code. Success opens a fresh
 * session (any previous one of this browser is ended).
 */
export async function completeSignIn(
  deps: Deps,
  input: { attemptToken: string | undefined; code: string; deviceToken: string; previousSessionToken?: string },
  meta: RequestMeta,
): Promise<CompletedSignIn> {
  const now = deps.clock();
  const { attempt, user } = await openAttempt(deps, input.attemptToken);
  const max = deps.config.security.otpMaxAttempts;

  const outcome = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(signInAttempts)
      .set({ codeAttempts: sql`${signInAttempts.codeAttempts} + 1` })
      .where(
        and(
          eq(signInAttempts.id, attempt.id),
          lt(signInAttempts.codeAttempts, max),
          isNull(signInAttempts.completedAt),
        ),
      )
      .returning({ tries: signInAttempts.codeAttempts });
    if (!claimed) return { kind: 'exhausted' as const };
    const tries = await claimTry(tx, deps, user.id, now);
    if (tries === null) {
      // The account has no try to give (locked, or its last ones are being checked): the code is
      // not looked at, and the attempt gets its try back.
      await tx
        .update(signInAttempts)
        .set({ codeAttempts: sql`${signInAttempts.codeAttempts} - 1` })
        .where(eq(signInAttempts.id, attempt.id));
      return { kind: 'no try' as const };
    }
    const method = await checkCode(deps, tx, user, attempt, input.code, now);
    if (!method) return { kind: 'wrong' as const, triesLeft: max - claimed.tries, tries };

    const done = await tx
      .update(signInAttempts)
      .set({ completedAt: now })
      .where(and(eq(signInAttempts.id, attempt.id), isNull(signInAttempts.completedAt)))
      .returning({ id: signInAttempts.id });
    if (done.length === 0) return { kind: 'exhausted' as const };
    await tx.update(users).set({ failedSignIns: 0, lockedUntil: null }).where(eq(users.id, user.id));
    const session = await createSession(tx, deps.config, user.id, meta, now);
    await recordOwnAction(tx, user, {
      action: 'auth.sign_in',
      meta,
      after: { method },
      at: now,
    });
    await rememberDevice(deps, tx, user, input.deviceToken, meta, now);
    return { kind: 'ok' as const, session };
  });

  if (outcome.kind === 'no try') throw await noTryLeft(deps, user.id, now);
  if (outcome.kind === 'exhausted') throw new AppError('SIGN_IN_EXPIRED', messages.auth.otpExhausted);
  if (outcome.kind === 'wrong') {
    await recordSignInFailure(deps, user, { action: 'auth.code_failed', meta, tries: outcome.tries });
    if (outcome.triesLeft <= 0) throw new AppError('SIGN_IN_EXPIRED', messages.auth.otpExhausted);
    throw new AppError('UNAUTHENTICATED', messages.auth.otpInvalid);
  }
  void deps.mailer.flush();
  if (input.previousSessionToken) {
    // Rotation: whatever session this browser held before is over.
    await revokeSessionByToken(deps.db, input.previousSessionToken, 'replaced', now);
  }
  const sessionUser = toSessionUser(user, deps.config);
  return {
    sessionToken: outcome.session.token,
    result: {
      user: sessionUser,
      redirectTo: homePathFor(sessionUser),
      idleExpiresAt: outcome.session.idleExpiresAt.toISOString(),
      absoluteExpiresAt: outcome.session.absoluteExpiresAt.toISOString(),
    },
  };
}

async function checkCode(
  deps: Deps,
  tx: Tx,
  user: UserRow,
  attempt: { codeHash: string | null; codeExpiresAt: Date | null },
  code: string,
  now: Date,
): Promise<'email' | 'totp' | 'backup' | null> {
  if (code.length !== 6) return (await consumeBackupCode(tx, user.id, code, now)) ? 'backup' : null;
  if (user.totpEnabledAt && user.totpSecret) {
    const step = enrolledTotpStep(deps, user, code, now);
    return step !== null && (await claimTotpStep(tx, user.id, step)) ? 'totp' : null;
  }
  if (!attempt.codeHash || !attempt.codeExpiresAt || attempt.codeExpiresAt <= now) return null;
  return codeMatches(code, attempt.codeHash) ? 'email' : null;
}

/** First sign-in from this browser: remember it, and tell the member unless it is their first device. */
async function rememberDevice(deps: Deps, tx: Tx, user: UserRow, deviceToken: string, meta: RequestMeta, now: Date) {
  const deviceHash = sha256(deviceToken);
  const inserted = await tx
    .insert(knownDevices)
    .values({ userId: user.id, deviceHash, firstSeenAt: now, lastSeenAt: now })
    .onConflictDoUpdate({ target: [knownDevices.userId, knownDevices.deviceHash], set: { lastSeenAt: now } })
    .returning({ firstSeenAt: knownDevices.firstSeenAt });
  const isNew = inserted[0]?.firstSeenAt.getTime() === now.getTime();
  if (!isNew) return;
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(knownDevices)
    .where(eq(knownDevices.userId, user.id));
  if (count <= 1) return;
  const device = describeDevice(meta.userAgent);
  await notify(
    tx,
    user.id,
    {
      kind: 'security',
      title: 'Sign-in from a new device',
      body: `${device}${meta.ipAddress ? ` (${meta.ipAddress})` : ''} signed in to your account.`,
    },
    now,
  );
  if (user.loginAlerts)
    await deps.mailer.enqueue(tx, user.email, newDeviceEmail(deps.config, device, meta.ipAddress, now));
}
