import { holdsApi as api } from '@mutual/shared/contract/holds';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { liftMemberHold, placeMemberHold } from './staff-holds';

/**
 * Staff holds on a member's money movement, from the member detail (contract:
 * packages/shared/src/contract/holds.ts). Every route here is staff-only.
 */
export const holdRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));

    app.route({
      ...routeOf(api.place),
      handler: async (request) =>
        placeMemberHold(deps, request.params.id, request.body, actorOf(signedIn(request)), requestMeta(request)),
    });

    app.route({
      ...routeOf(api.lift),
      handler: async (request) =>
        liftMemberHold(deps, request.params.id, request.body, actorOf(signedIn(request)), requestMeta(request)),
    });
  };
