import { contactInboxApi as api } from '@mutual/shared/contract/contact-inbox';
import { actorAndMeta } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { staffRoutes } from '../../http/route-groups';
import { listContactInbox, markContactMessageHandled } from './contact-inbox';

/**
 * The staff inbox for the public contact form (contract: packages/shared/src/contract/contact-inbox.ts).
 * Every route here is staff-only.
 */
export const contactInboxRoutes = staffRoutes(async (app, deps) => {
  app.route({
    ...routeOf(api.list),
    handler: async (request) => listContactInbox(deps.db, request.query.status),
  });

  app.route({
    ...routeOf(api.markHandled),
    handler: async (request) => markContactMessageHandled(deps, request.params.id, ...actorAndMeta(request)),
  });
});
