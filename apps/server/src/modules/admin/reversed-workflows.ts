import { messages } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../errors';
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

/**
 * Refuses (409) reversing a card purchase a merchant has refunded part or all of: the reversal
 * would give back the whole purchase on top of the refunds. The purchase's authorization is locked
 * first, as a refund locks it, so a refund arriving meanwhile is seen; what is left of such a
 * purchase is the card processor's (a dispute), not the transaction table's.
 */
export async function refuseReversalOfRefunded(tx: Executor, postingId: string): Promise<void> {
  const [purchase] = await queryRows<{ refunded: string | null }>(
    tx,
    sql`select (select sum(r.amount) from card_refunds r where r.authorization_id = a.id)::text as refunded
        from card_authorizations a where a.post_transfer_id = ${postingId}::uuid for update of a`,
  );
  if (purchase?.refunded) throw new AppError('CONFLICT', messages.admin.refundedCardPurchase);
}

/**
 * Refuses (409, saying where it is recorded) a transfer that is a workflow's own return: a
 * returned check's debit (or the amount still owed on it), a returned bill payment's refund, or a
 * merchant's refund of a card purchase.
 * Reversed from the member's transaction table it would give back a bounced check's money, or take
 * back a refund, while the deposit or payment still reads "returned" and cannot be fixed.
 */
export async function refuseReversalOfAReturn(tx: Executor, transferId: string): Promise<void> {
  const [row] = await queryRows<{ workflow: 'deposit' | 'billPayment' | 'cardRefund' }>(
    tx,
    sql`
    select case
      when exists (select 1 from mobile_deposits d
        where d.return_transfer_id = ${transferId}::uuid or d.owed_transfer_id = ${transferId}::uuid) then 'deposit'
      when exists (select 1 from bill_payments b where b.return_transfer_id = ${transferId}::uuid) then 'billPayment'
      when exists (select 1 from card_refunds r where r.transfer_id = ${transferId}::uuid) then 'cardRefund'
    end as workflow`,
  );
  if (row?.workflow) throw new AppError('CONFLICT', messages.admin.returnHandledElsewhere[row.workflow]);
}
