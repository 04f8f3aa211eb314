import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { cents, timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ownerUserId, userReference } from '../people/people.columns';
import { ledgerAccounts, ledgerTransfers } from '../ledger/ledger.tables';

/**
 * A NACHA file of pending ACH orders, kept as written so operations can download it again. Each
 * order is exported at most once (`payment_orders.ach_export_id`).
 */
export const achExports = pgTable('ach_exports', {
  id: uuidPrimaryKey(),
  fileName: text().notNull(),
  /** The batch's Standard Entry Class (PPD, CCD, WEB), as the list of files shows it. */
  secCode: text().notNull(),
  /** The file as written, sealed (`sealed-numbers.ts`): it holds full account numbers. */
  content: text().notNull(),
  entryCount: integer().notNull(),
  totalAmount: cents().notNull(),
  createdAt: timestamptz().notNull(),
  createdBy: userReference(),
});

/**
 * An outgoing payment on a rail we do not settle instantly (ACH to a US bank, an international
 * wire). Its pending ledger transfer holds the member's funds until staff settle it (post), return
 * it with a reason (void) or it expires. The order's status mirrors that resolution.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    rail: text().notNull(),
    status: text().notNull(),
    fromAccountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: cents().notNull(),
    pendingTransferId: uuid()
      .notNull()
      .unique()
      .references(() => ledgerTransfers.id),
    beneficiaryName: text().notNull(),
    bankName: text().notNull(),
    /** ACH: the receiving bank's ABA routing number. */
    routingNumber: text(),
    /** Sealed (`sealed-numbers.ts`), like `iban`: screens show the last four, the NACHA file all. */
    accountNumber: text().notNull(),
    /** International: SWIFT/BIC, optional IBAN, ISO country and currency codes. */
    swiftCode: text(),
    iban: text(),
    country: text(),
    currency: text(),
    reference: text(),
    createdAt: timestamptz().notNull(),
    resolvedAt: timestamptz(),
    resolvedBy: userReference(),
    returnCode: text(),
    returnReason: text(),
    /** What staff wrote to the member when returning the order; Payment Operations shows it. */
    returnNote: text(),
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
