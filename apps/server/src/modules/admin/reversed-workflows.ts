import type { Executor } from '../../db/client';
import { refuseReversalOfReturned } from '../bill-pay/reversed-bill-payment';
import { closeDepositForReversal } from '../deposits/reversed-deposit';

/**
 * Before staff reverse, from the member's transaction table, posted money a workflow moved (the
 * pending transfer `pendingTransferId`, since posted): the money moves back once. A mobile
 * deposit already returned in Deposit Review, or a bill payment already returned in Payment
 * Operations, is refused (409); an accepted deposit's funds holds still open are closed with the
 * reversal. Each record is locked before the accounts, as its own module locks it. The workflow's
 * own return then refuses a transfer the ledger shows reversed. (A settled payment order and a
 * cleared card authorization have no return after posting: nothing to guard.) Answers what it
 * touched, for the audit row.
 */
export async function beforeReversingWorkflow(
  tx: Executor,
  pendingTransferId: string,
  why: { reason: string; now: Date; createdBy: string | null },
): Promise<Record<string, unknown>> {
  const deposit = await closeDepositForReversal(tx, pendingTransferId, why);
  if (deposit) return deposit;
  return (await refuseReversalOfReturned(tx, pendingTransferId)) ?? {};
}
