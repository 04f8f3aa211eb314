import { messages } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { billPayments } from './bill-pay.tables';

/**
 * A sent bill payment's money comes back once: by staff reversing its sending (a deleted
 * transaction, Delete User Transactions) or by a return in Payment Operations → Bill Pay, never
 * both. The ledger is the truth: a return asks it whether the sending is already reversed
 * (`isReversed`), whichever way the reversal came; a reversal from the transaction table refuses a payment already
 * returned.
 */

/**
 * Before staff reverse the posted payment whose pending transfer is `pendingTransferId`: if it is
 * a bill payment's, locks it (Bill Pay's order: the payment, then the accounts) and refuses one
 * already returned. Answers the payment's id for the audit row, or undefined when it is none's.
 */
export async function refuseReversalOfReturned(
  tx: Executor,
  pendingTransferId: string,
): Promise<{ billPaymentId: string } | undefined> {
  const [payment] = await tx
    .select({ id: billPayments.id, status: billPayments.status })
    .from(billPayments)
    .where(eq(billPayments.pendingTransferId, pendingTransferId))
    .for('update');
  if (!payment) return undefined;
  if (payment.status === 'returned') throw new AppError('CONFLICT', messages.admin.billPaymentAlreadyReturned);
  return { billPaymentId: payment.id };
}
