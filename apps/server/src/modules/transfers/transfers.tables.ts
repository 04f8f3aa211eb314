import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ownerUserId, userReference } from '../people/people.columns';
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
  windowStartedAt: timestamptz().notNull(),
  count: integer().notNull(),
  resetAt: timestamptz(),
  resetBy: userReference(),
});

/**
 * The second factor for one external transfer: bound to the member and to a hash of exactly that
 * transfer. A code (e-mailed, stored hashed) or the member's authenticator verifies it once; it
 * is consumed by the one transfer it authorises.
 */
export const transferChallenges = pgTable(
  'transfer_challenges',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    payloadHash: text().notNull(),
    method: text().notNull(),
    codeHash: text(),
    attempts: integer().notNull().default(0),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    verifiedAt: timestamptz(),
    usedAt: timestamptz(),
  },
  (table) => [
    index('transfer_challenges_user_idx').on(table.userId, table.createdAt),
    check('transfer_challenges_method_check', sql`${table.method} in ('email', 'totp')`),
  ],
);
