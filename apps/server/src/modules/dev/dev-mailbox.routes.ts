import { devMailboxApi as api } from '@mutual/shared/contract/dev-mailbox';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { routeOf } from '../../http/contract-route';
import { listOutbox } from '../mail/mail.service';

/**
 * The dev mailbox's data: mail that would have been sent. Registered only outside production and
 * only when no SMTP server is configured, so real mail never appears on a web page; served to this
 * computer only unless DEV_MAILBOX=public (dev-mailbox-access.ts).
 */
export const devMailboxRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({
      ...routeOf(api.mailbox),
      handler: async () => {
        const rows = await listOutbox(db);
        return {
          messages: rows.map((row) => ({
            id: row.id,
            to: row.toAddress,
            subject: row.subject,
            template: row.template,
            text: row.textBody ?? '',
            html: row.htmlBody ?? '',
            attachments: (row.attachments ?? []).map((file) => ({
              filename: file.filename,
              contentType: file.contentType,
              sizeBytes: Buffer.byteLength(file.content, 'base64'),
            })),
            createdAt: row.createdAt.toISOString(),
          })),
        };
      },
    });
  };
