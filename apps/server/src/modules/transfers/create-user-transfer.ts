import { formatWireMoney, messages, type userTransferSchema } from '@mutual/shared';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { fact } from '../money/money-command';
import { type Deps, runMemberTransfer, type TransferCaller, withFacts } from './member-transfer';
import { transferReceivedEmail } from './transfer-emails';

export type UserTransfer = z.output<typeof userTransferSchema>;

/** To a member: posts at once into their Checking; they are told (notice, and e-mail if they keep it on). */
export function createUserTransfer(deps: Deps, caller: TransferCaller, input: UserTransfer) {
  const { member } = caller;
  if (input.recipientEmail === member.email.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', messages.transfers.ownAccount, {
      recipientEmail: messages.transfers.ownAccount,
    });
  }
  const amount = formatWireMoney(input.amount);
  const sender = member.name || member.email;
  return runMemberTransfer(deps, caller, {
    type: 'user',
    form: input,
    to: { memberEmail: input.recipientEmail },
    outgoing: true,
    debitMemo: '',
    creditMemo: `Transfer from ${sender}`,
    reference: input.reference,
    message: { fact: 'recipient.name', render: (name) => messages.transfers.userDone(amount, name) },
    audit: { action: 'transfer.member', after: { recipientUserId: '' } },
    extra: {
      recipientNotice: {
        kind: 'transfer',
        title: 'Money received',
        body: `${sender} sent you ${amount}: ${input.reference}`,
      },
      recipientMail: transferReceivedEmail(deps.config, sender, amount, input.reference),
      fill: [
        withFacts('debitMemo', [], (name) => `Transfer to ${name}`, 'recipient.name'),
        { doc: 'audit', path: ['after', 'recipientUserId'], parts: [fact('recipient.id')] },
      ],
    },
  });
}
