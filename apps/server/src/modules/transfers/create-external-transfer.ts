import { centsToDecimal, type externalTransferSchema, formatMoney, messages } from '@mutual/shared';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import { type RequestMeta, recordAudit } from '../audit/record-audit';
import { hashRequest, type IdempotentAnswer, runIdempotent, storedAnswer } from '../ledger/idempotency';
import type { UserRow } from '../members/members.tables';
import { createPaymentOrder } from '../payments/create-payment-order';
import { verifyExternalChallenge } from './external-challenge';
import { amountInCents, lastFour, openTransfer, sourceAccount, transferResult } from './transfer-context';
import { countOutgoingTransfer } from './transfer-limit';
import { transferChallenges } from './transfers.tables';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>;
export type ExternalTransfer = z.output<typeof externalTransferSchema>;

/** What a challenge is bound to: exactly this transfer. */
export const externalPayloadHash = (input: ExternalTransfer) => hashRequest('transfer:external', input);

/**
 * To a US bank, step 2: with the code for exactly this transfer, creates an ACH payment order
 * whose pending transfer holds the funds (status Pending) until staff settle or return it.
 */
export async function createExternalTransfer(
  deps: Deps,
  member: UserRow,
  input: { transfer: ExternalTransfer; challengeId: string; otp: string },
  idempotencyKey: string,
  meta: RequestMeta,
): Promise<IdempotentAnswer> {
  const now = deps.clock();
  const { transfer, challengeId } = input;
  const amount = amountInCents(transfer.amount);
  const payloadHash = externalPayloadHash(transfer);
  // The code is not part of the request's identity: a retry after a mistyped code is the same
  // transfer. A stored answer is returned without asking for the code again.
  const request = { userId: member.id, key: idempotencyKey, requestHash: hashRequest('transfer:external:confirm', { transfer, challengeId }), now };
  const earlier = await storedAnswer(deps.db, request);
  if (earlier) return earlier;

  // Checked (and each try counted) outside the transfer's transaction: a wrong code is not an
  // answer to store, and the count of tries must survive it.
  await verifyExternalChallenge(deps, member, challengeId, payloadHash, input.otp);

  return runIdempotent(deps.db, request, async (tx) => {
    const consumed = await tx
      .update(transferChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(transferChallenges.id, challengeId),
          eq(transferChallenges.userId, member.id),
          eq(transferChallenges.payloadHash, payloadHash),
          isNotNull(transferChallenges.verifiedAt),
          isNull(transferChallenges.usedAt),
        ),
      )
      .returning({ id: transferChallenges.id });
    if (consumed.length === 0) throw new AppError('CONFIRMATION_EXPIRED', messages.transfers.otpExpired);

    const accounts = await openTransfer(tx, member.id);
    const from = sourceAccount(accounts, transfer.fromAccount);
    await countOutgoingTransfer(tx, deps.config.limits, member.id, now);
    const order = await createPaymentOrder(tx, {
      userId: member.id,
      rail: 'ach',
      fromAccountId: from.id,
      amount,
      beneficiaryName: transfer.accountName,
      bankName: transfer.toBank,
      routingNumber: transfer.routingNumber,
      accountNumber: transfer.accountNumber,
      reference: transfer.reference || null,
      debitMemo: `Transfer to ${transfer.accountName}, ${transfer.toBank} ${lastFour(transfer.accountNumber)}`,
      now,
    });
    await recordAudit(tx, {
      action: 'transfer.external',
      actor: { userId: member.id, email: member.email },
      targetUserId: member.id,
      meta,
      after: {
        transferId: order.transferId,
        paymentOrderId: order.orderId,
        amount: centsToDecimal(amount),
        from: from.type,
        routingNumber: transfer.routingNumber,
        accountNumber: lastFour(transfer.accountNumber),
      },
      at: now,
    });
    return {
      statusCode: 201,
      body: transferResult({
        transferId: order.transferId,
        transferType: 'external',
        status: 'Pending',
        amount: centsToDecimal(amount),
        fromAccount: from.type,
        message: messages.transfers.externalDone(formatMoney(amount), transfer.toBank),
        createdAt: now,
        paymentOrderId: order.orderId,
      }),
    };
  });
}
