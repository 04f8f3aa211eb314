import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cents, timestamptz, uuidPrimaryKey, zeroCents } from '../../db/columns';
import { ownerUserId, userReference } from '../people/people.columns';

/**
 * Only this module writes the tables below, and only through the `ledger_post` database function
 * (`sql/ledger_post.sql`): it locks the accounts, checks funds, and writes the transfer, both entries
 * and both counters in one statement. Triggers refuse UPDATE and DELETE on transfers and entries.
 */

/**
 * Ledger accounts: members' Checking and Savings accounts, and the credit union's general-ledger
 * accounts (`code` set, no member). Balances are never stored as such: they are cumulative
 * posted/pending counters, in cents. Balance = credits_posted − debits_posted; available =
 * balance − debits_pending. `version` counts the account's entries.
 */
/** What a member's account may be: deposit accounts, and a credit card's line. */
const memberAccountTypes = sql.raw("'Checking', 'Savings', 'Credit Card'");

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuidPrimaryKey(),
    userId: userReference(),
    type: text().notNull(),
    /** General-ledger accounts only: `cash`, `ach_clearing`, … (see general-ledger.ts). */
    code: text(),
    accountNumber: text(),
    routingNumber: text(),
    debitsPending: zeroCents(),
    debitsPosted: zeroCents(),
    creditsPending: zeroCents(),
    creditsPosted: zeroCents(),
    /**
     * How far below zero the account may go: 0 for every account but a credit card's line
     * (`Credit Card`, cards module), whose balance may fall to minus its limit.
     */
    creditLimit: zeroCents(),
    version: bigint({ mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_number_idx').on(table.accountNumber),
    uniqueIndex('ledger_accounts_code_idx').on(table.code),
    index('ledger_accounts_user_idx').on(table.userId),
    check(
      'ledger_accounts_type_check',
      sql.join(
        [
          sql`(${table.userId} is not null and ${table.code} is null and ${table.type} in (${memberAccountTypes}))`,
          sql`(${table.userId} is null and ${table.code} is not null and ${table.type} = 'General')`,
        ],
        sql` or `,
      ),
    ),
    check(
      'ledger_accounts_counters_check',
      sql.join(
        [
          sql`${table.debitsPending} >= 0`,
          sql`${table.debitsPosted} >= 0`,
          sql`${table.creditsPending} >= 0`,
          sql`${table.creditsPosted} >= 0`,
        ],
        sql` and `,
      ),
    ),
    // A member account never goes below zero (a credit card's line: below minus its limit), counting
    // money already held for pending payments.
    check(
      'ledger_accounts_no_overdraft_check',
      sql.join(
        [
          sql`${table.userId} is null or ${table.debitsPosted} + ${table.debitsPending}`,
          sql`${table.creditsPosted} + ${table.creditLimit}`,
        ],
        sql` <= `,
      ),
    ),
    check(
      'ledger_accounts_credit_limit_check',
      sql`${table.creditLimit} >= 0 and (${table.creditLimit} = 0 or ${table.type} = 'Credit Card')`,
    ),
    check(
      'ledger_accounts_number_check',
      sql`${table.accountNumber} is null or ${table.accountNumber} ~ '^[1-9][0-9]{9}$'`,
    ),
  ],
);

export const transferKinds = ['single', 'pending', 'post', 'void', 'expire', 'failed'] as const;
export type TransferKind = (typeof transferKinds)[number];

/** The expression of a words index: the account's keys of one side's memo and the reference. */
const wordKeys = (account: AnyPgColumn, memo: AnyPgColumn, reference: AnyPgColumn) =>
  sql`ledger_word_keys(${account}, ${memo} || E'\\x1f' || coalesce(${reference}, ''))`;

/**
 * Immutable money movements, one debit account and one credit account each. `pending` holds
 * funds; `post`, `void` and `expire` resolve a pending transfer (at most once: unique index on
 * `pending_id`); a `single` with `reverses_id` undoes an earlier transfer (at most once too).
 * A `failed` transfer records a movement that did not happen (a staff-entered Failed row): it has
 * no entries and changes no counter, so it shows in the member's history and nowhere else.
 */
export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: uuidPrimaryKey(),
    kind: text().notNull(),
    debitAccountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    creditAccountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: cents().notNull(),
    pendingId: uuid().references((): AnyPgColumn => ledgerTransfers.id),
    reversesId: uuid().references((): AnyPgColumn => ledgerTransfers.id),
    category: text().notNull(),
    /** What each side's statement says ("Transfer to Savings" / "Transfer from Checking"). */
    debitMemo: text().notNull(),
    creditMemo: text().notNull(),
    /** The member's own words (a memo or reference), if any. */
    reference: text(),
    /** Why a pending transfer was voided or a transfer reversed, in plain words for the member. */
    reason: text(),
    /** The date the money counts from; `created_at` is when the ledger recorded it. */
    effectiveAt: timestamptz().notNull(),
    createdAt: timestamptz().notNull(),
    createdBy: uuid(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_pending_idx')
      .on(table.pendingId)
      .where(sql`${table.pendingId} is not null`),
    uniqueIndex('ledger_transfers_reverses_idx')
      .on(table.reversesId)
      .where(sql`${table.reversesId} is not null`),
    // Reads (migration 0007; docs/decisions/2026-11-25-reads-at-scale.md). A member's history walks an
    // account's transfers on each side in (effective date, posting time, id) order; the monthly
    // figures read a date range of the same index and find every column they need in it (kind
    // onwards), so they never visit the table. A category filter, Pending/Failed and words each
    // have an index that skips what they do not want; the member's reversals have a small one.
    index('ledger_transfers_debit_idx').on(
      table.debitAccountId,
      table.effectiveAt,
      table.createdAt,
      table.id,
      table.kind,
      table.amount,
      table.creditAccountId,
      table.reversesId,
      table.pendingId,
      table.createdBy,
    ),
    index('ledger_transfers_credit_idx').on(
      table.creditAccountId,
      table.effectiveAt,
      table.createdAt,
      table.id,
      table.kind,
      table.amount,
      table.debitAccountId,
      table.reversesId,
      table.pendingId,
      table.createdBy,
    ),
    index('ledger_transfers_debit_category_idx').on(
      table.debitAccountId,
      table.category,
      table.effectiveAt,
      table.createdAt,
      table.id,
    ),
    index('ledger_transfers_credit_category_idx').on(
      table.creditAccountId,
      table.category,
      table.effectiveAt,
      table.createdAt,
      table.id,
    ),
    index('ledger_transfers_debit_open_idx')
      .on(table.debitAccountId, table.effectiveAt, table.createdAt, table.id)
      .where(sql`${table.kind} in ('pending', 'failed')`),
    index('ledger_transfers_credit_open_idx')
      .on(table.creditAccountId, table.effectiveAt, table.createdAt, table.id)
      .where(sql`${table.kind} in ('pending', 'failed')`),
    // An account's resolutions (post, void, expire), with what says who voided: the history's Pending
    // and Cancelled filters take these ids from the pending ones (accounts/history-sql.ts). Only
    // resolutions are in them, so other postings never write them.
    index('ledger_transfers_debit_resolution_idx')
      .on(table.debitAccountId, table.pendingId, table.kind, table.createdBy)
      .where(sql`${table.pendingId} is not null`),
    index('ledger_transfers_credit_resolution_idx')
      .on(table.creditAccountId, table.pendingId, table.kind, table.createdBy, table.debitAccountId)
      .where(sql`${table.pendingId} is not null`),
    index('ledger_transfers_debit_reversal_idx')
      .on(table.debitAccountId, table.reversesId)
      .where(sql`${table.reversesId} is not null`),
    index('ledger_transfers_credit_reversal_idx')
      .on(table.creditAccountId, table.reversesId)
      .where(sql`${table.reversesId} is not null`),
    index('ledger_transfers_debit_words_idx').using(
      'gin',
      wordKeys(table.debitAccountId, table.debitMemo, table.reference),
    ),
    index('ledger_transfers_credit_words_idx').using(
      'gin',
      wordKeys(table.creditAccountId, table.creditMemo, table.reference),
    ),
    check(
      'ledger_transfers_kind_check',
      sql`${table.kind} in ('single', 'pending', 'post', 'void', 'expire', 'failed')`,
    ),
    check('ledger_transfers_amount_check', sql`${table.amount} > 0`),
    check('ledger_transfers_accounts_check', sql`${table.debitAccountId} <> ${table.creditAccountId}`),
    check(
      'ledger_transfers_pending_check',
      sql`(${table.kind} in ('post', 'void', 'expire')) = (${table.pendingId} is not null)`,
    ),
    check('ledger_transfers_reversal_check', sql`${table.reversesId} is null or ${table.kind} = 'single'`),
  ],
);

/**
 * One line per account per transfer: the account's version after it (gap-free from 1) and its
 * posted balance and available balance after it. Statements and history read from here.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint({ mode: 'bigint' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    accountVersion: bigint({ mode: 'bigint' }).notNull(),
    transferId: uuid()
      .notNull()
      .references(() => ledgerTransfers.id),
    side: text().notNull(),
    amount: cents().notNull(),
    balanceAfter: cents().notNull(),
    availableAfter: cents().notNull(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('ledger_entries_version_idx').on(table.accountId, table.accountVersion),
    // The history's running balance of a row (its entry on that account), read from the index alone.
    index('ledger_entries_transfer_idx').on(table.transferId, table.accountId, table.balanceAfter),
    check('ledger_entries_side_check', sql`${table.side} in ('debit', 'credit')`),
  ],
);

/**
 * A request key per member: claimed first inside the transaction that does the work, so a
 * repeated request waits for the first and then gets its stored answer (failures included).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: ownerUserId(),
    key: text().notNull(),
    requestHash: text().notNull(),
    statusCode: integer(),
    response: jsonb(),
    createdAt: timestamptz().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);
