import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';

/** Uploaded files (ID documents, answers to staff, profile pictures); bytes live in storage. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuidPrimaryKey(),
    ownerUserId: uuid(),
    purpose: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    storageKey: text().notNull(),
    createdBy: uuid(),
    createdAt: timestamptz().notNull().defaultNow(),
  },
  (table) => [
    check(
      'stored_files_purpose_check',
      sql`${table.purpose} in ('id_document', 'info_response', 'profile_image', 'check_image')`,
    ),
  ],
);
