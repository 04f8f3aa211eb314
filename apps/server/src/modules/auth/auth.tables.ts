import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../people/people.tables';

/** Signed-in sessions. Only a SHA-256 of the cookie's token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
    /** The absolute limit (12 hours by default), whatever the activity. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ipAddress: text(),
    userAgent: text(),
    revokedAt: timestamp({ withTimezone: true }),
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
    id: uuid().primaryKey().defaultRandom(),
    tokenHash: text().notNull().unique(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    codeHash: text(),
    codeExpiresAt: timestamp({ withTimezone: true }),
    /** Wrong or right, every try counts; the limit is claimed atomically before checking. */
    codeAttempts: integer().notNull().default(0),
    codesSent: integer().notNull().default(0),
    completedAt: timestamp({ withTimezone: true }),
    ipAddress: text(),
  },
  (table) => [index('sign_in_attempts_user_idx').on(table.userId)],
);

/** One-time backup codes (the spec's "Manage OTPs"), stored hashed; each works once. */
export const backupCodes = pgTable(
  'backup_codes',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    codeHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    /** `self`, or the e-mail of the staff member who issued the set. */
    issuedBy: text().notNull(),
    usedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('backup_codes_user_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    tokenHash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index('password_resets_user_idx').on(table.userId, table.createdAt)],
);

/** Browsers a person has signed in from, for "sign-in from a new device" alerts. */
export const knownDevices = pgTable(
  'known_devices',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id),
    deviceHash: text().notNull(),
    firstSeenAt: timestamp({ withTimezone: true }).notNull(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.deviceHash] })],
);
