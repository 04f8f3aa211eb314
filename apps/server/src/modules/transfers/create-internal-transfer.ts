import { centsToDecimal, formatMoney, type internalTransferSchema, messages } from '@mutual/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import type { RequestMeta } from '../audit/record-audit';
import { hashRequest, type IdempotentAnswer } from '../ledger/idempotency';
import type { UserRow } from '../members/members.tables';
import { runMoneyCommand } from '../money/money-command';
import { amountInCents, memberCommand, transferResult } from './transfer-context';

type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'config' | 'mailer'>;
export type InternalTransfer = z.output<typeof internalTransferSchema>;

/** Between Accounts: moves money between the member's own Checking and Savings at once. */
export function createInternalTransfer(deps: Deps, member: UserRow, input: InternalTransfer, key: string, meta: RequestMeta): Promise<IdempotentAnswer> {
  const amount = amountInCents(input.amount);
  const command = memberCommand(deps, member, meta, { key, requestHash: hashRequest('transfer:internal', input) });
  return runMoneyCommand(deps, {
    ...command,
    amount,
    from: input.fromAccount,
    to: { own: input.toAccount },
    debitMemo: `Transfer to ${input.toAccount}`,
    creditMemo: `Transfer from ${input.fromAccount}`,
    reference: input.reference || null,
    audit: {
      action: 'transfer.internal',
      after: { transferId: command.transferId, amount: centsToDecimal(amount), from: input.fromAccount, to: input.toAccount },
    },
    answer: transferResult({
      transferId: command.transferId,
      transferType: 'internal',
      status: 'Completed',
      amount: centsToDecimal(amount),
      fromAccount: input.fromAccount,
      message: messages.transfers.internalDone(formatMoney(amount), input.fromAccount, input.toAccount),
      createdAt: command.now,
      paymentOrderId: null,
    }),
  });
}
