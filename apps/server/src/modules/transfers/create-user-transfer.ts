import { centsToDecimal, formatMoney, messages, type userTransferSchema } from '@mutual/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import { type RequestMeta, recordAudit } from '../audit/record-audit';
import { hashRequest, type IdempotentAnswer, runIdempotent } from '../ledger/idempotency';
import { postTransfer } from '../ledger/post-transfer';
import type { UserRow } from '../members/members.tables';
import { notify } from '../notifications/notify';
import { findRecipient } from './recipients';
import { amountInCents, openTransfer, sourceAccount, transferResult } from './transfer-context';
import { transferReceivedEmail } from './transfer-emails';
import { countOutgoingTransfer } from './transfer-limit';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>;
export type UserTransfer = z.output<typeof userTransferSchema>;

/**
 * To a member of the credit union: posts at once into the recipient's Checking account. The
 * recipient is told (notification, and e-mail when they keep e-mail notifications on).
 */
export async function createUserTransfer(
  deps: Deps,
  member: UserRow,
  input: UserTransfer,
  idempotencyKey: string,
  meta: RequestMeta,
): Promise<IdempotentAnswer> {
  const now = deps.clock();
  const amount = amountInCents(input.amount);
  const request = { userId: member.id, key: idempotencyKey, requestHash: hashRequest('transfer:user', input), now };
  const answer = await runIdempotent(deps.db, request, async (tx) => {
    if (input.recipientEmail === member.email.toLowerCase()) {
      throw new AppError('VALIDATION_FAILED', messages.transfers.ownAccount, { recipientEmail: messages.transfers.ownAccount });
    }
    const accounts = await openTransfer(tx, member.id);
    const from = sourceAccount(accounts, input.fromAccount);
    const recipient = await findRecipient(tx, input.recipientEmail);
    if (!recipient) {
      throw new AppError('VALIDATION_FAILED', messages.transfers.invalidRecipient, { recipientEmail: messages.transfers.invalidRecipient });
    }
    await countOutgoingTransfer(tx, deps.config.limits, member.id, now);
    const senderName = member.name || member.email;
    const posted = await postTransfer(tx, {
      kind: 'single',
      debitAccountId: from.id,
      creditAccountId: recipient.checkingAccountId,
      amount,
      category: 'Transfer',
      debitMemo: `Transfer to ${recipient.name}`,
      creditMemo: `Transfer from ${senderName}`,
      reference: input.reference,
      now,
      createdBy: member.id,
    });
    await notify(
      tx,
      recipient.userId,
      { kind: 'transfer', title: 'Money received', body: `${senderName} sent you ${formatMoney(amount)}: ${input.reference}` },
      now,
    );
    if (recipient.notifyEmail) {
      await deps.mailer.enqueue(tx, recipient.email, transferReceivedEmail(deps.config, senderName, formatMoney(amount), input.reference));
    }
    await recordAudit(tx, {
      action: 'transfer.member',
      actor: { userId: member.id, email: member.email },
      targetUserId: member.id,
      meta,
      after: { transferId: posted.transferId, amount: centsToDecimal(amount), from: from.type, recipientUserId: recipient.userId },
      at: now,
    });
    return {
      statusCode: 201,
      body: transferResult({
        transferId: posted.transferId,
        transferType: 'user',
        status: 'Completed',
        amount: centsToDecimal(amount),
        fromAccount: from.type,
        message: messages.transfers.userDone(formatMoney(amount), recipient.name),
        createdAt: now,
        paymentOrderId: null,
      }),
    };
  });
  if (!answer.replayed) void deps.mailer.flush();
  return answer;
}
