import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ledgerAccounts, ledgerTransfers } from '../ledger/ledger.tables';
import { ownerUserId, userReference } from '../people/people.columns';
import { transferChallenges } from '../transfers/transfers.tables';

/**
 * A member's saved payee: a biller from the credit union's directory (configuration: the id and
 * the name it had when saved) and the member's account number there, sealed (payee-number.ts).
 * Removing a payee keeps the row (its payments still name it); `challenge_id` is the code that
 * confirmed adding it, so a retried confirmation finds the payee it made. One live payee per
 * biller account of a member is checked by `payees.ts` under the member's lock: sealed numbers
 * differ every time, so no index can.
 */
export const billPayees = pgTable(
  'bill_payees',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    billerId: text().notNull(),
    billerName: text().notNull(),
    category: text().notNull(),
    nickname: text().notNull(),
    accountNumber: text().notNull(),
    /** Null for a payee the credit union added itself (the demo seed). */
    challengeId: uuid()
      .unique()
      .references(() => transferChallenges.id),
    createdAt: timestamptz().notNull(),
    removedAt: timestamptz(),
  },
  (table) => [index('bill_payees_user_idx').on(table.userId, table.createdAt)],
);

/** What a series and each of its payments say alike: whose, to which payee, from which account, how much. */
const paymentTerms = () => ({
  id: uuidPrimaryKey(),
  userId: ownerUserId(),
  payeeId: uuid()
    .notNull()
    .references(() => billPayees.id),
  fromAccountId: uuid()
    .notNull()
    .references(() => ledgerAccounts.id),
  amount: cents().notNull(),
});

/**
 * A recurring payment: what to pay, how often, from when, and until a date, a count or a stop.
 * Its payments are made one at a time (`bill_payments.series_id`): the next is created when the
 * one before it is sent, fails or is cancelled. `missed_in_row` counts its payments not sent since
 * the last one sent; at `BILL_PAY_SERIES_MAX_MISSED` the series stops by itself, and `stop_reason`
 * says why in the member's words (null when the member stopped it).
 */
export const billSeries = pgTable(
  'bill_series',
  {
    ...paymentTerms(),
    frequency: text().notNull(),
    startsOn: date().notNull(),
    endsOn: date(),
    count: integer(),
    memo: text().notNull(),
    status: text().notNull(),
    createdAt: timestamptz().notNull(),
    stoppedAt: timestamptz(),
    missedInRow: integer().notNull().default(0),
    stopReason: text(),
  },
  (table) => [
    index('bill_series_user_idx').on(table.userId, table.status),
    check('bill_series_frequency_check', sql`${table.frequency} in ('weekly', 'biweekly', 'monthly')`),
    check('bill_series_status_check', sql`${table.status} in ('active', 'completed', 'stopped')`),
    check('bill_series_amount_check', sql`${table.amount} > 0`),
  ],
);

/**
 * One bill payment. Scheduled with its money held (`pending_transfer_id`, a pending ledger
 * transfer to the bill-pay clearing account) — a later payment of a series holds its money on
 * `holds_on` —, then sent on `pay_on` at the cut-off (the hold posts), or cancelled (the hold is
 * voided), or failed (it could not be held or sent), and a sent one may come back (returned: the
 * money is paid back by `return_transfer_id`). The status changes only by one conditional UPDATE
 * on this row, so a cancel and a send racing on it cannot both happen.
 */
export const billPayments = pgTable(
  'bill_payments',
  {
    ...paymentTerms(),
    payOn: date().notNull(),
    holdsOn: date().notNull(),
    memo: text().notNull(),
    status: text().notNull(),
    seriesId: uuid().references(() => billSeries.id),
    occurrence: integer(),
    pendingTransferId: uuid()
      .unique()
      .references(() => ledgerTransfers.id),
    /** The post that sent it (what a return reverses). */
    sentTransferId: uuid()
      .unique()
      .references(() => ledgerTransfers.id),
    returnTransferId: uuid()
      .unique()
      .references(() => ledgerTransfers.id),
    confirmationNumber: text().unique(),
    createdAt: timestamptz().notNull(),
    sentAt: timestamptz(),
    cancelledAt: timestamptz(),
    cancelledBy: userReference(),
    failedAt: timestamptz(),
    returnedAt: timestamptz(),
    returnedBy: userReference(),
    returnCode: text(),
    /** Why it failed or came back, in the words the member was told. */
    reason: text(),
    returnNote: text(),
  },
  (table) => [
    index('bill_payments_user_idx').on(table.userId, table.status, table.payOn),
    // The send job's look-up: scheduled payments by date.
    index('bill_payments_due_idx')
      .on(table.payOn)
      .where(sql`${table.status} = 'scheduled'`),
    index('bill_payments_sent_idx').on(table.sentAt),
    uniqueIndex('bill_payments_series_occurrence_unique').on(table.seriesId, table.occurrence),
    check(
      'bill_payments_status_check',
      sql`${table.status} in ('scheduled', 'sent', 'cancelled', 'returned', 'failed')`,
    ),
    check('bill_payments_amount_check', sql`${table.amount} > 0`),
  ],
);
