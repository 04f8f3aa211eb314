import { formatWireMoney, type internalTransferSchema, messages } from '@mutual/shared';
import type { z } from 'zod';
import { type Deps, runMemberTransfer, type TransferCaller } from './member-transfer';

export type InternalTransfer = z.output<typeof internalTransferSchema>;

/** Between Accounts: moves money between the member's own Checking and Savings at once. */
export function createInternalTransfer(deps: Deps, caller: TransferCaller, input: InternalTransfer) {
  return runMemberTransfer(deps, caller, {
    type: 'internal',
    form: input,
    to: { own: input.toAccount },
    outgoing: false,
    debitMemo: `Transfer to ${input.toAccount}`,
    creditMemo: `Transfer from ${input.fromAccount}`,
    reference: input.reference || null,
    message: messages.transfers.internalDone(formatWireMoney(input.amount), input.fromAccount, input.toAccount),
    audit: { action: 'transfer.internal', after: { to: input.toAccount } },
  });
}
