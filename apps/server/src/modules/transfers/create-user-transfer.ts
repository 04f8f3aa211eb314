import { centsToDecimal, formatMoney, messages, type userTransferSchema } from '@mutual/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import type { RequestMeta } from '../audit/record-audit';
import { hashRequest, type IdempotentAnswer } from '../ledger/idempotency';
import type { UserRow } from '../members/members.tables';
import { fact, runMoneyCommand } from '../money/money-command';
import { amountInCents, memberCommand, outgoingLimit, transferResult, withFacts } from './transfer-context';
import { transferReceivedEmail } from './transfer-emails';

type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'config' | 'mailer'>;
export type UserTransfer = z.output<typeof userTransferSchema>;

/**
 * To a member of the credit union: posts at once into the recipient's Checking account. The
 * recipient is told (notification, and e-mail when they keep e-mail notifications on).
 */
export function createUserTransfer(deps: Deps, member: UserRow, input: UserTransfer, key: string, meta: RequestMeta): Promise<IdempotentAnswer> {
  if (input.recipientEmail === member.email.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', messages.transfers.ownAccount, { recipientEmail: messages.transfers.ownAccount });
  }
  const amount = amountInCents(input.amount);
  const sender = member.name || member.email;
  const command = memberCommand(deps, member, meta, { key, requestHash: hashRequest('transfer:user', input) });
  return runMoneyCommand(deps, {
    ...command,
    limit: outgoingLimit(deps),
    amount,
    from: input.fromAccount,
    to: { memberEmail: input.recipientEmail },
    debitMemo: '',
    creditMemo: `Transfer from ${sender}`,
    reference: input.reference,
    recipientNotice: { kind: 'transfer', title: 'Money received', body: `${sender} sent you ${formatMoney(amount)}: ${input.reference}` },
    recipientMail: transferReceivedEmail(deps.config, sender, formatMoney(amount), input.reference),
    audit: { action: 'transfer.member', after: { transferId: command.transferId, amount: centsToDecimal(amount), from: input.fromAccount, recipientUserId: '' } },
    answer: transferResult({
      transferId: command.transferId,
      transferType: 'user',
      status: 'Completed',
      amount: centsToDecimal(amount),
      fromAccount: input.fromAccount,
      message: '',
      createdAt: command.now,
      paymentOrderId: null,
    }),
    fill: [
      withFacts('debitMemo', [], (name) => `Transfer to ${name}`, 'recipient.name'),
      withFacts('answer', ['message'], (name) => messages.transfers.userDone(formatMoney(amount), name), 'recipient.name'),
      { doc: 'audit', path: ['after', 'recipientUserId'], parts: [fact('recipient.id')] },
    ],
  });
}
