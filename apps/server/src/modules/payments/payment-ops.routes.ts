import { paymentOpsApi as api } from '@mutual/shared/contract/payment-ops';
import { actorAndMeta } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { staffRoutes } from '../../http/route-groups';
import { downloadAchExport, exportAchFile, listAchExports } from './ach-export';
import { listPaymentOrders } from './list-payment-orders';
import { returnPaymentOrder, settlePaymentOrder } from './resolve-payment-order';

/** Payment Operations: the staff queue of ACH and wire orders, and NACHA files. Staff only. */
export const paymentOpsRoutes = staffRoutes(async (app, deps) => {
  app.route({
    ...routeOf(api.orders),
    handler: async (request) => listPaymentOrders(deps.db, deps.secrets, deps.config, request.query, deps.clock()),
  });

  app.route({
    ...routeOf(api.settle),
    handler: async (request) => settlePaymentOrder(deps, request.params.id, ...actorAndMeta(request)),
  });

  app.route({
    ...routeOf(api.returnOrder),
    handler: async (request) => returnPaymentOrder(deps, request.params.id, request.body, ...actorAndMeta(request)),
  });

  app.route({
    ...routeOf(api.achExport),
    handler: async (request, reply) => {
      const sec = request.body?.sec ?? request.query.sec ?? 'WEB';
      return reply.status(201).send(await exportAchFile(deps, sec, ...actorAndMeta(request)));
    },
  });

  app.route({
    ...routeOf(api.achExports),
    handler: async () => ({ exports: await listAchExports(deps.db) }),
  });

  app.route({
    ...routeOf(api.achExportFile),
    handler: async (request, reply) => {
      const file = await downloadAchExport(deps, request.params.id, ...actorAndMeta(request));
      return reply
        .type('text/plain; charset=us-ascii')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.content);
    },
  });
});
