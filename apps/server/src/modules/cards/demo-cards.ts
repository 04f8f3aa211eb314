import type { CardChannel, ProcessorAuthorization } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import { localDay } from '../../time';
import type { Actor, RequestMeta } from '../audit/record-audit';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { postTransfer, resolvePending } from '../ledger/post-transfer';
import { type UserRow, users } from '../people/people.tables';
import { authorizationRequestHash, authorizePurchase, cardPayment, cents, paymentOf } from './authorize';
import { cardNumberContext, expiryText } from './card-numbers';
import { cardAuthorizations, cards, type CardRow } from './cards.tables';
import { reportCardLost } from './card-controls';
import { issueCreditCard, issueMissingDebitCard } from './issue-card';
import { clearAuthorization } from './settle';

/**
 * The demo's cards (spec §3 "Demo cards"), made through the product's own services at past times:
 * Alex has a debit card on Checking and a Platinum credit card with a 5,000.00 line, 1,500.00 of
 * it used (3,500.00 available) and 2,500 reward points from cleared purchases; Sam a debit card;
 * Taylor's card was reported stolen (the staff hold's story) and its replacement waits to be
 * activated. Every demo card's PIN is DEMO_CARD_PIN, so the card terminal can show an ATM.
 * The debit cards are issued before the demo's history is posted: its card purchases and ATM
 * withdrawals are made with them (`recordDemoCardUse`), so a debit card lists what its Checking
 * history shows.
 */

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'secrets' | 'cardKeys'>;

export const DEMO_CARD_PIN = '2580';
const DAY = 86_400_000;
const meta: RequestMeta = { ipAddress: null, userAgent: 'demo seed' };

/**
 * Purchases on Alex's credit card: 1,250.00 in all (2,500 points at 2%), and a 250.00 cash
 * advance; each with its merchant category code (furniture, groceries, hardware, passenger rail,
 * jewelry and watches, restaurants, ATM, book stores).
 */
const alexCreditHistory: Array<{
  daysAgo: number;
  merchant: string;
  categoryCode: string;
  amount: string;
  channel?: CardChannel;
}> = [
  { daysAgo: 41, merchant: 'Harbor Furniture Co.', categoryCode: '5712', amount: '612.50' },
  { daysAgo: 34, merchant: 'Casco Bay Grocers', categoryCode: '5411', amount: '148.00' },
  { daysAgo: 27, merchant: 'Portland Hardware', categoryCode: '5251', amount: '96.50' },
  { daysAgo: 20, merchant: 'Amtrak Downeaster', categoryCode: '4112', amount: '173.00', channel: 'online' },
  // Over the card's per-purchase limit: declined, with its reason.
  { daysAgo: 16, merchant: 'Luxe Watches Online', categoryCode: '5944', amount: '3200.00', channel: 'online' },
  { daysAgo: 13, merchant: 'Blue Ocean Sushi', categoryCode: '5812', amount: '84.00' },
  { daysAgo: 9, merchant: 'Harbor ATM', categoryCode: '6011', amount: '250.00', channel: 'atm' },
  { daysAgo: 6, merchant: 'Longfellow Books', categoryCode: '5942', amount: '136.00' },
];

/** When Taylor's card was reported stolen (the day of the staff hold): it is used for nothing after. */
export const taylorCardStolenAt = (now: Date) => new Date(now.getTime() - 2 * DAY);

/** A demo card as a processor reads it from the plastic. */
export interface DemoPlastic {
  cardNumber: string;
  expiry: string;
}

/** A demo card and what its plastic reads. */
export interface DemoCard {
  card: CardRow;
  plastic: DemoPlastic;
}

export interface DemoCards {
  /** Each demo member's debit card, by user id. */
  debit: Map<string, DemoCard>;
  alexCredit: CardRow;
  taylorDebit: CardRow;
}

const demoCard = (deps: Pick<Deps, 'secrets'>, card: CardRow): DemoCard => ({
  card,
  plastic: {
    cardNumber: deps.secrets.open(card.numberSealed, cardNumberContext(card.id)),
    expiry: expiryText(card.expiryMonth, card.expiryYear),
  },
});

/**
 * The demo members' cards, each with the demo PIN: the debit card Create User or the approval issued
 * Alex, Sam and Taylor, and Alex's credit card. Each is dated the day its member's accounts opened
 * (their Checking's opening, which the seed dates when the history starts): a member's card is
 * issued with their account, never before it, and the history's card uses all come after.
 */
export async function issueDemoCards(
  tx: Executor,
  deps: Pick<Deps, 'config' | 'clock' | 'secrets' | 'cardKeys'>,
  ids: { alex: string; sam: string; taylor: string },
): Promise<DemoCards> {
  const person = async (id: string): Promise<UserRow> => {
    const [row] = await tx.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no demo member ${id}`);
    return row;
  };
  const openedOf = async (member: UserRow): Promise<Date> => {
    const [checking] = await tx
      .select({ createdAt: ledgerAccounts.createdAt })
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, member.id), eq(ledgerAccounts.type, 'Checking')));
    if (!checking) throw new Error(`no Checking for demo member ${member.id}`);
    return checking.createdAt;
  };
  const withPin = async (card: CardRow) => {
    const [row] = await tx
      .update(cards)
      .set({ pinDigest: deps.cardKeys.pinDigest(card.id, DEMO_CARD_PIN), pinChangedAt: card.issuedAt })
      .where(eq(cards.id, card.id))
      .returning();
    if (!row) throw new Error(`no demo card ${card.id}`);
    return row;
  };
  const debitCard = async (member: UserRow) => {
    const issuedAt = await openedOf(member);
    await issueMissingDebitCard(tx, deps, member, issuedAt);
    // Create User or the approval issued it when the member joined: dated with the account instead.
    const [card] = await tx
      .update(cards)
      .set({ issuedAt, activatedAt: issuedAt })
      .where(and(eq(cards.userId, member.id), eq(cards.kind, 'debit')))
      .returning();
    if (!card) throw new Error(`no debit card for demo member ${member.id}`);
    return withPin(card);
  };
  const [alex, sam, taylor] = [await person(ids.alex), await person(ids.sam), await person(ids.taylor)];
  const debit = new Map<string, DemoCard>();
  for (const member of [alex, sam]) debit.set(member.id, demoCard(deps, await debitCard(member)));
  const alexCredit = await withPin(await issueCreditCard(tx, deps, alex, await openedOf(alex)));
  const taylorDebit = await debitCard(taylor);
  debit.set(taylor.id, demoCard(deps, taylorDebit));
  return { debit, alexCredit, taylorDebit };
}

/** One use of a demo card: a purchase (in store or online) or cash at an ATM. */
export interface DemoCardCharge {
  /** The processor's id for it: unique across the demo. */
  id: string;
  merchant: string;
  /** The merchant category code (ISO 18245) the processor sends: what the purchase is filed under. */
  categoryCode?: string;
  amount: string;
  channel: CardChannel;
  authorizedAt: Date;
  clearedAt: Date;
}

/** What the processor sends to authorize a charge; the PIN is typed at an ATM. */
const authorizationOf = (plastic: DemoPlastic, charge: DemoCardCharge): ProcessorAuthorization => ({
  id: `${charge.id}-auth`,
  ...plastic,
  amount: charge.amount,
  currency: 'USD',
  merchant: {
    name: charge.merchant,
    country: 'US',
    ...(charge.categoryCode === undefined ? {} : { categoryCode: charge.categoryCode }),
  },
  channel: charge.channel,
  ...(charge.channel === 'atm' ? { pin: DEMO_CARD_PIN } : {}),
});

/**
 * Charges a demo card through the processor interface's own services, at past times: authorized
 * at `authorizedAt` (the hold), then cleared at `clearedAt` (posted) when approved. The answer is
 * the authorization's decision.
 */
async function chargeDemoCard(
  deps: Pick<Deps, 'db' | 'config' | 'clock' | 'cardKeys'>,
  plastic: DemoPlastic,
  charge: DemoCardCharge,
): Promise<'approved' | 'declined'> {
  const answer = await authorizePurchase(
    { ...deps, clock: () => charge.authorizedAt },
    authorizationOf(plastic, charge),
  );
  if (answer.decision === 'approved')
    await clearAuthorization(
      { ...deps, clock: () => charge.clearedAt },
      { id: `${charge.id}-clear`, authorizationId: answer.id, amount: charge.amount },
    );
  return answer.decision;
}

/**
 * A demo debit card's purchase or ATM cash in the demo's past, written as the card path leaves a
 * charge approved and cleared (`chargeDemoCard`): the hold from the card's account to card
 * settlement (`cardPayment`: its memo, and the category its merchant category code names),
 * posted, and the card's record of both. Not through the processor's services themselves: at
 * about 18 statements a charge (look-ups, the card's row lock, savepoints), the history's ~400
 * charges made the first start on PGlite 8–13 s slower; this is 3. The history's charges are
 * within the card's controls by construction (an active card, small amounts, the PIN at the ATM);
 * the ledger still refuses what the account cannot afford.
 */
export async function recordDemoCardUse(
  tx: Executor,
  timeZone: string,
  { card, plastic }: DemoCard,
  charge: DemoCardCharge,
): Promise<void> {
  // A credit card's cleared purchases earn points, which this does not add.
  if (card.kind !== 'debit') throw new Error('recordDemoCardUse is for debit cards: use chargeDemoCard');
  if (charge.authorizedAt < card.issuedAt) throw new Error(`demo card use ${charge.id} before the card was issued`);
  const amount = cents(charge.amount);
  const request = authorizationOf(plastic, charge);
  const payment = cardPayment(card, paymentOf(request), amount);
  const hold = await postTransfer(tx, { ...payment, kind: 'pending', now: charge.authorizedAt, createdBy: null });
  const { transferId: postTransferId } = await resolvePending(tx, {
    kind: 'post',
    pendingId: hold.transferId,
    now: charge.clearedAt,
    createdBy: null,
  });
  await tx.insert(cardAuthorizations).values({
    cardId: card.id,
    processorId: request.id,
    requestHash: authorizationRequestHash(request),
    merchant: charge.merchant,
    country: request.merchant.country,
    channel: charge.channel,
    categoryCode: request.merchant.categoryCode ?? null,
    amount,
    day: localDay(charge.authorizedAt, timeZone),
    status: 'posted',
    holdTransferId: hold.transferId,
    authorizedAt: charge.authorizedAt,
    clearingId: `${charge.id}-clear`,
    clearedAmount: amount,
    clearedAt: charge.clearedAt,
    postTransferId,
  });
}

/** Alex's credit card history and Taylor's stolen card, on the cards `issueDemoCards` issued. */
export async function seedCards(deps: Deps, demoCards: DemoCards, staffActor: Actor): Promise<void> {
  const now = deps.clock();
  const { plastic } = demoCard(deps, demoCards.alexCredit);
  for (const [index, purchase] of alexCreditHistory.entries()) {
    const at = new Date(now.getTime() - purchase.daysAgo * DAY);
    await chargeDemoCard(deps, plastic, {
      id: `demo-${index + 1}`,
      merchant: purchase.merchant,
      categoryCode: purchase.categoryCode,
      amount: purchase.amount,
      channel: purchase.channel ?? 'in_store',
      authorizedAt: at,
      clearedAt: new Date(at.getTime() + DAY),
    });
  }

  // Taylor's card, reported stolen on the day of the staff hold; the replacement is on its way.
  const [taylor] = await deps.db.select().from(users).where(eq(users.id, demoCards.taylorDebit.userId));
  if (!taylor) throw new Error('no demo member Taylor');
  await reportCardLost(
    { ...deps, clock: () => taylorCardStolenAt(now) },
    { member: taylor, actor: staffActor, meta },
    demoCards.taylorDebit.id,
    { reason: 'stolen' },
  );
}
