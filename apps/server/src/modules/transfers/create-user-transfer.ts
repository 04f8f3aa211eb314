import { formatWireMoney, messages, type userTransferSchema } from '@mutual/shared';
import type { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { RequestMeta } from '../audit/record-audit';
import type { UserRow } from '../members/members.tables';
import { fact } from '../money/money-command';
import { type Deps, runMemberTransfer, withFacts } from './member-transfer';
import { transferReceivedEmail } from './transfer-emails';

export type UserTransfer = z.output<typeof userTransferSchema>;

/**
 * To a member of the credit union: posts at once into the recipient's Checking account. The
 * recipient is told (notification, and e-mail when they keep e-mail notifications on).
 */
export function createUserTransfer(deps: Deps, member: UserRow, input: UserTransfer, key: string, meta: RequestMeta) {
  if (input.recipientEmail === member.email.toLowerCase()) {
    throw new AppError('VALIDATION_FAILED', messages.transfers.ownAccount, { recipientEmail: messages.transfers.ownAccount });
  }
  const amount = formatWireMoney(input.amount);
  const sender = member.name || member.email;
  return runMemberTransfer(deps, member, meta, key, {
    type: 'user',
    request: ['transfer:user', input],
    amount: input.amount,
    from: input.fromAccount,
    to: { memberEmail: input.recipientEmail },
    outgoing: true,
    debitMemo: '',
    creditMemo: `Transfer from ${sender}`,
    reference: input.reference,
    message: { fact: 'recipient.name', render: (name) => messages.transfers.userDone(amount, name) },
    audit: { action: 'transfer.member', after: { recipientUserId: '' } },
    extra: {
      recipientNotice: { kind: 'transfer', title: 'Money received', body: `${sender} sent you ${amount}: ${input.reference}` },
      recipientMail: transferReceivedEmail(deps.config, sender, amount, input.reference),
      fill: [
        withFacts('debitMemo', [], (name) => `Transfer to ${name}`, 'recipient.name'),
        { doc: 'audit', path: ['after', 'recipientUserId'], parts: [fact('recipient.id')] },
      ],
    },
  });
}
