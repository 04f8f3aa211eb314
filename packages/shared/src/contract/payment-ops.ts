import { messages } from '../messages';
import {
  achExportBodySchema,
  achExportListSchema,
  achExportQuerySchema,
  achExportResultSchema,
  paymentOrderListQuerySchema,
  paymentOrderPageSchema,
  paymentOrderResultSchema,
  paymentReturnSchema,
} from '../payment-ops';
import { idParams } from '../path-params';
import { endpoint } from './endpoint';

const m = messages.paymentOps;
const tags = ['payment operations'];
const orderParams = idParams(m.orderNotFound);
const exportParams = idParams(m.exportNotFound);

/** Payment Operations: the staff queue of ACH and wire orders, and NACHA files. Staff only. */
export const paymentOpsApi = {
  orders: endpoint({
    method: 'GET',
    path: '/api/admin/payment-orders',
    tags,
    summary: 'Payment orders by status (pending: oldest first), with counts',
    query: paymentOrderListQuerySchema,
    response: paymentOrderPageSchema,
  }),
  settle: endpoint({
    method: 'POST',
    path: '/api/admin/payment-orders/:id/settle',
    tags,
    summary: 'Settle: the payment went out; the held money leaves the account',
    params: orderParams,
    response: paymentOrderResultSchema,
  }),
  returnOrder: endpoint({
    method: 'POST',
    path: '/api/admin/payment-orders/:id/return',
    tags,
    summary: 'Return with a code (and a note for the member): the held money goes back',
    params: orderParams,
    body: paymentReturnSchema,
    multiLine: ['note'],
    response: paymentOrderResultSchema,
  }),
  /** `?sec=` or body `{ sec }`; neither means WEB. */
  achExport: endpoint({
    method: 'POST',
    path: '/api/admin/payment-orders/ach-export',
    tags,
    summary: 'Write pending ACH orders not yet exported to a NACHA file (SEC WEB, or PPD)',
    query: achExportQuerySchema,
    body: achExportBodySchema,
    status: 201,
    response: achExportResultSchema,
  }),
  achExports: endpoint({
    method: 'GET',
    path: '/api/admin/payment-orders/ach-exports',
    tags,
    summary: 'NACHA files made so far, newest first',
    response: achExportListSchema,
  }),
  /**
   * The NACHA file as an attachment (`text/plain; charset=us-ascii`): a link, not a call. No
   * `produces`, as `Endpoint` has no plain-text kind yet.
   */
  achExportFile: endpoint({
    method: 'GET',
    path: '/api/admin/payment-orders/ach-exports/:id/file',
    tags,
    summary: 'Download a NACHA file again (audited)',
    params: exportParams,
    produces: 'text/plain',
  }),
};
