import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ownerUserId, userReference } from '../people/people.columns';

/**
 * A staff hold on a member's money movement: while one is active (not lifted), every transfer
 * from the member is refused with ACCOUNT_LOCKED. Holds are lifted, never deleted.
 */
export const memberHolds = pgTable(
  'member_holds',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    reason: text().notNull(),
    placedBy: userReference(),
    placedAt: timestamptz().notNull(),
    liftedBy: userReference(),
    liftedAt: timestamptz(),
    liftReason: text(),
  },
  (table) => [
    uniqueIndex('member_holds_active_idx')
      .on(table.userId)
      .where(sql`${table.liftedAt} is null`),
  ],
);
