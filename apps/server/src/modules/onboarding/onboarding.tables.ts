import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../people/people.tables';

/** A staff request for more information, and the applicant's answer. */
export const infoRequests = pgTable(
  'info_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    requestDetails: text().notNull(),
    status: text().notNull().default('pending'),
    createdBy: uuid().references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    response: text(),
    responseFileId: uuid(),
    respondedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('info_requests_user_idx').on(table.userId, table.createdAt),
    check('info_requests_status_check', sql`${table.status} in ('pending', 'answered')`),
  ],
);

/**
 * Every decision on an application (the spec's approvedUsers / rejectedApplications copies): the
 * decision, the reviewer, the checklist and a snapshot of the record as it was decided.
 */
export const registrationReviews = pgTable(
  'registration_reviews',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    decision: text().notNull(),
    reason: text(),
    checklist: jsonb(),
    reviewedBy: uuid().references(() => users.id),
    reviewerEmail: text().notNull(),
    snapshot: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    index('registration_reviews_user_idx').on(table.userId, table.createdAt),
    check('registration_reviews_decision_check', sql`${table.decision} in ('approved', 'rejected', 'info_requested')`),
  ],
);
