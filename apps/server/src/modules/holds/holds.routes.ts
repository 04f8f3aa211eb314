import { holdsApi as api } from '@mutual/shared/contract/holds';
import type { FastifyRequest } from 'fastify';
import { actorOf, requestMeta, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { staffRoutes } from '../../http/route-groups';
import { liftMemberHold, placeMemberHold, type StaffHoldRequest } from './staff-holds';

/**
 * Staff holds on a member's money movement, from the member detail (contract:
 * packages/shared/src/contract/holds.ts). Every route here is staff-only.
 */
export const holdRoutes = staffRoutes(async (app, deps) => {
  const holdRequest = (request: FastifyRequest, userId: string, reason: string): StaffHoldRequest => ({
    userId,
    reason,
    actor: actorOf(signedIn(request)),
    meta: requestMeta(request),
  });

  app.route({
    ...routeOf(api.place),
    handler: async (request) => placeMemberHold(deps, holdRequest(request, request.params.id, request.body.reason)),
  });

  app.route({
    ...routeOf(api.lift),
    handler: async (request) => liftMemberHold(deps, holdRequest(request, request.params.id, request.body.reason)),
  });
});
