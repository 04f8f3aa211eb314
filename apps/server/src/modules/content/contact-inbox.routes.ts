import { contactInboxItemSchema, contactInboxQuerySchema, contactInboxSchema, messages } from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { listContactInbox, markContactMessageHandled } from './contact-inbox';

const idParams = z.object({ id: z.uuid({ error: messages.contact.messageNotFound }) });

/** The staff inbox for the public contact form. Every route here is staff-only. */
export const contactInboxRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));

    app.get(
      '/api/admin/contact-messages',
      {
        schema: {
          tags,
          summary: 'Contact-form messages by status (newest first, at most 200), with counts',
          querystring: contactInboxQuerySchema,
          response: { 200: contactInboxSchema },
        },
      },
      async (request) => listContactInbox(deps.db, request.query.status),
    );

    app.post(
      '/api/admin/contact-messages/:id/handled',
      {
        schema: {
          tags,
          summary: 'Mark a contact-form message as handled',
          params: idParams,
          response: { 200: contactInboxItemSchema },
        },
      },
      async (request) =>
        markContactMessageHandled(deps, request.params.id, actorOf(signedIn(request)), requestMeta(request)),
    );
  };
