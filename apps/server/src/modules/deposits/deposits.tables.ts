import type { DepositFlag } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, timestamptz, uuidPrimaryKey } from '../../db/columns';
import { storedFiles } from '../files/files.tables';
import { ledgerAccounts, ledgerTransfers } from '../ledger/ledger.tables';
import { ownerUserId, userReference } from '../people/people.columns';

/**
 * A mobile check deposit (spec §3 "Mobile deposit"; decisions.md: a staff review queue). Made
 * Pending Review with a pending ledger credit from the deposit clearing account; staff approve
 * (the credit posts, held per the funds-availability policy: `deposit_holds`), reject (it is
 * voided), or later return it (the check bounced: the money is taken back). Rows are never
 * deleted; the images are stored files only the member and staff may open.
 */
export const mobileDeposits = pgTable(
  'mobile_deposits',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: cents().notNull(),
    checkNumber: text(),
    status: text().notNull(),
    frontFileId: uuid()
      .notNull()
      .references(() => storedFiles.id),
    backFileId: uuid()
      .notNull()
      .references(() => storedFiles.id),
    /** SHA-256 of the front photo as sent (hex): the same photo sent again. */
    frontSha256: text().notNull(),
    /** A 64-bit difference hash of the front: another photo of the same check is a few bits away. */
    frontHash: bigint({ mode: 'bigint' }).notNull(),
    /** What staff should look at, worked out when it was sent. */
    flags: jsonb().$type<DepositFlag[]>().notNull(),
    /** The pending credit made with it: posted on approval, voided on rejection. */
    pendingTransferId: uuid()
      .notNull()
      .references(() => ledgerTransfers.id),
    /** Regulation CC's day of deposit: the business day it counts as received (after the cut-off: the next). */
    bankingDay: date({ mode: 'string' }).notNull(),
    submittedAt: timestamptz().notNull(),
    reviewedAt: timestamptz(),
    reviewedBy: userReference(),
    rejectReason: text(),
    /** Accepted: the day the last of the money is available. */
    availableOn: date({ mode: 'string' }),
    returnedAt: timestamptz(),
    returnedBy: userReference(),
    returnReason: text(),
    /** Returned: what the account could not cover (the credit union's receivable from the member). */
    amountOwed: cents(),
    /** Returned: the transfer that took the check's amount back from the account (none when it had nothing). */
    returnTransferId: uuid().references(() => ledgerTransfers.id),
    /** Returned: the transfer that booked `amountOwed` to the returned-items account (the receivable). */
    owedTransferId: uuid().references(() => ledgerTransfers.id),
  },
  (table) => [
    index('mobile_deposits_status_idx').on(table.status, table.submittedAt),
    index('mobile_deposits_user_idx').on(table.userId, table.submittedAt),
    index('mobile_deposits_front_sha_idx').on(table.frontSha256),
    index('mobile_deposits_check_idx')
      .on(table.accountId, table.checkNumber, table.amount)
      .where(sql`${table.checkNumber} is not null`),
    uniqueIndex('mobile_deposits_pending_transfer_idx').on(table.pendingTransferId),
    check(
      'mobile_deposits_status_check',
      sql`${table.status} in ('pending_review', 'accepted', 'rejected', 'returned')`,
    ),
    check('mobile_deposits_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * An accepted deposit's money by the day it is available (one or two parts). A part not yet
 * available is a pending ledger transfer out of the member's account (category `Hold`, never in
 * their history) that lowers the available balance until the release job voids it at
 * `release_at`; a return voids what is still held.
 */
export const depositHolds = pgTable(
  'deposit_holds',
  {
    id: uuidPrimaryKey(),
    depositId: uuid()
      .notNull()
      .references(() => mobileDeposits.id),
    /** Null for a part already available when the deposit was approved (nothing to hold). */
    transferId: uuid()
      .unique()
      .references(() => ledgerTransfers.id),
    amount: cents().notNull(),
    /** The business day the money becomes available, and the instant the job releases it. */
    releaseOn: date({ mode: 'string' }).notNull(),
    releaseAt: timestamptz().notNull(),
    releasedAt: timestamptz(),
    /** Voided by a return before its day. */
    voidedAt: timestamptz(),
  },
  (table) => [
    index('deposit_holds_due_idx')
      .on(table.releaseAt)
      .where(sql`${table.releasedAt} is null and ${table.voidedAt} is null`),
    index('deposit_holds_deposit_idx').on(table.depositId),
  ],
);
