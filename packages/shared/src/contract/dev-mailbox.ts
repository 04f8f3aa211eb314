import { z } from 'zod';
import { endpoint } from './endpoint';

/** One e-mail the server would have sent. */
export const devMailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  template: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files sent with it (a statement the member asked for): name, type and size only. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), sizeBytes: z.number().int() })),
  createdAt: z.string(),
});
export type DevMail = z.infer<typeof devMailSchema>;

/**
 * The dev mailbox: mail that would have been sent. The server has this route only outside
 * production and only when no SMTP server is configured, and serves it to loopback callers only
 * unless DEV_MAILBOX=public; elsewhere it answers 404.
 */
export const devMailboxApi = {
  mailbox: endpoint({
    method: 'GET',
    path: '/api/dev/mailbox',
    tags: ['development'],
    summary: 'Dev mailbox (not in production)',
    response: z.object({ messages: z.array(devMailSchema) }),
  }),
};
