import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const status = z.object({ status: z.enum(['ok', 'unavailable']) });
/**
 * Load balancers poll these: never rate-limited, and so never dependent on the rate-limit store
 * (which lives in the database or Redis, and must not turn "database away" into something else).
 */
const config = { rateLimit: false } as const;

/** Something an instance cannot serve the API without, asked whether it answers. */
export interface ReadinessCheck {
  name: 'database' | 'redis';
  ping: () => Promise<unknown>;
}

/**
 * Liveness (the process answers) and readiness (every dependency answers: the database, and Redis
 * where the rate limits and caps live there, since without it the API answers 503).
 */
export const healthRoutes =
  (checks: readonly ReadinessCheck[]): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/healthz', { config, schema: { tags: ['operations'], response: { 200: status } } }, async () => ({
      status: 'ok' as const,
    }));
    app.get(
      '/readyz',
      { config, schema: { tags: ['operations'], response: { 200: status, 503: status } } },
      async (request, reply) => {
        const results = await Promise.allSettled(checks.map((check) => check.ping()));
        const failed = results.flatMap((result, index) =>
          result.status === 'rejected'
            ? [
                {
                  name: checks[index]?.name,
                  reason: result.reason instanceof Error ? result.reason.message : 'unknown',
                },
              ]
            : [],
        );
        if (failed.length === 0) return { status: 'ok' as const };
        request.log.warn({ failed }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const });
      },
    );
  };
