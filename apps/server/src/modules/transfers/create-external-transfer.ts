import { randomUUID } from 'node:crypto';
import { centsToDecimal, type externalTransferSchema, formatMoney, messages } from '@mutual/shared';
import type { z } from 'zod';
import type { AppDeps } from '../../app';
import type { RequestMeta } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { hashRequest, type IdempotentAnswer, storedAnswer } from '../ledger/idempotency';
import type { UserRow } from '../members/members.tables';
import { runMoneyCommand } from '../money/money-command';
import { verifyExternalChallenge } from './external-challenge';
import { amountInCents, lastFour, memberCommand, outgoingLimit, transferResult } from './transfer-context';

type Deps = Pick<AppDeps, 'database' | 'db' | 'clock' | 'config' | 'mailer'>;
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
  key: string,
  meta: RequestMeta,
): Promise<IdempotentAnswer> {
  const { transfer, challengeId } = input;
  const amount = amountInCents(transfer.amount);
  const payloadHash = externalPayloadHash(transfer);
  // The code is not part of the request's identity: a retry after a mistyped code is the same
  // transfer. A stored answer is returned without asking for the code again.
  const command = memberCommand(deps, member, meta, { key, requestHash: hashRequest('transfer:external:confirm', { transfer, challengeId }) });
  const earlier = await storedAnswer(deps.db, { userId: member.id, ...command.idempotency });
  if (earlier) return earlier;
  // Checked (and each try counted) outside the money command: a wrong code is not an answer to
  // store, and the count of tries must survive it. The command then uses the verified challenge up.
  await verifyExternalChallenge(deps, member, challengeId, payloadHash, input.otp);
  const orderId = randomUUID();
  return runMoneyCommand(deps, {
    ...command,
    kind: 'pending',
    limit: outgoingLimit(deps),
    challenge: { id: challengeId, payloadHash },
    amount,
    from: transfer.fromAccount,
    to: { general: generalLedger.achClearing },
    debitMemo: `Transfer to ${transfer.accountName}, ${transfer.toBank} ${lastFour(transfer.accountNumber)}`,
    creditMemo: `ACH order for ${transfer.accountName}`,
    reference: transfer.reference || null,
    paymentOrder: {
      id: orderId,
      rail: 'ach',
      beneficiaryName: transfer.accountName,
      bankName: transfer.toBank,
      routingNumber: transfer.routingNumber,
      accountNumber: transfer.accountNumber,
    },
    audit: {
      action: 'transfer.external',
      after: {
        transferId: command.transferId,
        paymentOrderId: orderId,
        amount: centsToDecimal(amount),
        from: transfer.fromAccount,
        routingNumber: transfer.routingNumber,
        accountNumber: lastFour(transfer.accountNumber),
      },
    },
    answer: transferResult({
      transferId: command.transferId,
      transferType: 'external',
      status: 'Pending',
      amount: centsToDecimal(amount),
      fromAccount: transfer.fromAccount,
      message: messages.transfers.externalDone(formatMoney(amount), transfer.toBank),
      createdAt: command.now,
      paymentOrderId: orderId,
    }),
  });
}
