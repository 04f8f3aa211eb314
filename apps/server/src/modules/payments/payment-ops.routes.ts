import {
  achExportBodySchema,
  achExportListSchema,
  achExportQuerySchema,
  achExportResultSchema,
  messages,
  paymentOrderListQuerySchema,
  paymentOrderPageSchema,
  paymentOrderResultSchema,
  paymentReturnSchema,
} from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { downloadAchExport, exportAchFile, listAchExports } from './ach-export';
import { listPaymentOrders } from './list-payment-orders';
import { returnPaymentOrder, settlePaymentOrder } from './resolve-payment-order';

const m = messages.paymentOps;
const orderParams = z.object({ id: z.uuid({ error: m.orderNotFound }) });
const exportParams = z.object({ id: z.uuid({ error: m.exportNotFound }) });

/** Payment Operations: the staff queue of ACH and wire orders, and NACHA files. Staff only. */
export const paymentOpsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payment operations'];
    const base = '/api/admin/payment-orders';
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));

    app.get(
      base,
      {
        schema: {
          tags,
          summary: 'Payment orders by status (pending: oldest first), with counts',
          querystring: paymentOrderListQuerySchema,
          response: { 200: paymentOrderPageSchema },
        },
      },
      async (request) => listPaymentOrders(deps.db, deps.config, request.query, deps.clock()),
    );

    app.post(
      `${base}/:id/settle`,
      {
        schema: {
          tags,
          summary: 'Settle: the payment went out; the held money leaves the account',
          params: orderParams,
          response: { 200: paymentOrderResultSchema },
        },
      },
      async (request) => settlePaymentOrder(deps, request.params.id, actorOf(signedIn(request)), requestMeta(request)),
    );

    app.post(
      `${base}/:id/return`,
      {
        schema: {
          tags,
          summary: 'Return with a code (and a note for the member): the held money goes back',
          params: orderParams,
          body: paymentReturnSchema,
          response: { 200: paymentOrderResultSchema },
        },
      },
      async (request) =>
        returnPaymentOrder(deps, request.params.id, request.body, actorOf(signedIn(request)), requestMeta(request)),
    );

    app.post(
      `${base}/ach-export`,
      {
        schema: {
          tags,
          summary: 'Write pending ACH orders not yet exported to a NACHA file (SEC WEB, or PPD)',
          querystring: achExportQuerySchema,
          body: achExportBodySchema,
          response: { 201: achExportResultSchema },
        },
      },
      async (request, reply) => {
        const sec = request.body?.sec ?? request.query.sec ?? 'WEB';
        return reply.status(201).send(await exportAchFile(deps, sec, actorOf(signedIn(request)), requestMeta(request)));
      },
    );

    app.get(
      `${base}/ach-exports`,
      { schema: { tags, summary: 'NACHA files made so far, newest first', response: { 200: achExportListSchema } } },
      async () => ({ exports: await listAchExports(deps.db) }),
    );

    app.get(
      `${base}/ach-exports/:id/file`,
      { schema: { tags, summary: 'Download a NACHA file again (audited)', params: exportParams } },
      async (request, reply) => {
        const file = await downloadAchExport(deps, request.params.id, actorOf(signedIn(request)), requestMeta(request));
        return reply
          .type('text/plain; charset=us-ascii')
          .header('content-disposition', `attachment; filename="${file.fileName}"`)
          .send(file.content);
      },
    );
  };
