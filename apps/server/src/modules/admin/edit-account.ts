import { type AccountEditInput, messages } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { sqlState } from '../../db/errors';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { lockMemberAccount, renumberAccount } from '../ledger/member-accounts';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Staff correct an account's number or routing number (spec §2 account editing). The number stays
 * unique (a database index) and 10 digits without a leading 0 (a CHECK); balances are not edited
 * here — see adjust-balance.ts.
 */
export async function editAccount(
  deps: Deps,
  userId: string,
  accountId: string,
  input: AccountEditInput,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const now = deps.clock();
  const accountNumber = input.accountNumber.trim();
  const routingNumber = input.routingNumber.trim();
  try {
    return await deps.db.transaction(async (tx) => {
      const account = await lockMemberAccount(tx, userId, accountId);
      if (!account) throw new AppError('NOT_FOUND', messages.transfers.accountNotFound);
      await renumberAccount(tx, account.id, { accountNumber, routingNumber });
      await recordAudit(tx, {
        action: 'account.updated',
        actor,
        targetUserId: userId,
        meta,
        before: {
          accountId,
          type: account.type,
          accountNumber: account.accountNumber,
          routingNumber: account.routingNumber,
        },
        after: { accountId, type: account.type, accountNumber, routingNumber },
        at: now,
      });
      return { message: messages.admin.accountUpdated(account.type) };
    });
  } catch (error) {
    if (sqlState(error) === '23505') {
      throw new AppError('CONFLICT', messages.admin.accountNumberInUse, {
        accountNumber: messages.admin.accountNumberInUse,
      });
    }
    throw error;
  }
}
