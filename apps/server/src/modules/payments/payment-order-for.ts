import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paymentOrders } from './payments.tables';

/** The payment order whose pending transfer holds the money, if that transfer is one. */
export async function paymentOrderFor(db: Executor, pendingTransferId: string) {
  const [order] = await db
    .select({ id: paymentOrders.id, status: paymentOrders.status, achExportId: paymentOrders.achExportId })
    .from(paymentOrders)
    .where(eq(paymentOrders.pendingTransferId, pendingTransferId));
  return order ?? null;
}
