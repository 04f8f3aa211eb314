import type {
  ExternalTransferInput,
  InternationalTransferInput,
  PaymentOrderPage,
  PaymentOrderStatus,
  TransferResult,
} from '@mutual/shared';
import { expect } from 'vitest';
import { type Browser, createPerson, signIn, type TestApp } from '../../test/identity';
import type { Member } from '../../test/money';
import { sendTransfer } from '../../test/money';
import { externalForm, externalTransfer, internationalForm } from '../../test/transfer-forms';

/** Steps the Payment Operations tests share: a staff sign-in, orders placed through the API, the queue. */

export const ORDERS = '/api/admin/payment-orders';

export async function staffBrowser(t: TestApp): Promise<Browser> {
  return signIn(t, (await createPerson(t, { role: 'admin', name: 'Pat Operations' })).email);
}

/** A "To US Bank" transfer through both API steps; returns its payment order id and its pending transfer. */
export async function achPayment(
  t: TestApp,
  member: Member,
  overrides: Partial<ExternalTransferInput> = {},
): Promise<{ id: string; transferId: string }> {
  const response = await externalTransfer(t, member.browser, member.email, externalForm(overrides));
  expect(response.statusCode, response.body).toBe(201);
  const { paymentOrderId, transferId } = response.json<TransferResult>();
  if (!paymentOrderId) throw new Error('no payment order');
  return { id: paymentOrderId, transferId };
}

/** A "To US Bank" transfer through both API steps; returns its payment order id. */
export async function achOrder(
  t: TestApp,
  member: Member,
  overrides: Partial<ExternalTransferInput> = {},
): Promise<string> {
  return (await achPayment(t, member, overrides)).id;
}

/** An international transfer; returns its payment order id. */
export async function wireOrder(member: Member, overrides: Partial<InternationalTransferInput> = {}): Promise<string> {
  const response = await sendTransfer(member.browser, '/api/transfers/international', internationalForm(overrides));
  expect(response.statusCode, response.body).toBe(201);
  const id = response.json<TransferResult>().paymentOrderId;
  if (!id) throw new Error('no payment order');
  return id;
}

export async function queue(
  staff: Browser,
  status: PaymentOrderStatus = 'pending',
  page = 1,
): Promise<PaymentOrderPage> {
  const response = await staff.get(`${ORDERS}?status=${status}&page=${page}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<PaymentOrderPage>();
}

/** The order as the `status` tab shows it (any page). */
export async function orderIn(staff: Browser, status: PaymentOrderStatus, id: string) {
  for (let page = 1; ; page++) {
    const found = await queue(staff, status, page);
    const order = found.orders.find((o) => o.id === id);
    if (order) return order;
    if (page * found.pageSize >= found.total) throw new Error(`order ${id} is not in the ${status} tab`);
  }
}

export const settle = (staff: Browser, id: string) => staff.post(`${ORDERS}/${id}/settle`);
export const returnOrder = (staff: Browser, id: string, body: unknown) => staff.post(`${ORDERS}/${id}/return`, body);
