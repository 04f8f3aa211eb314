import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Actor } from '../audit/record-audit';
import { paymentOrders } from './payments.tables';

/** The payment order whose pending transfer holds the money, if that transfer is one. */
export async function paymentOrderFor(db: Executor, pendingTransferId: string) {
  const [order] = await db
    .select({ id: paymentOrders.id, status: paymentOrders.status, achExportId: paymentOrders.achExportId })
    .from(paymentOrders)
    .where(eq(paymentOrders.pendingTransferId, pendingTransferId));
  return order ?? null;
}

/**
 * Marks a pending order returned after staff voided its held money outside the operations queue
 * (Delete User Transactions). The caller has voided the pending transfer in the same transaction,
 * so the order and the ledger agree (`ledger:verify` checks it).
 */
export async function cancelPaymentOrder(tx: Executor, input: { orderId: string; reason: string; actor: Actor; now: Date }) {
  await tx
    .update(paymentOrders)
    .set({ status: 'returned', resolvedAt: input.now, resolvedBy: input.actor.userId, returnCode: null, returnReason: input.reason })
    .where(and(eq(paymentOrders.id, input.orderId), eq(paymentOrders.status, 'pending')));
}
