import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, uuidPrimaryKey } from '../../db/columns';

/**
 * Everyone who can sign in: applicants (role pending), members (role user) and staff (role admin).
 * Field names follow the spec's User record; nested groups (personalInfo, contactDetails,
 * documents) are flattened into columns and re-nested by the API.
 */
export const users = pgTable(
  'users',
  {
    id: uuidPrimaryKey(),
    /** Stored trimmed and lower-cased; unique. */
    email: text().notNull(),
    passwordHash: text().notNull(),
    name: text().notNull(),
    phone: text().notNull().default(''),
    role: text().notNull(),
    status: text().notNull(),

    firstName: text().notNull().default(''),
    lastName: text().notNull().default(''),
    dateOfBirth: date({ mode: 'string' }),
    nationality: text().notNull().default(''),
    maritalStatus: text(),
    street: text().notNull().default(''),
    city: text().notNull().default(''),
    state: text().notNull().default(''),
    country: text().notNull().default(''),
    postalCode: text().notNull().default(''),
    alternativeEmail: text().notNull().default(''),
    emergencyName: text(),
    emergencyRelationship: text(),
    emergencyPhone: text(),

    idCardType: text(),
    idCardNumber: text().notNull().default(''),
    idDocumentFileId: uuid(),
    verificationStatus: text().notNull().default('pending'),
    infoRequest: text(),
    infoRequestedAt: timestamptz(),
    rejectionReason: text(),
    rejectedAt: timestamptz(),
    approvedAt: timestamptz(),

    isJointAccount: boolean().notNull().default(false),
    jointHolderName: text(),
    jointHolderEmail: text(),
    jointHolderPhone: text(),
    profileImageFileId: uuid(),

    notifyEmail: boolean().notNull().default(true),
    notifySms: boolean().notNull().default(false),
    notifyPush: boolean().notNull().default(true),
    loginAlerts: boolean().notNull().default(true),

    /** TOTP secret once enrolled, sealed (`v1:…`, auth/totp.ts); `totpPendingSecret` holds one being set up. */
    totpSecret: text(),
    totpPendingSecret: text(),
    totpEnabledAt: timestamptz(),
    /** The last accepted 30-second step: a TOTP code is never accepted twice. */
    totpLastStep: bigint({ mode: 'number' }),
    failedSignIns: integer().notNull().default(0),
    lockedUntil: timestamptz(),
    passwordChangedAt: timestamptz().notNull().defaultNow(),

    /** E-mail of the staff member who created the user (staff-created users only). */
    createdBy: text(),
    registrationDate: timestamptz().notNull().defaultNow(),
    createdAt: timestamptz().notNull().defaultNow(),
    updatedAt: timestamptz().notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_idx').on(table.email),
    // Look-ups by address ignore case (a member's recipient, sign-in): one index probe, not a scan.
    index('users_email_lower_idx').on(sql`lower(${table.email})`),
    index('users_status_idx').on(table.status, table.registrationDate),
    // The staff console's member list (newest first) and its search by part of a name or e-mail
    // (trigrams: migration 0007).
    index('users_registration_idx').on(table.registrationDate),
    index('users_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('users_email_trgm_idx').using('gin', table.email.op('gin_trgm_ops')),
    check('users_role_check', sql`${table.role} in ('user', 'pending', 'admin')`),
    check('users_status_check', sql`${table.status} in ('pending', 'approved', 'rejected', 'active')`),
    check(
      'users_verification_status_check',
      sql`${table.verificationStatus} in ('pending', 'info_requested', 'verified', 'rejected')`,
    ),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    check('users_failed_sign_ins_check', sql`${table.failedSignIns} >= 0`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * How many people have each status, kept by a trigger on `users` (migration 0007) in the same
 * transaction as the change: the console's tab counts read four rows instead of counting every
 * member each time.
 */
export const userStatusCounts = pgTable('user_status_counts', {
  status: text().primaryKey(),
  n: bigint({ mode: 'number' }).notNull(),
});
