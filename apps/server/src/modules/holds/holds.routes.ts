import { liftHoldSchema, messageResultSchema, messages, placeHoldSchema } from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { liftMemberHold, placeMemberHold } from './staff-holds';

const idParams = z.object({ id: z.uuid({ error: messages.admin.userNotFound }) });

/** Staff holds on a member's money movement, from the member detail. Every route here is staff-only. */
export const holdRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));

    app.post(
      '/api/admin/users/:id/hold',
      {
        schema: {
          tags,
          summary: "Place a hold (reason required): the member's transfers are refused and their sessions end",
          params: idParams,
          body: placeHoldSchema,
          response: { 200: messageResultSchema },
        },
      },
      async (request) =>
        placeMemberHold(deps, request.params.id, request.body, actorOf(signedIn(request)), requestMeta(request)),
    );

    app.post(
      '/api/admin/users/:id/hold/lift',
      {
        schema: {
          tags,
          summary: "Lift the member's hold (reason required)",
          params: idParams,
          body: liftHoldSchema,
          response: { 200: messageResultSchema },
        },
      },
      async (request) =>
        liftMemberHold(deps, request.params.id, request.body, actorOf(signedIn(request)), requestMeta(request)),
    );
  };
