import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type RequestMeta, recordAudit } from '../audit/record-audit';
import { findUserByEmail } from '../people/users';
import { users } from '../people/people.tables';
import { passwordResets } from './auth.tables';
import { passwordResetEmail } from './auth-emails';
import { afterPasswordChange } from './password-changed';
import { assertNotCommon, hashPassword } from './passwords';
import { newToken, sha256 } from './tokens';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>;

/** Reset e-mails per account and hour, on top of the per-IP limit on the route. */
const RESETS_PER_HOUR = 3;

/** Always answers the same, whether or not the address has an account (no enumeration). */
export async function requestPasswordReset(deps: Deps, email: string, meta: RequestMeta) {
  const now = deps.clock();
  const user = await findUserByEmail(deps.db, email);
  if (user) {
    await deps.db.transaction(async (tx) => {
      const [recent] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(passwordResets)
        .where(
          and(eq(passwordResets.userId, user.id), gt(passwordResets.createdAt, new Date(now.getTime() - 3_600_000))),
        );
      if ((recent?.count ?? 0) >= RESETS_PER_HOUR) return;
      const token = newToken();
      await tx.insert(passwordResets).values({
        userId: user.id,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.config.security.passwordResetMinutes * 60_000),
      });
      const link = `${deps.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mailer.enqueue(tx, user.email, passwordResetEmail(deps.config, link));
      await recordAudit(tx, {
        action: 'auth.password_reset_requested',
        actor: { userId: null, email: null },
        targetUserId: user.id,
        meta,
        at: now,
      });
    });
    void deps.mailer.flush();
  }
  return { message: messages.auth.resetRequested };
}

/**
 * Sets the new password from an e-mailed link: the link works once and ends every session. The
 * lock from failed sign-ins is lifted (the person proved they hold the mailbox); the second
 * factor is still asked at the next sign-in.
 */
export async function confirmPasswordReset(deps: Deps, input: { token: string; password: string }, meta: RequestMeta) {
  const now = deps.clock();
  assertNotCommon(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  await deps.db.transaction(async (tx) => {
    const [reset] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, sha256(input.token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!reset) throw new AppError('VALIDATION_FAILED', messages.auth.resetInvalid);
    const [user] = await tx
      .update(users)
      .set({ passwordHash, passwordChangedAt: now, failedSignIns: 0, lockedUntil: null, updatedAt: now })
      .where(eq(users.id, reset.userId))
      .returning({ id: users.id, email: users.email });
    if (!user) throw new AppError('VALIDATION_FAILED', messages.auth.resetInvalid);
    // Other outstanding links for the account die with this one.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
    await afterPasswordChange(tx, deps, {
      user,
      action: 'auth.password_reset',
      sessionsEndedBecause: 'password reset',
      meta,
      now,
    });
  });
  void deps.mailer.flush();
  return { message: messages.auth.resetDone };
}
