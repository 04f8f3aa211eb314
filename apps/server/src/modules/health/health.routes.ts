import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });
/**
 * Load balancers poll these: never rate-limited, and so never dependent on the rate-limit store
 * (which lives in the database or Redis, and must not turn "database away" into something else).
 */
const config = { rateLimit: false } as const;

/** Liveness (the process answers) and readiness (the database answers) for load balancers. */
export const healthRoutes =
  (database: DatabaseHandle): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { config, schema: { tags: ['operations'], response: { 200: status } } }, async () => ({
      status: 'ok' as const,
    }));
    app.get(
      '/readyz',
      { config, schema: { tags: ['operations'], response: { 200: status, 503: status } } },
      async (request, reply) => {
        try {
          await database.ping();
          return { status: 'ok' as const };
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          request.log.warn({ reason }, 'readiness check failed');
          return reply.status(503).send({ status: 'unavailable' as const });
        }
      },
    );
  };
