import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';

export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
}

/**
 * The transactional outbox: a message is written in the same database transaction as the change
 * that causes it, so a rolled-back change never sends mail and a committed one always does. With
 * SMTP configured a dispatcher delivers pending rows; without it the rows are the dev mailbox.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuidPrimaryKey(),
    toAddress: text().notNull(),
    subject: text().notNull(),
    /** Bodies are cleared once delivered by SMTP: sign-in codes must not rest in the database. */
    textBody: text(),
    htmlBody: text(),
    /** Files sent with the message (a statement the member asked for), base64; cleared with the bodies. */
    attachments: jsonb().$type<MailAttachment[]>(),
    template: text().notNull(),
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    /**
     * A dispatcher (of any instance) holds the message until then while it sends it; another may
     * take it after (the sender died mid-send: SMTP is at-least-once at this boundary).
     */
    claimedUntil: timestamptz(),
    createdAt: timestamptz().notNull().defaultNow(),
    sentAt: timestamptz(),
  },
  (table) => [
    index('mail_outbox_pending_idx')
      .on(table.createdAt)
      .where(sql`${table.status} = 'pending'`),
    check('mail_outbox_status_check', sql`${table.status} in ('pending', 'sent', 'failed', 'stored')`),
  ],
);
