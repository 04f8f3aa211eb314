import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../members/members.tables';

/**
 * Ledger accounts: members' Checking and Savings accounts (and, with the money issue, the credit
 * union's general-ledger accounts). Balances are never stored as such: they are cumulative
 * posted/pending counters kept by the ledger, in cents. Balance = credits_posted − debits_posted;
 * available = balance − debits_pending.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id),
    type: text().notNull(),
    accountNumber: text(),
    routingNumber: text(),
    debitsPending: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    debitsPosted: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    creditsPending: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    creditsPosted: bigint({ mode: 'bigint' }).notNull().default(sql`0`),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_number_idx').on(table.accountNumber),
    index('ledger_accounts_user_idx').on(table.userId),
    check('ledger_accounts_type_check', sql`${table.type} in ('Checking', 'Savings')`),
    check(
      'ledger_accounts_counters_check',
      sql`${table.debitsPending} >= 0 and ${table.debitsPosted} >= 0 and ${table.creditsPending} >= 0 and ${table.creditsPosted} >= 0`,
    ),
    // A member account never goes below zero, counting money already held for pending payments.
    check(
      'ledger_accounts_no_overdraft_check',
      sql`${table.userId} is null or ${table.debitsPosted} + ${table.debitsPending} <= ${table.creditsPosted}`,
    ),
    check('ledger_accounts_number_check', sql`${table.accountNumber} is null or ${table.accountNumber} ~ '^[1-9][0-9]{9}$'`),
  ],
);
