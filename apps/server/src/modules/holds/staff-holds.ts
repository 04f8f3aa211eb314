import { messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { retriedTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { loadUser } from '../people/users';
import { type HoldChange, liftHold, placeHold } from './holds';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** A hold change as staff ask for it; the time is the clock's. */
export type StaffHoldRequest = Omit<HoldChange, 'now'>;

/**
 * Staff place a hold on a member from the console: their transfers are refused with
 * ACCOUNT_LOCKED and their sessions end (see `placeHold`). Only members with accounts move
 * money, so only they can be held; applicants and staff cannot.
 */
export async function placeMemberHold(deps: Deps, request: StaffHoldRequest): Promise<{ message: string }> {
  return retriedTransaction(deps, async (tx, now) => {
    const user = await loadUser(tx, request.userId);
    const isMember = user.role === 'user' && (user.status === 'approved' || user.status === 'active');
    if (!isMember) throw new AppError('CONFLICT', messages.holds.membersOnly);
    await placeHold(tx, { ...request, now });
    return { message: messages.holds.placed(user.name) };
  });
}

/** Lifts the member's active hold; they can move money again (their next sign-in is their own). */
export async function liftMemberHold(deps: Deps, request: StaffHoldRequest): Promise<{ message: string }> {
  return retriedTransaction(deps, async (tx, now) => {
    const user = await loadUser(tx, request.userId);
    await liftHold(tx, { ...request, now });
    return { message: messages.holds.lifted(user.name) };
  });
}
