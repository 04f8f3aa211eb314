import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { listOutbox } from '../mail/mail.service';

const mailboxSchema = z.object({
  messages: z.array(
    z.object({
      id: z.string(),
      to: z.string(),
      subject: z.string(),
      template: z.string(),
      text: z.string(),
      html: z.string(),
      createdAt: z.string(),
    }),
  ),
});

/**
 * The dev mailbox's data: mail that would have been sent. Registered only outside production and
 * only when no SMTP server is configured, so real mail never appears on a web page.
 */
export const devMailboxRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/dev/mailbox',
      {
        schema: { tags: ['development'], summary: 'Dev mailbox (not in production)', response: { 200: mailboxSchema } },
      },
      async () => {
        const rows = await listOutbox(db);
        return {
          messages: rows.map((row) => ({
            id: row.id,
            to: row.toAddress,
            subject: row.subject,
            template: row.template,
            text: row.textBody ?? '',
            html: row.htmlBody ?? '',
            createdAt: row.createdAt.toISOString(),
          })),
        };
      },
    );
  };
