import { messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import type { RequestMeta } from '../audit/record-audit';
import type { UserRow } from '../people/people.tables';
import { claimTry, giveBackTry, lockedError, noTryLeft, recordSignInFailure } from './failures';
import { verifyPassword } from './passwords';

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock'>;

/**
 * The current password, asked again before a security change (a new password, the authenticator
 * off, new backup codes). It is checked as a sign-in's is: a try is claimed against the lockout
 * counter first, and a wrong password counts towards the lock, so a stolen session cannot guess
 * the password at leisure, however many requests it sends at once.
 */
export async function assertCurrentPassword(
  deps: Deps,
  user: UserRow,
  password: string,
  field: string,
  meta: RequestMeta,
): Promise<void> {
  const now = deps.clock();
  const tries = await claimTry(deps.db, deps, user.id, now);
  if (tries === null) throw await noTryLeft(deps, user.id, now);
  if (await verifyPassword(user.passwordHash, password)) {
    const { lockedUntil } = await giveBackTry(deps.db, user.id, now);
    if (lockedUntil) throw lockedError(lockedUntil, deps.config.timeZone);
    return;
  }
  await recordSignInFailure(deps, user, { action: 'auth.password_check_failed', meta, tries });
  throw new AppError('VALIDATION_FAILED', messages.settings.currentPasswordWrong, {
    [field]: messages.settings.currentPasswordWrong,
  });
}
