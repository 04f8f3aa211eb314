import { type BalanceAdjustmentInput, centsToDecimal, formatMoney, messages, parseMoney } from '@mutual/shared';
import type { AppDeps } from '../../app';
import { withRetry } from '../../db/errors';
import { AppError } from '../../http/app-error';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { lockMemberAccount } from '../ledger/member-accounts';
import { postTransfer } from '../ledger/post-transfer';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * Staff "edit the balance" (decisions.md): they give the balance the account should have and a
 * reason; the ledger posts an adjustment for the difference against the adjustments account.
 * The account is locked while the difference is worked out, so a transfer landing meanwhile
 * cannot make the result miss the target.
 */
export async function adjustBalance(
  deps: Deps,
  userId: string,
  accountId: string,
  input: BalanceAdjustmentInput,
  actor: Actor,
  meta: RequestMeta,
): Promise<{ message: string }> {
  const parsed = parseMoney(input.balance);
  if (!parsed.ok) throw new AppError('VALIDATION_FAILED', messages.admin.balanceInvalid, { balance: messages.admin.balanceInvalid });
  const target = parsed.cents;
  const now = deps.clock();
  return withRetry(() =>
    deps.db.transaction(async (tx) => {
      const account = await lockMemberAccount(tx, userId, accountId);
      if (!account) throw new AppError('NOT_FOUND', messages.transfers.accountNotFound);
      const before = account.balance;
      const difference = target - before;
      if (difference !== 0n) {
        const memo = `Balance adjustment: ${input.reason.trim()}`;
        await postTransfer(tx, {
          kind: 'single',
          debitAccountId: difference > 0n ? generalLedger.adjustments : account.id,
          creditAccountId: difference > 0n ? account.id : generalLedger.adjustments,
          amount: difference > 0n ? difference : -difference,
          category: 'Other',
          debitMemo: memo,
          creditMemo: memo,
          now,
          createdBy: actor.userId,
        }).catch((error: unknown) => {
          // Below zero once held payments count: the ledger refuses, and so do we, plainly.
          if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
            throw new AppError('VALIDATION_FAILED', messages.admin.updateAccountFailed, {
              balance: `The balance cannot go below the ${formatMoney(account.held)} held for pending payments`,
            });
          }
          throw error;
        });
      }
      await recordAudit(tx, {
        action: 'account.balance_adjusted',
        actor,
        targetUserId: userId,
        meta,
        before: { accountId, type: account.type, balance: centsToDecimal(before) },
        after: { accountId, type: account.type, balance: centsToDecimal(target), reason: input.reason.trim() },
        at: now,
      });
      return { message: messages.admin.balanceUpdated(account.type, formatMoney(target)) };
    }),
  );
}

