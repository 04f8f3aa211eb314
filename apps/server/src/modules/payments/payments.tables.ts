import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerAccounts, ledgerTransfers } from '../ledger/ledger.tables';
import { users } from '../people/people.tables';

/**
 * A NACHA file of pending ACH orders, kept as written so operations can download it again. Each
 * order is exported at most once (`payment_orders.ach_export_id`).
 */
export const achExports = pgTable('ach_exports', {
  id: uuid().primaryKey().defaultRandom(),
  fileName: text().notNull(),
  content: text().notNull(),
  entryCount: integer().notNull(),
  totalAmount: bigint({ mode: 'bigint' }).notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  createdBy: uuid().references(() => users.id),
});

/**
 * An outgoing payment on a rail we do not settle instantly (ACH to a US bank, an international
 * wire). Its pending ledger transfer holds the member's funds until staff settle it (post), return
 * it with a reason (void) or it expires. The order's status mirrors that resolution.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id),
    rail: text().notNull(),
    status: text().notNull(),
    fromAccountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: 'bigint' }).notNull(),
    pendingTransferId: uuid()
      .notNull()
      .unique()
      .references(() => ledgerTransfers.id),
    beneficiaryName: text().notNull(),
    bankName: text().notNull(),
    /** ACH: the receiving bank's ABA routing number. */
    routingNumber: text(),
    accountNumber: text().notNull(),
    /** International: SWIFT/BIC, optional IBAN, ISO country and currency codes. */
    swiftCode: text(),
    iban: text(),
    country: text(),
    currency: text(),
    reference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    resolvedAt: timestamp({ withTimezone: true }),
    resolvedBy: uuid().references(() => users.id),
    returnCode: text(),
    returnReason: text(),
    /** The NACHA file this ACH order went out in, once exported. */
    achExportId: uuid().references(() => achExports.id),
  },
  (table) => [
    index('payment_orders_status_idx').on(table.status, table.createdAt),
    index('payment_orders_user_idx').on(table.userId, table.createdAt),
    check('payment_orders_rail_check', sql`${table.rail} in ('ach', 'international')`),
    check('payment_orders_status_check', sql`${table.status} in ('pending', 'settled', 'returned', 'expired')`),
    check('payment_orders_amount_check', sql`${table.amount} > 0`),
  ],
);
