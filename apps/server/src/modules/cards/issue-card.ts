import type { CardDesign, CardKind, CardStatus } from '@mutual/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { Database } from '../../db/database';
import type { AppDeps } from '../../deps';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { openCreditLine } from '../ledger/member-accounts';
import { cardNumberContext, expiryFor, newCardNumber } from './card-numbers';
import { type CardRow, cards } from './cards.tables';

type Deps = Pick<AppDeps, 'config' | 'secrets' | 'cardKeys'>;

export interface NewCard {
  userId: string;
  kind: CardKind;
  design: CardDesign;
  nameOnCard: string;
  /** The ledger account it spends from: the member's Checking, or a credit line. */
  accountId: string;
  status: CardStatus;
  /** A replacement keeps the card's limits and switches. */
  replaces?: CardRow;
  /** Only for the demo's seed: a PIN set already. */
  pin?: string;
}

/**
 * Issues a card with a fresh Luhn-valid number on the configured BIN: sealed, found by its keyed
 * digest, only its last 4 kept in the clear. A clash with an existing number (one in a billion per
 * try) draws again.
 */
export async function issueCard(tx: Executor, deps: Deps, card: NewCard, now: Date): Promise<CardRow> {
  const { cards: settings } = deps.config;
  const expiry = expiryFor(now, settings.expiryYears);
  const controls = card.replaces
    ? {
        limitPerPurchase: card.replaces.limitPerPurchase,
        limitDailyPurchases: card.replaces.limitDailyPurchases,
        limitDailyAtm: card.replaces.limitDailyAtm,
        allowOnline: card.replaces.allowOnline,
        allowInternational: card.replaces.allowInternational,
        allowAtm: card.replaces.allowAtm,
      }
    : {
        limitPerPurchase: settings.defaults.perPurchase,
        limitDailyPurchases: settings.defaults.dailyPurchases,
        limitDailyAtm: settings.defaults.dailyAtm,
        allowOnline: true,
        allowInternational: false,
        allowAtm: true,
      };
  for (let tries = 0; tries < 5; tries++) {
    const id = crypto.randomUUID();
    const number = newCardNumber(settings.bin);
    const [row] = await tx
      .insert(cards)
      .values({
        id,
        userId: card.userId,
        kind: card.kind,
        design: card.design,
        nameOnCard: card.nameOnCard,
        accountId: card.accountId,
        numberSealed: deps.secrets.seal(number, cardNumberContext(id)),
        numberDigest: deps.cardKeys.numberDigest(number),
        last4: number.slice(-4),
        expiryMonth: expiry.month,
        expiryYear: expiry.year,
        status: card.status,
        pinDigest: card.pin ? deps.cardKeys.pinDigest(id, card.pin) : null,
        pinChangedAt: card.pin ? now : null,
        ...controls,
        replacesId: card.replaces?.id ?? null,
        activatedAt: card.status === 'active' ? now : null,
        issuedAt: now,
      })
      .onConflictDoNothing({ target: cards.numberDigest })
      .returning();
    if (row) return row;
  }
  throw new Error('could not draw a free card number');
}

/** The member's Checking: what a debit card spends from. */
export async function checkingAccountOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.type, 'Checking')));
  return row?.id ?? null;
}

interface Holder {
  id: string;
  name: string;
}

/** Embossed: capitals, at most 26 characters. */
const nameOnCardOf = (member: Holder) => member.name.toUpperCase().slice(0, 26);

/** A debit card (design Standard) on the member's Checking. */
export async function issueDebitCard(tx: Executor, deps: Deps, member: Holder, now: Date): Promise<CardRow> {
  const checking = await checkingAccountOf(tx, member.id);
  if (!checking) throw new Error('the member has no Checking account');
  return issueCard(
    tx,
    deps,
    {
      userId: member.id,
      kind: 'debit',
      design: 'Standard',
      nameOnCard: nameOnCardOf(member),
      accountId: checking,
      status: 'active',
    },
    now,
  );
}

/** A credit card (design Platinum) on a new line of CREDIT_CARD_LIMIT. */
export async function issueCreditCard(tx: Executor, deps: Deps, member: Holder, now: Date): Promise<CardRow> {
  const line = await openCreditLine(tx, member.id, deps.config.cards.creditLimit, now);
  return issueCard(
    tx,
    deps,
    {
      userId: member.id,
      kind: 'credit',
      design: 'Platinum',
      nameOnCard: nameOnCardOf(member),
      accountId: line,
      status: 'active',
    },
    now,
  );
}

/**
 * Adds reward points for a purchase on `cardId` to the card in use: the card itself, or its
 * replacement if it was reported lost since the purchase was approved. The card in use is locked
 * before it is chosen (sql/cards_lock_in_use.sql), so a Report Lost or Stolen committing meanwhile
 * cannot leave the points on the closed card; one UPDATE adds them (racing clearings add, never
 * overwrite).
 */
export async function addRewardPoints(tx: Executor, cardId: string, points: number): Promise<void> {
  if (points <= 0) return;
  await tx
    .update(cards)
    .set({ rewardsPoints: sql`${cards.rewardsPoints} + ${points}` })
    .where(eq(cards.id, await lockCardInUse(tx, cardId)));
}

/** Locks the card in use in place of `cardId` (itself, or its replacement) and answers its id. */
export async function lockCardInUse(tx: Executor, cardId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(tx, sql`select cards_lock_in_use(${cardId}::uuid) as id`);
  if (!row) throw new Error('no card in use');
  return row.id;
}

/**
 * Takes back the points a cleared purchase earned when staff reverse its posting (`postingId`, the
 * authorization's `postTransferId`): points are for purchases that stand. The rule is the database
 * function `cards_take_back_points` (sql/), which Delete User Transactions runs for a whole set.
 * Answers the points taken (0 when the posting was no card purchase or earned none).
 */
export async function takeBackRewardPoints(tx: Executor, postingId: string): Promise<number> {
  const [taken] = await queryRows<{ points: number }>(
    tx,
    sql`select cards_take_back_points(array[${postingId}]::uuid[]) as points`,
  );
  return taken?.points ?? 0;
}

/**
 * The member's debit card, issued now if they have none: under a per-member lock, so of racing
 * callers (two instances starting, an approval and a start) exactly one issues it, and the others
 * find it. Null when the member has no Checking account.
 */
export async function issueMissingDebitCard(tx: Executor, deps: Deps, member: Holder, now: Date) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cards:${member.id}`}))`);
  const [existing] = await tx
    .select({ id: cards.id })
    .from(cards)
    .where(and(eq(cards.userId, member.id), eq(cards.kind, 'debit')));
  if (existing || !(await checkingAccountOf(tx, member.id))) return null;
  return issueDebitCard(tx, deps, member, now);
}

/**
 * Start-up: every member with a Checking account and no debit card (approved before cards
 * existed) is issued one, each in a transaction of their own. Approval and Create User issue the
 * card themselves, so after the first start of a version with cards this finds nobody (one query).
 */
export async function issueMissingDebitCards(
  deps: Deps & { db: Pick<Database, 'transaction'> & Executor },
  now: Date,
): Promise<number> {
  const members = await queryRows<{ id: string; name: string }>(
    deps.db,
    sql`select u.id, u.name from users u
        where u.role = 'user' and exists (
          select 1 from ledger_accounts a where a.user_id = u.id and a.type = 'Checking')
        and not exists (select 1 from cards c where c.user_id = u.id and c.kind = 'debit')
        order by u.id`,
  );
  let issued = 0;
  for (const member of members) {
    if (await deps.db.transaction((tx) => issueMissingDebitCard(tx, deps, member, now))) issued += 1;
  }
  return issued;
}
