import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ownerUserId } from '../people/people.columns';

/** What the bell in the top navigation lists: the member's own events. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    kind: text().notNull(),
    title: text().notNull(),
    body: text().notNull(),
    createdAt: timestamptz().notNull(),
    readAt: timestamptz(),
  },
  (table) => [index('notifications_user_idx').on(table.userId, table.createdAt)],
);
