import { messageResultSchema } from '../auth';
import {
  billExportQuerySchema,
  billPaymentListQuerySchema,
  billPaymentPageSchema,
  billPaymentResultSchema,
  billPaymentSchema,
  billPayOverviewSchema,
  billReturnSchema,
  billSeriesResultSchema,
  newPayeeSchema,
  payeeConfirmSchema,
  payeeResultSchema,
  staffBillPaymentListQuerySchema,
  staffBillPaymentPageSchema,
  staffBillPaymentResultSchema,
} from '../bill-pay';
import { messages } from '../messages';
import { idParams } from '../path-params';
import { idempotencyHeadersSchema, transferChallengeSchema } from '../transfers';
import { endpoint } from './endpoint';

const m = messages.billPay;
const tags = ['bill pay'];
const staffTags = ['payment operations'];
const payeeParams = idParams(m.payeeNotFound);
const paymentParams = idParams(m.paymentNotFound);
const seriesParams = idParams(m.seriesNotFound);

/**
 * Bill Pay (schemas in `../bill-pay`): the member's payees and payments (account holders only),
 * and the staff's Bill Pay tab of Payment Operations (staff only).
 */
export const billPayApi = {
  overview: endpoint({
    method: 'GET',
    path: '/api/bill-pay',
    tags,
    summary: 'The biller directory, my payees and recurring payments, and the dates a payment may take',
    response: billPayOverviewSchema,
  }),
  payeeChallenge: endpoint({
    method: 'POST',
    path: '/api/bill-pay/payees/challenge',
    tags,
    summary: 'Add Payee, step 1: send the code for exactly this payee',
    body: newPayeeSchema,
    status: 201,
    response: transferChallengeSchema,
  }),
  addPayee: endpoint({
    method: 'POST',
    path: '/api/bill-pay/payees',
    tags,
    summary: 'Add Payee, step 2: confirm with the code',
    body: payeeConfirmSchema,
    status: 201,
    response: payeeResultSchema,
  }),
  removePayee: endpoint({
    method: 'DELETE',
    path: '/api/bill-pay/payees/:id',
    tags,
    summary: 'Remove a payee with no scheduled payments (kept for the history)',
    params: payeeParams,
    response: messageResultSchema,
  }),
  payments: endpoint({
    method: 'GET',
    path: '/api/bill-pay/payments',
    tags,
    summary: 'Upcoming Bills (scheduled, soonest first) or Payment History (newest first), paged',
    query: billPaymentListQuerySchema,
    response: billPaymentPageSchema,
  }),
  schedule: endpoint({
    method: 'POST',
    path: '/api/bill-pay/payments',
    tags,
    summary: 'Schedule a payment, once or recurring: holds the money, sent on its date',
    headers: idempotencyHeadersSchema,
    body: billPaymentSchema,
    status: 201,
    response: billPaymentResultSchema,
  }),
  cancelPayment: endpoint({
    method: 'POST',
    path: '/api/bill-pay/payments/:id/cancel',
    tags,
    summary: 'Cancel a scheduled payment until the cut-off on its date; its hold is voided',
    params: paymentParams,
    response: billPaymentResultSchema,
  }),
  stopSeries: endpoint({
    method: 'POST',
    path: '/api/bill-pay/series/:id/stop',
    tags,
    summary: 'Stop a recurring payment: its scheduled payment is cancelled, no more are made',
    params: seriesParams,
    response: billSeriesResultSchema,
  }),
  staffPayments: endpoint({
    method: 'GET',
    path: '/api/admin/bill-pay/payments',
    tags: staffTags,
    summary: 'Bill payments due today, sent on a day, or returned, with counts',
    query: staffBillPaymentListQuerySchema,
    response: staffBillPaymentPageSchema,
  }),
  staffReturn: endpoint({
    method: 'POST',
    path: '/api/admin/bill-pay/payments/:id/return',
    tags: staffTags,
    summary: 'Return a sent payment (the biller sent it back): the money goes back, the member is told',
    params: paymentParams,
    body: billReturnSchema,
    multiLine: ['note'],
    response: staffBillPaymentResultSchema,
  }),
  exportCsv: endpoint({
    method: 'GET',
    path: '/api/admin/bill-pay/export.csv',
    tags: staffTags,
    summary: "The day's sent bill payments for the bill-pay processor (CSV)",
    query: billExportQuerySchema,
    produces: 'text/csv',
  }),
  exportNacha: endpoint({
    method: 'GET',
    path: '/api/admin/bill-pay/export.ach',
    tags: staffTags,
    summary: "The day's sent payments to electronic billers as a NACHA CCD batch",
    query: billExportQuerySchema,
    produces: 'text/plain',
  }),
};
