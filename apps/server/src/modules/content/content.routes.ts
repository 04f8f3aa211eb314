import { contactMessageSchema, contactReceiptSchema, messages } from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { submitContactMessage } from './submit-contact-message';

export const contentRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/api/contact-messages',
      {
        schema: {
          tags: ['content'],
          summary: 'Send a message to the credit union (public contact form)',
          body: contactMessageSchema,
          response: { 201: contactReceiptSchema },
        },
        bodyLimit: 32 * 1024,
        config: {
          rateLimit: {
            max: deps.config.contact.rateLimit,
            timeWindow: deps.config.contact.rateWindowMinutes * 60_000,
          },
        },
      },
      async (request, reply) => {
        const { id } = await submitContactMessage(deps, request.body, {
          ipAddress: request.ip,
          userAgent: request.headers['user-agent'],
        });
        return reply.status(201).send({ id, message: messages.contact.sent });
      },
    );
  };
