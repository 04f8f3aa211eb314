import { transferCountsApi as api } from '@mutual/shared/contract/transfer-counts';
import { actorAndMeta } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { staffRoutes } from '../../http/route-groups';
import { listTransferCounts, resetAllTransferCounts, resetTransferCount } from './transfer-counts';

/** Reset Transfer Counts (spec §2 /admin/reset-transfers). Every route here is staff-only. */
export const transferCountRoutes = staffRoutes(async (app, deps) => {
  app.route({ ...routeOf(api.list), handler: async () => listTransferCounts(deps) });

  app.route({
    ...routeOf(api.reset),
    handler: async (request) => resetTransferCount(deps, request.params.userId, ...actorAndMeta(request)),
  });

  app.route({
    ...routeOf(api.resetAll),
    handler: async (request) => resetAllTransferCounts(deps, ...actorAndMeta(request)),
  });
});
