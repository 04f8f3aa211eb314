import { formatWireMoney, messages } from '@mutual/shared';
import { AppError } from '../../errors';
import { generalLedger } from '../ledger/general-ledger';
import { hashRequest, type IdempotentAnswer, storedAnswer } from '../ledger/idempotency';
import { maskTail } from '../payments/list-payment-orders';
import { type ExternalTransfer, externalPayloadHash, verifyExternalChallenge } from './external-challenge';
import { type Deps, runMemberTransfer, type TransferCaller } from './member-transfer';

type ExternalConfirmation = { transfer: ExternalTransfer; challengeId: string; otp: string };

/** To a US bank, step 2: with the code for exactly this transfer, an ACH payment order holds the funds. */
export async function createExternalTransfer(
  deps: Deps,
  caller: TransferCaller,
  input: ExternalConfirmation,
): Promise<IdempotentAnswer> {
  const { transfer, challengeId } = input;
  const payloadHash = externalPayloadHash(transfer);
  // The code is not part of the request's identity: a retry after a mistyped code is the same transfer.
  const request: [string, unknown] = ['transfer:external:confirm', { transfer, challengeId }];
  const identity = { userId: caller.member.id, key: caller.key, requestHash: hashRequest(...request) };
  const earlier = await storedAnswer(deps.db, identity);
  if (earlier) return earlier;
  // Checked (each try counted) outside the money command: a wrong code is not an answer to store.
  const challenge = await verifyExternalChallenge(deps, caller, challengeId, payloadHash, input.otp);
  if (challenge === 'used') {
    // Used by a transfer that committed after the look-up above. It stored its answer in the same
    // statement, so if it was a copy of this request (same key) the answer is there now: replay it.
    const made = await storedAnswer(deps.db, identity);
    if (made) return made;
    throw new AppError('CONFIRMATION_EXPIRED', messages.transfers.otpExpired);
  }
  const { accountName, toBank, routingNumber, accountNumber } = transfer;
  return runMemberTransfer(deps, caller, {
    type: 'external',
    form: transfer,
    request,
    to: { general: generalLedger.achClearing },
    outgoing: true,
    debitMemo: `Transfer to ${accountName}, ${toBank} ${maskTail(accountNumber)}`,
    creditMemo: `ACH order for ${accountName}`,
    reference: transfer.reference || null,
    paymentOrder: { rail: 'ach', beneficiaryName: accountName, bankName: toBank, routingNumber, accountNumber },
    message: messages.transfers.externalDone(formatWireMoney(transfer.amount), toBank),
    audit: { action: 'transfer.external', after: { routingNumber, accountNumber: maskTail(accountNumber) } },
    extra: { challenge: { id: challengeId, payloadHash } },
  });
}
