import { randomUUID } from 'node:crypto';
import type { PaymentOrderDetails } from '@mutual/shared';
import type { SecretBox } from '../../crypto/secret-box';
import type { Executor } from '../../db/client';
import { generalLedger } from '../ledger/general-ledger';
import { postTransfer } from '../ledger/post-transfer';
import { paymentOrders } from './payments.tables';
import { sealOrderNumbers } from './sealed-numbers';

export interface NewPaymentOrder extends PaymentOrderDetails {
  userId: string;
  fromAccountId: string;
  amount: bigint;
  reference: string | null;
  debitMemo: string;
  now: Date;
}

/**
 * Holds the member's funds with a pending ledger transfer to the rail's clearing account and
 * records the order staff will settle or return (its account number and IBAN sealed). Both happen in
 * the caller's transaction.
 */
export async function createPaymentOrder(
  tx: Executor,
  secrets: SecretBox,
  order: NewPaymentOrder,
): Promise<{ orderId: string; transferId: string }> {
  const clearing = order.rail === 'ach' ? generalLedger.achClearing : generalLedger.wireClearing;
  const held = await postTransfer(tx, {
    kind: 'pending',
    debitAccountId: order.fromAccountId,
    creditAccountId: clearing,
    amount: order.amount,
    category: 'Transfer',
    debitMemo: order.debitMemo,
    creditMemo: `${order.rail === 'ach' ? 'ACH' : 'Wire'} order for ${order.beneficiaryName}`,
    reference: order.reference,
    now: order.now,
    createdBy: order.userId,
  });
  const id = randomUUID();
  const [row] = await tx
    .insert(paymentOrders)
    .values({
      id,
      userId: order.userId,
      rail: order.rail,
      status: 'pending',
      fromAccountId: order.fromAccountId,
      amount: order.amount,
      pendingTransferId: held.transferId,
      beneficiaryName: order.beneficiaryName,
      bankName: order.bankName,
      routingNumber: order.routingNumber ?? null,
      ...sealOrderNumbers(secrets, id, order),
      swiftCode: order.swiftCode ?? null,
      country: order.country ?? null,
      currency: order.currency ?? null,
      reference: order.reference,
      createdAt: order.now,
    })
    .returning({ id: paymentOrders.id });
  if (!row) throw new Error('payment order not recorded');
  return { orderId: row.id, transferId: held.transferId };
}
