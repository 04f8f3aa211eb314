import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ownerUserId } from '../people/people.columns';

/** Signed-in sessions. Only a SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuidPrimaryKey(),
    tokenHash: text().notNull().unique(),
    userId: ownerUserId(),
    createdAt: timestamptz().notNull(),
    lastSeenAt: timestamptz().notNull(),
    /** The absolute limit (12 hours by default), whatever the activity. */
    expiresAt: timestamptz().notNull(),
    ipAddress: text(),
    userAgent: text(),
    revokedAt: timestamptz(),
    revokedReason: text(),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * Step 1 of sign-in passed (the password was right); step 2 (a code) is outstanding. The e-mailed
 * code is bound to this attempt and to the browser holding its cookie.
 */
export const signInAttempts = pgTable(
  'sign_in_attempts',
  {
    id: uuidPrimaryKey(),
    tokenHash: text().notNull().unique(),
    userId: ownerUserId(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    codeHash: text(),
    codeExpiresAt: timestamptz(),
    /** Wrong or right, every try counts; the limit is claimed atomically before checking. */
    codeAttempts: integer().notNull().default(0),
    codesSent: integer().notNull().default(0),
    completedAt: timestamptz(),
    ipAddress: text(),
  },
  (table) => [index('sign_in_attempts_user_idx').on(table.userId)],
);

/** One-time backup codes (the spec's "Manage OTPs"), stored hashed; each works once. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    codeHash: text().notNull(),
    createdAt: timestamptz().notNull(),
    /** `self`, or the e-mail of the staff member who issued the set. */
    issuedBy: text().notNull(),
    usedAt: timestamptz(),
    revokedAt: timestamptz(),
  },
  (table) => [index('backup_codes_user_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    tokenHash: text().notNull().unique(),
    createdAt: timestamptz().notNull(),
    expiresAt: timestamptz().notNull(),
    usedAt: timestamptz(),
  },
  (table) => [index('password_resets_user_idx').on(table.userId, table.createdAt)],
);

/** Browsers a person has signed in from, for "sign-in from a new device" alerts. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: ownerUserId(),
    deviceHash: text().notNull(),
    firstSeenAt: timestamptz().notNull(),
    lastSeenAt: timestamptz().notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);
