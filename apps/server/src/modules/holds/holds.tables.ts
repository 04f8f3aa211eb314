import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../people/people.tables';

/**
 * A staff hold on a member's money movement: while one is active (not lifted), every transfer
 * from the member is refused with ACCOUNT_LOCKED. Holds are lifted, never deleted.
 */
export const memberHolds = pgTable(
  'member_holds',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    reason: text().notNull(),
    placedBy: uuid().references(() => users.id),
    placedAt: timestamp({ withTimezone: true }).notNull(),
    liftedBy: uuid().references(() => users.id),
    liftedAt: timestamp({ withTimezone: true }),
    liftReason: text(),
  },
  (table) => [
    uniqueIndex('member_holds_active_idx')
      .on(table.userId)
      .where(sql`${table.liftedAt} is null`),
  ],
);
