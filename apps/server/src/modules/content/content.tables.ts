import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';

/** Messages sent through the public contact form; staff read them in their inbox. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuidPrimaryKey(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(''),
    subject: text().notNull(),
    message: text().notNull(),
    preferredContact: text().notNull(),
    /** Where it came from, for abuse handling; never shown publicly. */
    ipAddress: text(),
    userAgent: text(),
    createdAt: timestamptz().notNull().defaultNow(),
    /** Set when a staff member marks the message handled in the inbox; null while open. */
    handledAt: timestamptz(),
    /** The e-mail of the staff member who handled it. */
    handledBy: text(),
  },
  (table) => [
    index('contact_messages_created_at_idx').on(table.createdAt),
    check('contact_messages_subject_check', sql`${table.subject} in ('general', 'account', 'loan', 'technical')`),
    check('contact_messages_preferred_contact_check', sql`${table.preferredContact} in ('email', 'phone')`),
  ],
);
