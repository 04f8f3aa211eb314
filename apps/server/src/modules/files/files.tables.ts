import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Uploaded files (ID documents, answers to staff, profile pictures); bytes live in storage. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerUserId: uuid(),
    purpose: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    createdBy: uuid(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('stored_files_purpose_check', sql`${table.purpose} in ('id_document', 'info_response', 'profile_image')`),
  ],
);
