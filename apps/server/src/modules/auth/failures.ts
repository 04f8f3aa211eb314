import { messages } from '@mutual/shared';
import { and, eq, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { momentIn, timeOfDayIn } from '../../time';
import { type RequestMeta, recordAudit } from '../audit/record-audit';
import { type UserRow, users } from '../people/people.tables';
import { notify } from '../notifications/notify';
import { accountLockedEmail } from './auth-emails';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>;

/** What counts a failure against the account: a password at sign-in, a sign-in code, a current password. */
export type FailureAction = 'auth.sign_in_failed' | 'auth.code_failed' | 'auth.password_check_failed';

/** No one's id: an unknown e-mail claims a try against no row, so it costs what a known one does. */
export const NO_ONE = '00000000-0000-0000-0000-000000000000';

export function isLocked(user: Pick<UserRow, 'lockedUntil'>, now: Date): boolean {
  return user.lockedUntil !== null && user.lockedUntil > now;
}

/** "Locked until 3:45 PM EST": the spec's message with the time the lock ends, in the credit union's zone. */
export function lockedError(lockedUntil: Date, timeZone: string): AppError {
  return new AppError('ACCOUNT_LOCKED', messages.auth.locked(timeOfDayIn(lockedUntil, timeZone)));
}

const notLocked = (now: Date) => or(isNull(users.lockedUntil), lte(users.lockedUntil, now));

/**
 * Claims one try against the account's lockout counter before a password or code is checked:
 * one UPDATE, which only counts while the account is not locked and has tries left, so however
 * many guesses arrive at once, at most SIGN_IN_LOCKOUT_THRESHOLD of them are ever checked. The
 * counter holds the tries in flight as well as the failures: a right answer gives its try back
 * (`giveBackTry`), a wrong one keeps it (`recordSignInFailure`). Returns the try's number, or null
 * when there is none to take (locked, or the last tries are being checked right now).
 */
export async function claimTry(
  db: Executor,
  deps: Pick<Deps, 'config'>,
  userId: string,
  now: Date,
  options: { evenTime?: boolean } = {},
) {
  const [row] = await db
    .update(users)
    .set({ failedSignIns: sql`${users.failedSignIns} + 1` })
    .where(
      and(
        eq(users.id, userId),
        lt(users.failedSignIns, deps.config.security.lockoutThreshold),
        notLocked(now),
        // Sign-in step 1, on its own (not in a transaction): the commit does not wait for the WAL
        // flush, so a claimed try (a row written) takes as long as a refused one or an unknown
        // e-mail's (nothing written) — the flush was the one difference left in the answer's
        // time. A database crash that very moment could forget the try, never count it twice.
        options.evenTime ? sql`set_config('synchronous_commit', 'off', true) is not null` : undefined,
      ),
    )
    .returning({ tries: users.failedSignIns });
  return row?.tries ?? null;
}

/** A claimed try that turned out right; says whether the account was locked meanwhile (by parallel failures). */
export async function giveBackTry(db: Executor, userId: string, now: Date): Promise<{ lockedUntil: Date | null }> {
  const [row] = await db
    .update(users)
    .set({ failedSignIns: sql`greatest(${users.failedSignIns} - 1, 0)` })
    .where(eq(users.id, userId))
    .returning({ lockedUntil: users.lockedUntil });
  const lockedUntil = row?.lockedUntil ?? null;
  return { lockedUntil: lockedUntil && lockedUntil > now ? lockedUntil : null };
}

export interface Failure {
  action: FailureAction;
  meta: RequestMeta;
  /** The number of the try it used (`claimTry`); null when none was taken and nothing is counted. */
  tries: number | null;
  /** Why it was refused without a counted try: unknown e-mail, locked, no tries left. */
  reason?: string;
}

/**
 * The refusal when `claimTry` found no try: the lock, to someone already past the password (a
 * signed-in member, the second step); otherwise the last tries are being checked this moment.
 */
export async function noTryLeft(deps: Pick<Deps, 'db' | 'config'>, userId: string, now: Date): Promise<AppError> {
  const [row] = await deps.db.select({ lockedUntil: users.lockedUntil }).from(users).where(eq(users.id, userId));
  if (row && isLocked(row, now) && row.lockedUntil) return lockedError(row.lockedUntil, deps.config.timeZone);
  return new AppError('RATE_LIMITED', messages.generic.rateLimited);
}

/**
 * Records a refused password or code, in its own transaction so it sticks even though the request
 * fails: the audit row, and — once the counter has reached the threshold — the lock, with the
 * member e-mailed and notified. The lock is one conditional UPDATE, so parallel failures lock (and
 * e-mail) once; it runs for every refusal, an unknown e-mail's included (against no row), so every
 * refusal writes alike.
 */
export async function recordSignInFailure(deps: Deps, user: UserRow | undefined, failure: Failure): Promise<void> {
  const now = deps.clock();
  const { lockoutThreshold, lockoutMinutes } = deps.config.security;
  const lockedUntil = new Date(now.getTime() + lockoutMinutes * 60_000);
  const locked = await deps.db.transaction(async (tx) => {
    await recordAudit(tx, {
      action: failure.action,
      actor: { userId: user?.id ?? null, email: user?.email ?? null },
      targetUserId: user?.id ?? null,
      meta: failure.meta,
      after: failure.tries === null ? { reason: failure.reason } : { failedInARow: failure.tries },
      at: now,
    });
    const [row] = await tx
      .update(users)
      .set({ failedSignIns: 0, lockedUntil })
      .where(and(eq(users.id, user?.id ?? NO_ONE), gte(users.failedSignIns, lockoutThreshold), notLocked(now)))
      .returning({ id: users.id, email: users.email });
    if (!row) return false;
    await recordAudit(tx, {
      action: 'auth.locked',
      actor: { userId: null, email: 'system' },
      targetUserId: row.id,
      meta: failure.meta,
      after: { lockedUntil: lockedUntil.toISOString() },
      at: now,
    });
    const until = momentIn(lockedUntil, deps.config.timeZone);
    await notify(
      tx,
      row.id,
      {
        kind: 'security',
        title: 'Account locked',
        body: `After repeated failed sign-ins your account is locked until ${until}.`,
      },
      now,
    );
    await deps.mailer.enqueue(tx, row.email, accountLockedEmail(deps.config, lockedUntil));
    return true;
  });
  if (locked) void deps.mailer.flush();
}
