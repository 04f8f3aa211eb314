import { messageResultSchema, messages, transferCountListSchema, transferCountResetAllSchema } from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { listTransferCounts, resetAllTransferCounts, resetTransferCount } from './transfer-counts';

const userParams = z.object({ userId: z.uuid({ error: messages.admin.userNotFound }) });

/** Reset Transfer Counts (spec §2 /admin/reset-transfers). Every route here is staff-only. */
export const transferCountRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));

    app.get(
      '/api/admin/transfer-counts',
      {
        schema: {
          tags,
          summary: "Every member's outgoing transfer count in the current limit window",
          response: { 200: transferCountListSchema },
        },
      },
      async () => listTransferCounts(deps),
    );

    app.post(
      '/api/admin/transfer-counts/:userId/reset',
      {
        schema: {
          tags,
          summary: "Reset one member's transfer count to 0 (never the protected account)",
          params: userParams,
          response: { 200: messageResultSchema },
        },
      },
      async (request) =>
        resetTransferCount(deps, request.params.userId, actorOf(signedIn(request)), requestMeta(request)),
    );

    app.post(
      '/api/admin/transfer-counts/reset-all',
      {
        schema: {
          tags,
          summary: 'Reset every member’s transfer count to 0 (the protected account is skipped)',
          response: { 200: transferCountResetAllSchema },
        },
      },
      async (request) => resetAllTransferCounts(deps, actorOf(signedIn(request)), requestMeta(request)),
    );
  };
