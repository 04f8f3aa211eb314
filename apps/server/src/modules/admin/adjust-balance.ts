import { randomUUID } from 'node:crypto';
import { type BalanceAdjustmentInput, centsToDecimal, formatMoney, messages, parseMoney } from '@mutual/shared';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { type Actor, type RequestMeta } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { fact, runMoneyCommand } from '../money/money-command';
import { withFacts } from '../transfers/member-transfer';

type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'mailer'>;

/**
 * Staff "edit the balance" (decisions.md): they give the balance the account should have and a
 * reason; the ledger posts an adjustment for the difference against the adjustments account. The
 * money command works the difference out under the account's lock, so a transfer landing
 * meanwhile cannot make the result miss the target; it never goes below money held.
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
  if (!parsed.ok)
    throw new AppError('VALIDATION_FAILED', messages.admin.balanceInvalid, { balance: messages.admin.balanceInvalid });
  const target = parsed.cents;
  const reason = input.reason.trim();
  const memo = `Balance adjustment: ${reason}`;
  const answer = await runMoneyCommand(deps, {
    actor,
    targetUserId: userId,
    meta,
    now: deps.clock(),
    transferId: randomUUID(),
    checkHold: false,
    category: 'Other',
    debitMemo: memo,
    creditMemo: memo,
    to: { setBalance: { accountId, owner: userId, target, against: generalLedger.adjustments } },
    audit: {
      action: 'account.balance_adjusted',
      before: { accountId, type: '', balance: '' },
      after: { accountId, type: '', balance: centsToDecimal(target), reason },
    },
    answer: { message: '' },
    answerStatus: 200,
    fill: [
      withFacts(
        'answer',
        ['message'],
        (type) => messages.admin.balanceUpdated(type, formatMoney(target)),
        'account.type',
      ),
      { doc: 'audit', path: ['before', 'type'], parts: [fact('account.type')] },
      { doc: 'audit', path: ['after', 'type'], parts: [fact('account.type')] },
      { doc: 'audit', path: ['before', 'balance'], parts: [fact('balance.before')] },
    ],
    refusal: (state, detail) => {
      if (state === 'MU404') return new AppError('NOT_FOUND', messages.transfers.accountNotFound);
      // Below zero once held payments count: refused, plainly.
      if (state === 'MU402') {
        return new AppError('VALIDATION_FAILED', messages.admin.updateAccountFailed, {
          balance: `The balance cannot go below the ${formatMoney(BigInt(detail ?? '0'))} held for pending payments`,
        });
      }
      return undefined;
    },
  });
  return answer.body as { message: string };
}
