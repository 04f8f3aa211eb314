import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export const healthRoutes =
  (database: DatabaseHandle): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { schema: { tags: ['operations'], response: { 200: status } } }, async () => ({
      status: 'ok' as const,
    }));
    app.get(
      '/readyz',
      { schema: { tags: ['operations'], response: { 200: status, 503: status } } },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const };
        } catch (error) {
          request.log.error({ err: error }, 'readiness check failed');
          return reply.status(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };
