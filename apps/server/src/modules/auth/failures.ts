import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { type RequestMeta, recordAudit } from '../audit/record-audit';
import { type UserRow, users } from '../people/people.tables';
import { notify } from '../notifications/notify';
import { accountLockedEmail } from './auth-emails';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>;

export function isLocked(user: Pick<UserRow, 'lockedUntil'>, now: Date): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}

/**
 * Counts a failed password or code against the account, in its own transaction so it sticks
 * even though the request fails. Reaching the threshold locks the account for a while and
 * e-mails the member. The counter is incremented atomically, so parallel guesses all count.
 */
export async function recordSignInFailure(
  deps: Deps,
  user: UserRow,
  action: 'auth.sign_in_failed' | 'auth.code_failed',
  meta: RequestMeta,
): Promise<void> {
  const now = deps.clock();
  const { lockoutThreshold, lockoutMinutes } = deps.config.security;
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
      .where(eq(users.id, user.id))
      .returning({ failedSignIns: users.failedSignIns });
    await recordAudit(tx, {
      action,
      actor: { userId: user.id, email: user.email },
      targetUserId: user.id,
      meta,
      after: { failedInARow: row?.failedSignIns ?? null },
      at: now,
    });
    if (!row || row.failedSignIns < lockoutThreshold) return;
    const lockedUntil = new Date(now.getTime() + lockoutMinutes * 60_000);
    await tx.update(users).set({ failedSignIns: 0, lockedUntil }).where(eq(users.id, user.id));
    await recordAudit(tx, {
      action: 'auth.locked',
      actor: { userId: null, email: 'system' },
      targetUserId: user.id,
      meta,
      after: { lockedUntil: lockedUntil.toISOString() },
      at: now,
    });
    await notify(
      tx,
      user.id,
      {
        kind: 'security',
        title: 'Account locked',
        body: `After repeated failed sign-ins your account is locked until ${lockedUntil.toUTCString()}.`,
      },
      now,
    );
    await deps.mailer.enqueue(tx, user.email, accountLockedEmail(deps.config, lockedUntil));
  });
  void deps.mailer.flush();
}
