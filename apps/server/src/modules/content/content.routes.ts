import { messages } from '@mutual/shared';
import { contentApi as api } from '@mutual/shared/contract/content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { routeOf } from '../../http/contract-route';
import { submitContactMessage } from './submit-contact-message';

export const contentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...routeOf(api.sendContactMessage),
      bodyLimit: 32 * 1024,
      config: {
        rateLimit: {
          max: deps.config.contact.rateLimit,
          timeWindow: deps.config.contact.rateWindowMinutes * 60_000,
        },
      },
      handler: async (request, reply) => {
        const { id } = await submitContactMessage(deps, request.body, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return reply.status(201).send({ id, message: messages.contact.sent });
      },
    });
  };
