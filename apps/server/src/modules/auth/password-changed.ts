import { and, gt, isNull, eq } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Executor } from '../../db/client';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { signInAttempts } from './auth.tables';
import { passwordChangedEmail } from './auth-emails';
import { revokeUserSessions } from './sessions';

type Deps = Pick<AppDeps, 'config' | 'mailer'>;

export interface PasswordChange {
  /** The person whose password it is; they are the actor too. */
  user: { id: string; email: string };
  action: 'auth.password_reset' | 'auth.password_changed';
  /** Why the sessions ended, as the sessions table records it. */
  sessionsEndedBecause: string;
  /** The session that set the password and carries on, if any; every other one ends. */
  keepSessionId?: string;
  meta: RequestMeta;
  now: Date;
}

/**
 * What follows a new password, in the transaction that sets it: the person's sessions end, and
 * so do sign-ins begun with the old password and waiting for their code; the change is audited,
 * and they are e-mailed that their password changed (the caller flushes the mailer after the
 * commit).
 */
export async function afterPasswordChange(tx: Executor, deps: Deps, change: PasswordChange): Promise<void> {
  const { user, keepSessionId, now } = change;
  const ended = await revokeUserSessions(tx, user.id, change.sessionsEndedBecause, now, keepSessionId);
  await tx
    .update(signInAttempts)
    .set({ expiresAt: now })
    .where(
      and(eq(signInAttempts.userId, user.id), isNull(signInAttempts.completedAt), gt(signInAttempts.expiresAt, now)),
    );
  const actor: Actor = { userId: user.id, email: user.email };
  await recordAudit(tx, {
    action: change.action,
    actor,
    targetUserId: user.id,
    meta: change.meta,
    after: keepSessionId === undefined ? { sessionsEnded: ended } : { otherSessionsEnded: ended },
    at: now,
  });
  await deps.mailer.enqueue(tx, user.email, passwordChangedEmail(deps.config, now));
}
