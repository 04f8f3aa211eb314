import {
  type AccountType,
  type Card,
  type CardDesign,
  type CardChannel,
  type CardKind,
  type CardsOverview,
  type CardStatement,
  type CardStatus,
  type CardTransaction,
  type CardTransactionStatus,
  centsToDecimal,
  type DeclineReason,
  declineReasons,
  messages,
  type TransactionCategory,
} from '@mutual/shared';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { instantAt, localDay } from '../../time';
import { type Cut, cutBefore } from '../ledger/balance-at';
import { generalLedger } from '../ledger/general-ledger';
import { ledgerAccounts, ledgerTransfers } from '../ledger/ledger.tables';
import type { UserRow } from '../people/people.tables';
import { expiryText, maskedNumber } from './card-numbers';
import { cardCategory } from './merchant-category';
import { type CardAuthorizationRow, cardAuthorizations, type CardRow, cards } from './cards.tables';

type Deps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'secrets' | 'cardKeys'>;

const RECENT = 10;
/** A credit card statement's minimum payment: $25, or 2% of the balance when that is more. */
const MINIMUM_PAYMENT = 25_00n;

/** A card of the member's, or 404 (another member's card is "not found" too). */
export async function memberCard(db: Executor, userId: string, cardId: string, lock = false): Promise<CardRow> {
  const query = db
    .select()
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.userId, userId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND', messages.cards.notFound);
  return row;
}

/** When staff reversed a posting, by the posting's id: when each was reversed. */
type StaffReversals = ReadonlyMap<string, Date>;

/**
 * Which of these purchases' postings staff reversed (a deleted transaction, Delete User
 * Transactions), and when: one query for a whole list.
 */
async function staffReversalsOf(db: Executor, rows: readonly CardAuthorizationRow[]): Promise<StaffReversals> {
  const postings = rows.flatMap((row) => (row.postTransferId ? [row.postTransferId] : []));
  if (postings.length === 0) return new Map();
  const reversals = await db
    .select({ posting: ledgerTransfers.reversesId, at: ledgerTransfers.createdAt })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.reversesId, postings));
  return new Map(reversals.flatMap(({ posting, at }) => (posting ? [[posting, at] as const] : [])));
}

export function cardTransaction(row: CardAuthorizationRow, reversals: StaffReversals): CardTransaction {
  const reversedAt = row.postTransferId ? reversals.get(row.postTransferId) : undefined;
  return {
    id: row.id,
    merchant: row.merchant,
    channel: row.channel as CardTransaction['channel'],
    category: cardCategory(row.channel as CardTransaction['channel'], row.categoryCode),
    amount: centsToDecimal(row.amount),
    clearedAmount: row.clearedAmount === null ? null : centsToDecimal(row.clearedAmount),
    status: row.status as CardTransactionStatus,
    declineReason: row.declineReason ? declineReasons[row.declineReason as DeclineReason] : null,
    authorizedAt: row.authorizedAt.toISOString(),
    clearedAt: row.clearedAt?.toISOString() ?? null,
    points: row.points,
    reversedByStaffAt: reversedAt?.toISOString() ?? null,
  };
}

interface AccountFacts {
  type: string;
  accountNumber: string | null;
  creditLimit: bigint;
  balance: bigint;
  pending: bigint;
}

/** What the member reads of one card: never its number, only the last 4. */
export function cardView(
  deps: Pick<Deps, 'config'>,
  card: CardRow,
  account: AccountFacts | undefined,
  recent: CardAuthorizationRow[],
  reversals: StaffReversals,
): Card {
  const credit =
    card.kind === 'credit' && account
      ? {
          limit: centsToDecimal(account.creditLimit),
          balance: centsToDecimal(-account.balance),
          pending: centsToDecimal(account.pending),
          available: centsToDecimal(account.creditLimit + account.balance - account.pending),
          rewardsPoints: card.rewardsPoints,
          rewardsValue: centsToDecimal(BigInt(card.rewardsPoints)),
          rewardsRate: deps.config.cards.rewardsRate,
        }
      : null;
  return {
    id: card.id,
    kind: card.kind as CardKind,
    design: card.design as CardDesign,
    nameOnCard: card.nameOnCard,
    numberMasked: maskedNumber(card.last4),
    last4: card.last4,
    // Not for a card waiting to be activated: the expiry printed on it is what activation asks for.
    expiry: card.status === 'inactive' ? null : expiryText(card.expiryMonth, card.expiryYear),
    status: card.status as CardStatus,
    linkedAccount:
      card.kind === 'debit' && account
        ? { type: account.type as AccountType, last4: (account.accountNumber ?? '').slice(-4) }
        : null,
    credit,
    controls: {
      perPurchase: centsToDecimal(card.limitPerPurchase),
      dailyPurchases: centsToDecimal(card.limitDailyPurchases),
      dailyAtm: centsToDecimal(card.limitDailyAtm),
      online: card.allowOnline,
      international: card.allowInternational,
      atm: card.allowAtm,
    },
    pinSet: card.pinDigest !== null,
    closedReason: (card.closedReason as Card['closedReason']) ?? null,
    closedAt: card.closedAt?.toISOString() ?? null,
    replacedById: null,
    replacesId: card.replacesId,
    issuedAt: card.issuedAt.toISOString(),
    recentTransactions: recent.map((row) => cardTransaction(row, reversals)),
  };
}

async function accountFacts(db: Executor, accountIds: string[]): Promise<Map<string, AccountFacts>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.select().from(ledgerAccounts).where(inArray(ledgerAccounts.id, accountIds));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        type: row.type,
        accountNumber: row.accountNumber,
        creditLimit: row.creditLimit,
        balance: row.creditsPosted - row.debitsPosted,
        pending: row.debitsPending,
      },
    ]),
  );
}

/** Views of some of a member's cards, with their accounts and latest transactions. */
export async function cardViews(deps: Deps, rows: CardRow[]): Promise<Card[]> {
  const accounts = await accountFacts(deps.db, [...new Set(rows.map((row) => row.accountId))]);
  const recent = await Promise.all(
    rows.map((row) =>
      deps.db
        .select()
        .from(cardAuthorizations)
        .where(eq(cardAuthorizations.cardId, row.id))
        .orderBy(desc(cardAuthorizations.authorizedAt), desc(cardAuthorizations.id))
        .limit(RECENT),
    ),
  );
  const reversals = await staffReversalsOf(deps.db, recent.flat());
  const replacedBy = new Map(rows.filter((row) => row.replacesId).map((row) => [row.replacesId, row.id]));
  return rows.map((row, index) => ({
    ...cardView(deps, row, accounts.get(row.accountId), recent[index] ?? [], reversals),
    replacedById: replacedBy.get(row.id) ?? null,
  }));
}

export async function oneCardView(deps: Deps, row: CardRow): Promise<Card> {
  const [view] = await cardViews(deps, [row]);
  if (!view) throw new Error('card view missing');
  return view;
}

/**
 * The Cards panel: read only. The debit card is issued when the member is approved or created
 * (or, for a member from before cards, at the next start: `issueMissingDebitCards`).
 */
export async function cardsOverview(deps: Deps, member: UserRow): Promise<CardsOverview> {
  const rows = await memberCards(deps.db, member.id);
  const { ceilings } = deps.config.cards;
  return {
    cards: await cardViews(deps, rows),
    limitCeilings: {
      perPurchase: centsToDecimal(ceilings.perPurchase),
      dailyPurchases: centsToDecimal(ceilings.dailyPurchases),
      dailyAtm: centsToDecimal(ceilings.dailyAtm),
    },
    detailsSeconds: deps.config.cards.detailsSeconds,
  };
}

/** Debit before credit; within a kind, the card in use before closed ones, newest first. */
async function memberCards(db: Executor, userId: string): Promise<CardRow[]> {
  return db
    .select()
    .from(cards)
    .where(eq(cards.userId, userId))
    .orderBy(asc(cards.kind), sql`${cards.status} = 'closed'`, desc(cards.issuedAt));
}

const monthOf = (day: string) => day.slice(0, 7);

function nextMonth(month: string): string {
  const [year = 0, m = 1] = month.split('-').map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${(m + 1).toString().padStart(2, '0')}`;
}

/** What a card was charged in a period: purchases, and cash (what the history files under Withdrawal). */
interface CardCharges {
  purchases: bigint;
  withdrawals: bigint;
}

/** A credit line's posted movements in a period, each in one figure (they add up to its change). */
interface LineActivity extends CardCharges {
  otherCharges: bigint;
  payments: bigint;
  credits: bigint;
}

const WITHDRAWAL: TransactionCategory = 'Withdrawal';

/**
 * A debit card's charges posted in [from, to): its cleared authorizations, by the category their
 * merchant category code and channel give (merchant-category.ts) — cash is a Withdrawal.
 */
async function debitCardCharges(db: Executor, cardId: string, from: Date, to: Date): Promise<CardCharges> {
  const rows = await db
    .select({
      channel: cardAuthorizations.channel,
      categoryCode: cardAuthorizations.categoryCode,
      amount: cardAuthorizations.amount,
      clearedAmount: cardAuthorizations.clearedAmount,
    })
    .from(cardAuthorizations)
    .where(
      and(
        eq(cardAuthorizations.cardId, cardId),
        eq(cardAuthorizations.status, 'posted'),
        // Cleared after it was authorized: the (card, authorized_at) index bounds the read.
        lt(cardAuthorizations.authorizedAt, to),
        gte(cardAuthorizations.clearedAt, from),
        lt(cardAuthorizations.clearedAt, to),
      ),
    );
  const charges: CardCharges = { purchases: 0n, withdrawals: 0n };
  for (const row of rows) {
    const amount = row.clearedAmount ?? row.amount;
    if (cardCategory(row.channel as CardChannel, row.categoryCode) === WITHDRAWAL) charges.withdrawals += amount;
    else charges.purchases += amount;
  }
  return charges;
}

/**
 * A credit line's movements between two cuts, from its ledger entries: each entry's change of the
 * posted balance (holds and their release change nothing) filed by its transfer. A fall paid to the
 * card settlement account is card use — a Withdrawal (cash) by its category, else a purchase; any
 * other fall is an other charge (a payment or a refund undone). A rise that undoes a transfer, or
 * is a merchant's refund (card_refunds), is a credit (a charge undone); any other rise is a payment.
 * Every entry is in exactly one figure, so
 * opening + purchases + withdrawals + otherCharges − payments − credits is the closing balance owed.
 */
async function lineActivity(db: Executor, accountId: string, from: Cut, to: Cut): Promise<LineActivity> {
  const [row] = await queryRows<Record<keyof LineActivity, string>>(
    db,
    sql`select
          coalesce(sum(-rise) filter (where rise < 0 and card and category = ${WITHDRAWAL}), 0)::text as withdrawals,
          coalesce(sum(-rise) filter (where rise < 0 and card and category <> ${WITHDRAWAL}), 0)::text as purchases,
          coalesce(sum(-rise) filter (where rise < 0 and not card), 0)::text as "otherCharges",
          coalesce(sum(rise) filter (where rise > 0 and not reversal), 0)::text as payments,
          coalesce(sum(rise) filter (where rise > 0 and reversal), 0)::text as credits
        from (
          select e.balance_after - lag(e.balance_after, 1, ${from.balance.toString()}::bigint)
              over (order by e.account_version) as rise,
            t.credit_account_id = ${generalLedger.cardSettlement}::uuid and t.reverses_id is null as card,
            t.reverses_id is not null or exists (select 1 from card_refunds r where r.transfer_id = t.id) as reversal,
            t.category
          from ledger_entries e
          join ledger_transfers t on t.id = e.transfer_id
          where e.account_id = ${accountId} and e.account_version > ${from.version.toString()}
            and e.account_version <= ${to.version.toString()}) entries`,
  );
  const figure = (value: string | undefined) => BigInt(value ?? '0');
  return {
    purchases: figure(row?.purchases),
    withdrawals: figure(row?.withdrawals),
    otherCharges: figure(row?.otherCharges),
    payments: figure(row?.payments),
    credits: figure(row?.credits),
  };
}

/**
 * Reward points taken back in [from, to), in the month they were taken, as the statement's credits
 * are; the month the purchase cleared still shows them earned (`pointsEarned`): a merchant's refund's
 * share of its purchase's points (card_refunds.points), and what a purchase whose posting staff
 * reversed then still had — its points less its refunds' (`cards_take_back_points`; a purchase staff
 * reversed is refunded no more, so that figure never changes).
 */
async function pointsTakenBack(db: Executor, cardId: string, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ points: number }>(
    db,
    sql`select (
          select coalesce(sum(a.points - (
              select coalesce(sum(f.points), 0) from card_refunds f where f.authorization_id = a.id)), 0)
          from card_authorizations a
          join ledger_transfers r on r.reverses_id = a.post_transfer_id
          where a.card_id = ${cardId} and a.points > 0
            and r.created_at >= ${from.toISOString()} and r.created_at < ${to.toISOString()}
        ) + (
          select coalesce(sum(f.points), 0)
          from card_refunds f join card_authorizations a on a.id = f.authorization_id
          where a.card_id = ${cardId} and f.refunded_at >= ${from.toISOString()} and f.refunded_at < ${to.toISOString()}
        ) as points`,
  );
  return Number(row?.points ?? 0);
}

/** Merchants' refunds of the card's purchases credited in [from, to). */
async function refundsOf(db: Executor, cardId: string, from: Date, to: Date): Promise<bigint> {
  const [row] = await queryRows<{ amount: string }>(
    db,
    sql`select coalesce(sum(f.amount), 0)::text as amount
        from card_refunds f join card_authorizations a on a.id = f.authorization_id
        where a.card_id = ${cardId} and f.refunded_at >= ${from.toISOString()} and f.refunded_at < ${to.toISOString()}`,
  );
  return BigInt(row?.amount ?? '0');
}

/**
 * Reward points earned in [from, to): those of the card's purchases that cleared then (points are
 * earned at clearing), in the month the statement's purchases count them, so a closed month's
 * figure never changes. Cleared after it was authorized: the (card, authorized_at) index bounds the read.
 */
async function pointsEarned(db: Executor, cardId: string, from: Date, to: Date): Promise<number> {
  const [row] = await queryRows<{ points: number }>(
    db,
    sql`select coalesce(sum(points), 0)::integer as points from card_authorizations
        where card_id = ${cardId} and points > 0 and authorized_at < ${to.toISOString()}
          and cleared_at >= ${from.toISOString()} and cleared_at < ${to.toISOString()}`,
  );
  return row?.points ?? 0;
}

/**
 * One month of a card's transactions (the credit union's calendar), and what the card was charged
 * in it: purchases apart from cash (ATM withdrawals; a credit card's cash advances). For the credit
 * card, the statement's figures from the ledger's own balances (ledger/balance-at.ts): the balance
 * owed at the month's start and end and every posted movement between them in one figure
 * (`lineActivity`: they add up), the minimum payment (the larger of $25 and 2% of the balance, never
 * more than the balance) and its due date (the 25th of the next month).
 */
export async function cardStatement(
  deps: Deps,
  member: UserRow,
  cardId: string,
  month: string | undefined,
): Promise<CardStatement> {
  const card = await memberCard(deps.db, member.id, cardId);
  const { timeZone } = deps.config;
  const now = deps.clock();
  const thisMonth = monthOf(localDay(now, timeZone));
  const shown = month ?? thisMonth;
  const from = instantAt(`${shown}-01`, '00:00', timeZone);
  const to = instantAt(`${nextMonth(shown)}-01`, '00:00', timeZone);

  const [rows, monthRows] = await Promise.all([
    deps.db
      .select()
      .from(cardAuthorizations)
      .where(
        and(
          eq(cardAuthorizations.cardId, card.id),
          gte(cardAuthorizations.authorizedAt, from),
          lt(cardAuthorizations.authorizedAt, to),
        ),
      )
      .orderBy(desc(cardAuthorizations.authorizedAt), desc(cardAuthorizations.id)),
    queryRows<{ month: string }>(
      deps.db,
      sql`select distinct left(day, 7) as month from card_authorizations where card_id = ${card.id}
          order by month desc limit 24`,
    ),
  ]);
  const months = [...new Set([thisMonth, ...monthRows.map((row) => row.month)])].sort().reverse();
  const reversals = await staffReversalsOf(deps.db, rows);
  const transactions = rows.map((row) => cardTransaction(row, reversals));

  const refunds = await refundsOf(deps.db, card.id, from, to);
  if (card.kind !== 'credit') {
    const charges = await debitCardCharges(deps.db, card.id, from, to);
    return {
      cardId: card.id,
      month: shown,
      months,
      transactions,
      purchases: centsToDecimal(charges.purchases),
      withdrawals: centsToDecimal(charges.withdrawals),
      refunds: centsToDecimal(refunds),
      credit: null,
    };
  }

  // The ledger's own balances of the line, owed as a positive amount: the month cut where its
  // entries were recorded, so a closed statement never changes (as account statements).
  const [opening, closingCut] = await Promise.all([
    cutBefore(deps.db, card.accountId, from),
    cutBefore(deps.db, card.accountId, to),
  ]);
  const [activity, earned, takenBack] = await Promise.all([
    lineActivity(deps.db, card.accountId, opening, closingCut),
    pointsEarned(deps.db, card.id, from, to),
    pointsTakenBack(deps.db, card.id, from, to),
  ]);
  const closing = -closingCut.balance;
  const larger = (a: bigint, b: bigint) => (a > b ? a : b);
  const minimum = closing <= 0n ? 0n : closing < MINIMUM_PAYMENT ? closing : larger(MINIMUM_PAYMENT, closing / 50n);
  return {
    cardId: card.id,
    month: shown,
    months,
    transactions,
    purchases: centsToDecimal(activity.purchases),
    withdrawals: centsToDecimal(activity.withdrawals),
    refunds: centsToDecimal(refunds),
    credit: {
      openingBalance: centsToDecimal(-opening.balance),
      otherCharges: centsToDecimal(activity.otherCharges),
      payments: centsToDecimal(activity.payments),
      credits: centsToDecimal(activity.credits),
      statementBalance: centsToDecimal(closing),
      minimumPayment: centsToDecimal(minimum),
      dueDate: `${nextMonth(shown)}-25`,
      pointsEarned: earned,
      pointsTakenBack: takenBack,
      open: shown >= thisMonth,
    },
  };
}
