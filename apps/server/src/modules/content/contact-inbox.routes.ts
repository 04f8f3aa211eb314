import { contactInboxApi as api } from '@mutual/shared/contract/contact-inbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { listContactInbox, markContactMessageHandled } from './contact-inbox';

/**
 * The staff inbox for the public contact form (contract: packages/shared/src/contract/contact-inbox.ts).
 * Every route here is staff-only.
 */
export const contactInboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));

    app.route({
      ...routeOf(api.list),
      handler: async (request) => listContactInbox(deps.db, request.query.status),
    });

    app.route({
      ...routeOf(api.markHandled),
      handler: async (request) =>
        markContactMessageHandled(deps, request.params.id, actorOf(signedIn(request)), requestMeta(request)),
    });
  };
