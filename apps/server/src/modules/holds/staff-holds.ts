import { type HoldInput, messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { withRetry } from '../../db/errors';
import { AppError } from '../../errors';
import type { Actor, RequestMeta } from '../audit/record-audit';
import { loadUser } from '../people/users';
import { liftHold, placeHold } from './holds';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Staff place a hold on a member from the console: their transfers are refused with
 * ACCOUNT_LOCKED and their sessions end (see `placeHold`). Only members with accounts move
 * money, so only they can be held; applicants and staff cannot.
 */
export async function placeMemberHold(
  deps: Deps,
  userId: string,
  input: HoldInput,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = deps.clock();
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const user = await loadUser(tx, userId);
      const isMember = user.role === 'user' && (user.status === 'approved' || user.status === 'active');
      if (!isMember) throw new AppError('CONFLICT', messages.holds.membersOnly);
      await placeHold(tx, { userId, reason: input.reason, actor, meta, now });
      return { message: messages.holds.placed(user.name) };
    }),
  );
}

/** Lifts the member's active hold; they can move money again (their next sign-in is their own). */
export async function liftMemberHold(
  deps: Deps,
  userId: string,
  input: HoldInput,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = deps.clock();
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const user = await loadUser(tx, userId);
      await liftHold(tx, { userId, reason: input.reason, actor, meta, now });
      return { message: messages.holds.lifted(user.name) };
    }),
  );
}
