import { eq } from 'drizzle-orm';
import { type ChangePasswordInput, messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { issueBackupCodes, revokeBackupCodes } from '../auth/backup-codes';
import { twoFactorChangedEmail } from '../auth/auth-emails';
import { afterPasswordChange } from '../auth/password-changed';
import { assertCurrentPassword } from '../auth/current-password';
import { assertNotCommon, hashPassword } from '../auth/passwords';
import { newTotpSecret, openTotpSecret, sealTotpSecret, totpEnrolment, totpStep } from '../auth/totp';
import { type UserRow, users } from '../people/people.tables';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'secrets'>;

const self = (user: UserRow): Actor => ({ userId: user.id, email: user.email });

/** Changes the password; every other session ends, this one carries on. */
export async function changePassword(
  deps: Deps,
  user: UserRow,
  sessionId: string,
  input: ChangePasswordInput,
  meta: RequestMeta,
) {
  const now = deps.clock();
  await assertCurrentPassword(deps, user, input.currentPassword, 'currentPassword', meta);
  assertNotCommon(input.newPassword, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await afterPasswordChange(tx, deps, {
      user,
      action: 'auth.password_changed',
      sessionsEndedBecause: 'password changed',
      keepSessionId: sessionId,
      meta,
      now,
    });
  });
  void deps.mailer.flush();
  return { message: messages.settings.passwordChanged };
}

/**
 * Set-up asks for no password (it proves the app, not the person), so it is only for an account
 * without an authenticator: replacing one is turning it off (with the password) and setting up
 * again. Otherwise a borrowed session could swap in its own app and new backup codes.
 */
function refuseIfAlreadyOn(user: UserRow) {
  if (user.totpEnabledAt) throw new AppError('CONFLICT', messages.settings.totpAlreadyOn);
}

/** Enrolment step 1: a new secret, kept aside until a code proves the app has it. */
export async function startTotpEnrolment(deps: Deps, user: UserRow) {
  refuseIfAlreadyOn(user);
  const secret = newTotpSecret();
  const sealed = sealTotpSecret(deps.secrets, user.id, secret, 'pending');
  await deps.db.update(users).set({ totpPendingSecret: sealed }).where(eq(users.id, user.id));
  return totpEnrolment(deps.config, user.email, secret);
}

/** Enrolment step 2: the first code switches the authenticator on and issues backup codes (shown once). */
export async function confirmTotpEnrolment(deps: Deps, user: UserRow, code: string, meta: RequestMeta) {
  const now = deps.clock();
  refuseIfAlreadyOn(user);
  if (!user.totpPendingSecret) throw new AppError('VALIDATION_FAILED', messages.settings.totpNotStarted);
  const secret = openTotpSecret(deps.secrets, user.id, user.totpPendingSecret, 'pending');
  const step = totpStep(deps.config, user.email, secret, code, now);
  if (step === null)
    throw new AppError('VALIDATION_FAILED', messages.auth.otpInvalid, { code: messages.auth.otpInvalid });
  const sealed = sealTotpSecret(deps.secrets, user.id, secret, 'enrolled');
  const codes = await deps.db.transaction(async (tx) => {
    await setAuthenticator(tx, deps, user, { sealedSecret: sealed, step }, { actor: self(user), meta, now });
    return issueBackupCodes(tx, user.id, 'self', now);
  });
  void deps.mailer.flush();
  return { codes, message: messages.settings.totpEnabled };
}

/** Turns the authenticator off (by the member with their password, or by staff); e-mailed codes take over. */
export async function disableTotp(deps: Deps, user: UserRow, actor: Actor, meta: RequestMeta, password?: string) {
  const now = deps.clock();
  if (password !== undefined) await assertCurrentPassword(deps, user, password, 'password', meta);
  await deps.db.transaction(async (tx) => {
    await setAuthenticator(tx, deps, user, null, { actor, meta, now });
  });
  void deps.mailer.flush();
}

/** Switches the authenticator on (with its sealed secret and the step of the code that proved it) or off, audited. */
async function setAuthenticator(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'mailer'>,
  user: UserRow,
  totp: { sealedSecret: string; step: number } | null,
  audit: { actor: Actor; meta: RequestMeta; now: Date },
) {
  const { now } = audit;
  await tx
    .update(users)
    .set({
      totpSecret: totp?.sealedSecret ?? null,
      totpPendingSecret: null,
      totpEnabledAt: totp ? now : null,
      totpLastStep: totp?.step ?? null,
      updatedAt: now,
    })
    .where(eq(users.id, user.id));
  await recordAudit(tx, {
    action: totp ? 'auth.totp_enabled' : 'auth.totp_disabled',
    actor: audit.actor,
    targetUserId: user.id,
    meta: audit.meta,
    before: { twoFactor: user.totpEnabledAt !== null },
    after: { twoFactor: totp !== null },
    at: now,
  });
  await deps.mailer.enqueue(tx, user.email, twoFactorChangedEmail(deps.config, totp !== null, now));
}

/** A fresh set of backup codes, replacing the old; by the member (with password) or by staff. */
export async function replaceBackupCodes(
  deps: Deps,
  user: UserRow,
  actor: Actor,
  meta: RequestMeta,
  password?: string,
) {
  const now = deps.clock();
  if (password !== undefined) await assertCurrentPassword(deps, user, password, 'password', meta);
  return deps.db.transaction(async (tx) => {
    const codes = await issueBackupCodes(
      tx,
      user.id,
      actor.userId === user.id ? 'self' : (actor.email ?? 'staff'),
      now,
    );
    await recordAudit(tx, {
      action: 'auth.backup_codes_issued',
      actor,
      targetUserId: user.id,
      meta,
      after: { count: codes.length },
      at: now,
    });
    return codes;
  });
}

export async function revokeAllBackupCodes(deps: Deps, user: UserRow, actor: Actor, meta: RequestMeta) {
  const now = deps.clock();
  await deps.db.transaction(async (tx) => {
    const revoked = await revokeBackupCodes(tx, user.id, now);
    await recordAudit(tx, {
      action: 'auth.backup_codes_revoked',
      actor,
      targetUserId: user.id,
      meta,
      after: { revoked },
      at: now,
    });
  });
}
