import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ledgerAccounts, ledgerTransfers } from '../ledger/ledger.tables';
import { ownerUserId } from '../people/people.columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * One account's statement for one month (`YYYY-MM` in TIME_ZONE), issued once and kept unchanged
 * (docs/features/statements-and-exports.md). It covers the account's ledger entries by version:
 * `(from_version, through_version]`, where `through_version` is the account's last entry recorded
 * before the month ended, so every entry is on exactly one statement. The figures are kept for
 * the next statement's opening balance and the year-to-date lines; the PDF is in
 * `statement_files`.
 */
export const statements = pgTable(
  'statements',
  {
    id: uuidPrimaryKey(),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    userId: ownerUserId(),
    period: text().notNull(),
    fromVersion: bigint({ mode: 'bigint' }).notNull(),
    throughVersion: bigint({ mode: 'bigint' }).notNull(),
    openingBalance: cents().notNull(),
    closingBalance: cents().notNull(),
    totalCredits: cents().notNull(),
    totalDebits: cents().notNull(),
    fees: cents().notNull(),
    dividends: cents().notNull(),
    sha256: text().notNull(),
    sizeBytes: integer().notNull(),
    pages: integer().notNull(),
    issuedAt: timestamptz().notNull(),
    /** When the member was last told it is ready (null: not yet — the notice follows the issue). */
    notifiedAt: timestamptz(),
  },
  (table) => [
    uniqueIndex('statements_account_period_idx').on(table.accountId, table.period),
    index('statements_user_idx').on(table.userId, table.period),
    check('statements_period_check', sql`${table.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
  ],
);

/** The PDF of a statement, byte for byte as issued (a trigger refuses UPDATE and DELETE). */
export const statementFiles = pgTable('statement_files', {
  statementId: uuid()
    .primaryKey()
    .references(() => statements.id),
  pdf: bytea().notNull(),
});

/**
 * The dividend of one Savings account for one month, posted at most once (the primary key is
 * claimed in the transaction that posts it). `balance_days` is the sum of the account's
 * end-of-day balances over the month's `days` (cents × days): the average daily balance is
 * `balance_days / days`. A month that earned nothing (a zero balance) keeps its row without a
 * transfer, so the job does not look at it again.
 */
export const dividendPostings = pgTable(
  'dividend_postings',
  {
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    period: text().notNull(),
    balanceDays: cents().notNull(),
    days: integer().notNull(),
    /** The APY the account earned at, as configured then ("3.50"). */
    apy: text().notNull(),
    amount: cents().notNull(),
    /** The annual percentage yield earned, two decimals ("3.50"), Reg DD Appendix A. */
    apyEarned: text().notNull(),
    transferId: uuid().references(() => ledgerTransfers.id),
    postedAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.period] }),
    check('dividend_postings_amount_check', sql`${table.amount} >= 0`),
    check('dividend_postings_transfer_check', sql`(${table.amount} > 0) = (${table.transferId} is not null)`),
  ],
);

export const statementRunStatuses = ['running', 'done', 'failed'] as const;

/** A month's run: dividends, then every account's statement; staff watch its progress. */
export const statementRuns = pgTable(
  'statement_runs',
  {
    period: text().primaryKey(),
    status: text().notNull(),
    total: integer().notNull().default(0),
    issued: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    dividendsPosted: integer().notNull().default(0),
    bytesIssued: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    startedAt: timestamptz().notNull(),
    updatedAt: timestamptz().notNull(),
    finishedAt: timestamptz(),
  },
  (table) => [check('statement_runs_status_check', sql`${table.status} in ('running', 'done', 'failed')`)],
);
