import { type externalTransferSchema, formatWireMoney, messages } from '@mutual/shared';
import type { z } from 'zod';
import type { RequestMeta } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { hashRequest, type IdempotentAnswer, storedAnswer } from '../ledger/idempotency';
import type { UserRow } from '../members/members.tables';
import { verifyExternalChallenge } from './external-challenge';
import { type Deps, runMemberTransfer } from './member-transfer';
import { lastFour } from './transfer-context';

export type ExternalTransfer = z.output<typeof externalTransferSchema>;

/** What a challenge is bound to: exactly this transfer. */
export const externalPayloadHash = (input: ExternalTransfer) => hashRequest('transfer:external', input);

/** To a US bank, step 2: with the code for exactly this transfer, an ACH payment order holds the funds. */
export async function createExternalTransfer(
  deps: Deps,
  member: UserRow,
  input: { transfer: ExternalTransfer; challengeId: string; otp: string },
  key: string,
  meta: RequestMeta,
): Promise<IdempotentAnswer> {
  const { transfer, challengeId } = input;
  const payloadHash = externalPayloadHash(transfer);
  // The code is not part of the request's identity: a retry after a mistyped code is the same transfer.
  const request: [string, unknown] = ['transfer:external:confirm', { transfer, challengeId }];
  const earlier = await storedAnswer(deps.db, { userId: member.id, key, requestHash: hashRequest(...request) });
  if (earlier) return earlier;
  // Checked (each try counted) outside the money command: a wrong code is not an answer to store.
  await verifyExternalChallenge(deps, member, challengeId, payloadHash, input.otp);
  const { accountName, toBank, routingNumber, accountNumber } = transfer;
  return runMemberTransfer(deps, member, meta, key, {
    type: 'external',
    request,
    amount: transfer.amount,
    from: transfer.fromAccount,
    to: { general: generalLedger.achClearing },
    outgoing: true,
    debitMemo: `Transfer to ${accountName}, ${toBank} ${lastFour(accountNumber)}`,
    creditMemo: `ACH order for ${accountName}`,
    reference: transfer.reference || null,
    paymentOrder: { rail: 'ach', beneficiaryName: accountName, bankName: toBank, routingNumber, accountNumber },
    message: messages.transfers.externalDone(formatWireMoney(transfer.amount), toBank),
    audit: { action: 'transfer.external', after: { routingNumber, accountNumber: lastFour(accountNumber) } },
    extra: { challenge: { id: challengeId, payloadHash } },
  });
}
