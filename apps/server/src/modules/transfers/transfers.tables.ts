import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../people/people.tables';

/**
 * Outgoing transfers per member in the current limit window (decisions.md: one counter per
 * member). The window starts with the first transfer after the previous one ended; staff reset
 * the count from the Reset Transfer Counts screen.
 */
export const transferCounters = pgTable('transfer_counters', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id),
  windowStartedAt: timestamp({ withTimezone: true }).notNull(),
  count: integer().notNull(),
  resetAt: timestamp({ withTimezone: true }),
  resetBy: uuid().references(() => users.id),
});

/**
 * The second factor for one external transfer: bound to the member and to a hash of exactly that
 * transfer. A code (e-mailed, stored hashed) or the member's authenticator verifies it once; it
 * is consumed by the one transfer it authorises.
 */
export const transferChallenges = pgTable(
  'transfer_challenges',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    payloadHash: text().notNull(),
    method: text().notNull(),
    codeHash: text(),
    attempts: integer().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    verifiedAt: timestamp({ withTimezone: true }),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('transfer_challenges_user_idx').on(table.userId, table.createdAt),
    check('transfer_challenges_method_check', sql`${table.method} in ('email', 'totp')`),
  ],
);
