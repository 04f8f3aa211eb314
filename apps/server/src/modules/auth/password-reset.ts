import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type RequestMeta, recordAudit } from '../audit/record-audit';
import { findUserByEmail } from '../people/users';
import { users } from '../people/people.tables';
import { passwordResets } from './auth.tables';
import { firstPasswordEmail, passwordResetEmail } from './auth-emails';
import { NO_ONE } from './failures';
import { afterPasswordChange } from './password-changed';
import { assertNotCommon, hashPassword } from './passwords';
import { newToken, sha256 } from './tokens';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>;

/** Reset e-mails per account and hour, on top of the per-IP limit on the route. */
const RESETS_PER_HOUR = 3;

/** The web page a reset or first-password e-mail links to, carrying the token that `confirmPasswordReset` takes. */
function resetLink(config: Deps['config'], token: string) {
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * Always answers the same, whether or not the address has an account (no enumeration), after the
 * same work: the look-up, a token and the e-mail made, and one transaction with the same
 * statements — the account's row locked, the reset row inserted only for an account under its
 * hourly limit (one INSERT … SELECT, which inserts nothing for an unknown e-mail) and the audit
 * row. Only the e-mail's row
 * differs, as it must; delivery is never awaited.
 */
export async function requestPasswordReset(deps: Deps, email: string, meta: RequestMeta) {
  const now = deps.clock();
  const user = await findUserByEmail(deps.db, email);
  const token = newToken();
  const link = resetLink(deps.config, token);
  const message = passwordResetEmail(deps.config, link);
  const expiresAt = new Date(now.getTime() + deps.config.security.passwordResetMinutes * 60_000);
  const hourAgo = new Date(now.getTime() - 3_600_000);
  await deps.db.transaction(async (tx) => {
    // The account's row is locked first, so requests in parallel count one another's links: the
    // INSERT's own snapshot, taken after the lock, sees those committed before it (an unknown
    // e-mail locks nothing, by the same statement).
    await tx.execute(sql`select 1 from ${users} where id = ${user?.id ?? NO_ONE} for update`);
    const inserted = (await tx.execute(sql`
      insert into ${passwordResets} (user_id, token_hash, created_at, expires_at)
      select u.id, ${sha256(token)}, ${now.toISOString()}::timestamptz, ${expiresAt.toISOString()}::timestamptz
      from ${users} u
      where u.id = ${user?.id ?? NO_ONE}
        and (select count(*) from ${passwordResets} r
             where r.user_id = u.id and r.created_at > ${hourAgo.toISOString()}::timestamptz) < ${RESETS_PER_HOUR}
      returning user_id`)) as { rows?: unknown[] };
    const sent = user !== undefined && inserted.rows?.length === 1;
    if (sent) await deps.mailer.enqueue(tx, user.email, message);
    await recordAudit(tx, {
      action: 'auth.password_reset_requested',
      actor: { userId: null, email: null },
      targetUserId: user?.id ?? null,
      meta,
      ...(!sent && { after: { reason: user ? 'too many requests' : 'unknown email' } }),
      at: now,
    });
  });
  void deps.mailer.flush();
  return { message: messages.auth.resetRequested };
}

/** How long the first-password link of an account made at the server works: its holder may read it the next day. */
export const FIRST_PASSWORD_LINK_HOURS = 24;

/**
 * A new account's link to choose its first password (`npm run staff:create`): the single-use row
 * `confirmPasswordReset` takes, valid `FIRST_PASSWORD_LINK_HOURS`, an e-mail saying the account is
 * new, and the audit row, in one transaction.
 */
export async function sendFirstPasswordLink(deps: Deps, user: { id: string; email: string }, meta: RequestMeta) {
  const now = deps.clock();
  const token = newToken();
  const link = resetLink(deps.config, token);
  const expiresAt = new Date(now.getTime() + FIRST_PASSWORD_LINK_HOURS * 3_600_000);
  await deps.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({ userId: user.id, tokenHash: sha256(token), createdAt: now, expiresAt });
    await deps.mailer.enqueue(tx, user.email, firstPasswordEmail(deps.config, link, FIRST_PASSWORD_LINK_HOURS));
    await recordAudit(tx, {
      action: 'auth.first_password_link',
      actor: { userId: null, email: null },
      targetUserId: user.id,
      meta,
      after: { expiresAt: expiresAt.toISOString() },
      at: now,
    });
  });
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
