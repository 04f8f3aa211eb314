import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ownerUserId, userReference } from '../people/people.columns';

/**
 * A staff request for more information, and the applicant's answer. A request still open when
 * staff approve or decline the application is `closed`: there is nothing left to answer.
 */
export const infoRequests = pgTable(
  'info_requests',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    requestDetails: text().notNull(),
    status: text().notNull().default('pending'),
    createdBy: userReference(),
    createdAt: timestamptz().notNull(),
    response: text(),
    responseFileId: uuid(),
    respondedAt: timestamptz(),
  },
  (table) => [
    index('info_requests_user_idx').on(table.userId, table.createdAt),
    check('info_requests_status_check', sql`${table.status} in ('pending', 'answered', 'closed')`),
  ],
);

/**
 * Every decision on an application (the spec's approvedUsers / rejectedApplications copies): the
 * decision, the reviewer, the checklist and a snapshot of the record as it was decided.
 */
export const registrationReviews = pgTable(
  'registration_reviews',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    decision: text().notNull(),
    reason: text(),
    checklist: jsonb(),
    reviewedBy: userReference(),
    reviewerEmail: text().notNull(),
    snapshot: jsonb().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    index('registration_reviews_user_idx').on(table.userId, table.createdAt),
    check('registration_reviews_decision_check', sql`${table.decision} in ('approved', 'rejected', 'info_requested')`),
  ],
);
