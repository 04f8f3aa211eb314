import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { cents, timestamptz, uuidPrimaryKey } from '../../db/columns';
import { ledgerAccounts, ledgerTransfers } from '../ledger/ledger.tables';
import { ownerUserId } from '../people/people.columns';

/**
 * A member's card (decisions.md: cards are records). A debit card spends from the member's
 * Checking; a credit card from its own ledger account of type `Credit Card`, which may go below
 * zero to its limit. The number is sealed (crypto/secret-box.ts, context `card:<id>`) and found by
 * its keyed digest; the PIN is a keyed digest too; no CVV is stored (card-secrets.ts derives it).
 * Rows are never deleted: a card reported lost is `closed`, and its replacement is a new row.
 */
export const cards = pgTable(
  'cards',
  {
    id: uuidPrimaryKey(),
    userId: ownerUserId(),
    kind: text().notNull(),
    design: text().notNull(),
    nameOnCard: text().notNull(),
    /** The ledger account it spends from. */
    accountId: uuid()
      .notNull()
      .references(() => ledgerAccounts.id),
    numberSealed: text().notNull(),
    /** Keyed HMAC of the number: how a processor's request finds the card. */
    numberDigest: text().notNull(),
    last4: text().notNull(),
    expiryMonth: integer().notNull(),
    /** Four digits. */
    expiryYear: integer().notNull(),
    status: text().notNull(),
    pinDigest: text(),
    pinChangedAt: timestamptz(),
    /** Wrong PINs on `pinFailuresDay` (the credit union's day, `YYYY-MM-DD`). */
    pinFailures: integer().notNull().default(0),
    pinFailuresDay: text(),
    limitPerPurchase: cents().notNull(),
    limitDailyPurchases: cents().notNull(),
    limitDailyAtm: cents().notNull(),
    allowOnline: boolean().notNull(),
    allowInternational: boolean().notNull(),
    allowAtm: boolean().notNull(),
    /** Reward points (1 point = 1 cent of cash back) earned by cleared credit card purchases. */
    rewardsPoints: integer().notNull().default(0),
    /** Tries at activating a replacement (last 4 and expiry), counted before they are compared. */
    activationAttempts: integer().notNull().default(0),
    replacesId: uuid(),
    closedReason: text(),
    closedAt: timestamptz(),
    lockedAt: timestamptz(),
    activatedAt: timestamptz(),
    issuedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('cards_number_digest_idx').on(table.numberDigest),
    index('cards_user_idx').on(table.userId, table.issuedAt),
    // At most one card of each kind in use per member (a closed card's replacement takes its place).
    uniqueIndex('cards_one_open_idx')
      .on(table.userId, table.kind)
      .where(sql`${table.status} <> 'closed'`),
    uniqueIndex('cards_replaces_idx')
      .on(table.replacesId)
      .where(sql`${table.replacesId} is not null`),
    check('cards_kind_check', sql`${table.kind} in ('debit', 'credit')`),
    check('cards_status_check', sql`${table.status} in ('active', 'locked', 'inactive', 'closed')`),
    check('cards_design_check', sql`${table.design} in ('Standard', 'Platinum')`),
    check(
      'cards_closed_check',
      sql.join(
        [
          sql`(${table.status} = 'closed')`,
          sql`(${table.closedAt} is not null and ${table.closedReason} in ('lost', 'stolen'))`,
        ],
        sql` = `,
      ),
    ),
    check(
      'cards_limits_check',
      sql`${table.limitPerPurchase} > 0 and ${table.limitDailyPurchases} > 0 and ${table.limitDailyAtm} > 0`,
    ),
  ],
);
export type CardRow = typeof cards.$inferSelect;

/**
 * One authorization a card processor asked us for, and what became of it: declined (with the
 * reason), or approved with a pending ledger transfer (the hold) that a clearing posts, a reversal
 * voids or the expiry job lets go. The processor's ids make each request idempotent.
 */
export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    id: uuidPrimaryKey(),
    cardId: uuid()
      .notNull()
      .references(() => cards.id),
    /** The processor's id for the authorization: a repeat gets the first answer. */
    processorId: text().notNull(),
    /** SHA-256 of the request: a repeat that differs is refused. */
    requestHash: text().notNull(),
    merchant: text().notNull(),
    country: text().notNull(),
    channel: text().notNull(),
    /**
     * The merchant category code the processor sent (ISO 18245, four digits), or null when it sent
     * none: what the hold and the clearing are filed under (merchant-category.ts).
     */
    categoryCode: text(),
    amount: cents().notNull(),
    /** The credit union's day it was asked on (`YYYY-MM-DD`): what the daily limits count. */
    day: text().notNull(),
    status: text().notNull(),
    declineReason: text(),
    /** Approved: the hold. Declined: the `failed` transfer that shows the decline in the history. */
    holdTransferId: uuid().references(() => ledgerTransfers.id),
    declineTransferId: uuid().references(() => ledgerTransfers.id),
    clearingId: text(),
    clearedAmount: cents(),
    clearedAt: timestamptz(),
    /** The posted transfer (the hold posted, or a new one for a different amount). */
    postTransferId: uuid().references(() => ledgerTransfers.id),
    reversalId: text(),
    reversedAt: timestamptz(),
    expiredAt: timestamptz(),
    points: integer().notNull().default(0),
    authorizedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('card_authorizations_processor_idx').on(table.processorId),
    uniqueIndex('card_authorizations_clearing_idx')
      .on(table.clearingId)
      .where(sql`${table.clearingId} is not null`),
    uniqueIndex('card_authorizations_reversal_idx')
      .on(table.reversalId)
      .where(sql`${table.reversalId} is not null`),
    index('card_authorizations_card_idx').on(table.cardId, table.authorizedAt),
    index('card_authorizations_day_idx').on(table.cardId, table.day),
    index('card_authorizations_pending_idx')
      .on(table.authorizedAt)
      .where(sql`${table.status} = 'pending'`),
    check(
      'card_authorizations_status_check',
      sql`${table.status} in ('pending', 'posted', 'declined', 'reversed', 'expired')`,
    ),
    check('card_authorizations_channel_check', sql`${table.channel} in ('in_store', 'online', 'atm')`),
    check('card_authorizations_category_code_check', sql`${table.categoryCode} ~ '^[0-9]{4}$'`),
  ],
);
export type CardAuthorizationRow = typeof cardAuthorizations.$inferSelect;

/**
 * A merchant's refund of a cleared purchase, as the processor sent it (refund.ts): a ledger transfer
 * from the card settlement account back to where the purchase's money came from. Several may refund
 * one purchase, together never more than it cleared for (counted under the authorization's row
 * lock). The processor's id makes it idempotent.
 */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: uuidPrimaryKey(),
    authorizationId: uuid()
      .notNull()
      .references(() => cardAuthorizations.id),
    /** The processor's id for the refund: a repeat gets the first answer. */
    processorId: text().notNull(),
    amount: cents().notNull(),
    /** The purchase's refunds up to this one, this one included: what its answer says, replayed too. */
    refundedTotal: cents().notNull(),
    /** The credit: card settlement → the account the purchase was paid from. */
    transferId: uuid()
      .notNull()
      .references(() => ledgerTransfers.id),
    /** A credit card purchase's reward points this refund took back (its share of them). */
    points: integer().notNull().default(0),
    refundedAt: timestamptz().notNull(),
  },
  (table) => [
    uniqueIndex('card_refunds_processor_idx').on(table.processorId),
    uniqueIndex('card_refunds_transfer_idx').on(table.transferId),
    index('card_refunds_authorization_idx').on(table.authorizationId),
    check('card_refunds_amount_check', sql`${table.amount} > 0 and ${table.refundedTotal} >= ${table.amount}`),
    check('card_refunds_points_check', sql`${table.points} >= 0`),
  ],
);
export type CardRefundRow = typeof cardRefunds.$inferSelect;

/**
 * Signatures of processor requests already seen, kept for the timestamp tolerance: the same
 * signed request sent again is refused as a replay (a retry signs afresh, and the processor's id
 * makes it idempotent).
 */
export const processorRequests = pgTable(
  'processor_requests',
  {
    signature: text().primaryKey(),
    receivedAt: timestamptz().notNull(),
  },
  (table) => [index('processor_requests_received_idx').on(table.receivedAt)],
);
