import type { ProcessorAuthorization } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../deps';
import type { Actor, RequestMeta } from '../audit/record-audit';
import { type UserRow, users } from '../people/people.tables';
import { authorizePurchase } from './authorize';
import { cardNumberContext, expiryText } from './card-numbers';
import { cards, type CardRow } from './cards.tables';
import { reportCardLost } from './card-controls';
import { issueCreditCard, issueMissingDebitCard } from './issue-card';
import { clearAuthorization } from './settle';

/**
 * The demo's cards (spec §3 "Demo cards"), made through the product's own services at past times:
 * Alex has a debit card on Checking and a Platinum credit card with a 5,000.00 line, 1,500.00 of
 * it used (3,500.00 available) and 2,500 reward points from cleared purchases; Sam a debit card;
 * Taylor's card was reported stolen (the staff hold's story) and its replacement waits to be
 * activated. Every demo card's PIN is DEMO_CARD_PIN, so the card terminal can show an ATM.
 * Card history is on the credit card's own line: the Checking histories the browser tests read
 * are unchanged.
 */

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'clock' | 'secrets' | 'cardKeys'>;

export const DEMO_CARD_PIN = '2580';
const DAY = 86_400_000;
const meta: RequestMeta = { ipAddress: null, userAgent: 'demo seed' };

/** Purchases on Alex's credit card: 1,250.00 in all (2,500 points at 2%), and a 250.00 cash advance. */
const alexCreditHistory: Array<{
  daysAgo: number;
  merchant: string;
  amount: string;
  change?: Partial<ProcessorAuthorization>;
}> = [
  { daysAgo: 41, merchant: 'Harbor Furniture Co.', amount: '612.50' },
  { daysAgo: 34, merchant: 'Casco Bay Grocers', amount: '148.00' },
  { daysAgo: 27, merchant: 'Portland Hardware', amount: '96.50' },
  { daysAgo: 20, merchant: 'Amtrak Downeaster', amount: '173.00', change: { channel: 'online' } },
  { daysAgo: 16, merchant: 'Luxe Watches Online', amount: '3200.00', change: { channel: 'online' } },
  { daysAgo: 13, merchant: 'Blue Ocean Sushi', amount: '84.00' },
  { daysAgo: 9, merchant: 'Harbor ATM', amount: '250.00', change: { channel: 'atm', pin: DEMO_CARD_PIN } },
  { daysAgo: 6, merchant: 'Longfellow Books', amount: '136.00' },
];

export async function seedCards(
  deps: Deps,
  ids: { alex: string; sam: string; taylor: string },
  staffActor: Actor,
): Promise<void> {
  const now = deps.clock();
  const issuedAt = new Date(now.getTime() - 400 * DAY);
  const person = async (id: string): Promise<UserRow> => {
    const [row] = await deps.db.select().from(users).where(eq(users.id, id));
    if (!row) throw new Error(`no demo member ${id}`);
    return row;
  };
  const [alex, sam, taylor] = [await person(ids.alex), await person(ids.sam), await person(ids.taylor)];

  const withPin = async (tx: Executor, card: CardRow) => {
    await tx
      .update(cards)
      .set({ pinDigest: deps.cardKeys.pinDigest(card.id, DEMO_CARD_PIN), pinChangedAt: issuedAt })
      .where(eq(cards.id, card.id));
    return card;
  };
  /** The debit card Create User or the approval issued the member, as if issued on the demo's date. */
  const debitCard = async (tx: Executor, member: UserRow) => {
    await issueMissingDebitCard(tx, deps, member, issuedAt);
    const [card] = await tx
      .update(cards)
      .set({ issuedAt })
      .where(and(eq(cards.userId, member.id), eq(cards.kind, 'debit')))
      .returning();
    if (!card) throw new Error(`no debit card for demo member ${member.id}`);
    return withPin(tx, card);
  };
  const { alexCredit, taylorDebit } = await deps.db.transaction(async (tx) => {
    await debitCard(tx, alex);
    await debitCard(tx, sam);
    return {
      alexCredit: await withPin(tx, await issueCreditCard(tx, deps, alex, issuedAt)),
      taylorDebit: await debitCard(tx, taylor),
    };
  });

  // Alex's credit card, bought with through the processor interface's own services.
  const plastic = {
    cardNumber: deps.secrets.open(alexCredit.numberSealed, cardNumberContext(alexCredit.id)),
    expiry: expiryText(alexCredit.expiryMonth, alexCredit.expiryYear),
  };
  for (const [index, purchase] of alexCreditHistory.entries()) {
    const at = new Date(now.getTime() - purchase.daysAgo * DAY);
    const answer = await authorizePurchase(
      { ...deps, clock: () => at },
      {
        id: `demo-auth-${index + 1}`,
        ...plastic,
        amount: purchase.amount,
        currency: 'USD',
        merchant: { name: purchase.merchant, country: 'US' },
        channel: 'in_store',
        ...purchase.change,
      },
    );
    if (answer.decision === 'approved')
      await clearAuthorization(
        { ...deps, clock: () => new Date(at.getTime() + DAY) },
        { id: `demo-clear-${index + 1}`, authorizationId: answer.id, amount: purchase.amount },
      );
  }

  // Taylor's card, reported stolen on the day of the staff hold; the replacement is on its way.
  await reportCardLost(
    { ...deps, clock: () => new Date(now.getTime() - 2 * DAY) },
    { member: taylor, actor: staffActor, meta },
    taylorDebit.id,
    { reason: 'stolen' },
  );
}
