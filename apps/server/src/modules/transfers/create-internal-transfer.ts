import { centsToDecimal, formatMoney, type internalTransferSchema, messages } from '@mutual/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { type RequestMeta, recordAudit } from '../audit/record-audit';
import type { UserRow } from '../members/members.tables';
import { hashRequest, type IdempotentAnswer, runIdempotent } from '../ledger/idempotency';
import { postTransfer } from '../ledger/post-transfer';
import { amountInCents, openTransfer, sourceAccount, transferResult } from './transfer-context';

type Deps = Pick<AppDeps, 'db' | 'clock'>;
export type InternalTransfer = z.output<typeof internalTransferSchema>;

/** Between Accounts: moves money between the member's own Checking and Savings at once. */
export async function createInternalTransfer(
  deps: Deps,
  member: UserRow,
  input: InternalTransfer,
  idempotencyKey: string,
  meta: RequestMeta,
): Promise<IdempotentAnswer> {
  const now = deps.clock();
  const amount = amountInCents(input.amount);
  const request = { userId: member.id, key: idempotencyKey, requestHash: hashRequest('transfer:internal', input), now };
  return runIdempotent(deps.db, request, async (tx) => {
    const accounts = await openTransfer(tx, member.id);
    const from = sourceAccount(accounts, input.fromAccount);
    const to = sourceAccount(accounts, input.toAccount);
    const posted = await postTransfer(tx, {
      kind: 'single',
      debitAccountId: from.id,
      creditAccountId: to.id,
      amount,
      category: 'Transfer',
      debitMemo: `Transfer to ${to.type}`,
      creditMemo: `Transfer from ${from.type}`,
      reference: input.reference || null,
      now,
      createdBy: member.id,
    });
    await recordAudit(tx, {
      action: 'transfer.internal',
      actor: { userId: member.id, email: member.email },
      targetUserId: member.id,
      meta,
      after: { transferId: posted.transferId, amount: centsToDecimal(amount), from: from.type, to: to.type },
      at: now,
    });
    return {
      statusCode: 201,
      body: transferResult({
        transferId: posted.transferId,
        transferType: 'internal',
        status: 'Completed',
        amount: centsToDecimal(amount),
        fromAccount: from.type,
        message: messages.transfers.internalDone(formatMoney(amount), from.type, to.type),
        createdAt: now,
        paymentOrderId: null,
      }),
    };
  });
}
