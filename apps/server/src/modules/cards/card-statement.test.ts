import { type CardStatement, parseMoney } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cardOf,
  cardPath,
  cardTestEnv,
  giveCreditCard,
  plasticOf,
  Processor,
  setPin,
  staffReversePurchase,
} from '../../test/cards';
import { type Browser, manualClock, signInStaff } from '../../test/identity';
import { balances, memberWithMoney } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { internalTransfer } from '../../test/transfer-forms';
import { cardAuthorizations } from './cards.tables';

const PIN = '4821';
const atm = {
  channel: 'atm' as const,
  pin: PIN,
  merchant: { name: 'Harbor ATM', country: 'US', categoryCode: '6011' },
};
/** Cash paid out at a bank's counter (6010): a Withdrawal though no ATM was used. */
const teller = { merchant: { name: 'Casco Bank teller', country: 'US', categoryCode: '6010' } };

const cents = (amount: string) => {
  const parsed = parseMoney(amount.replace(/^-/, ''));
  if (!parsed.ok) throw new Error(`not an amount: ${amount}`);
  return amount.startsWith('-') ? -parsed.cents : parsed.cents;
};

describe('[CARDS]: a card statement keeps purchases apart from cash, and its figures add up', () => {
  // New York: November closes at 2026-12-01T05:00Z.
  const time = manualClock(new Date('2026-11-20T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv });
  const processor = new Processor(t);
  const setTime = (iso: string) => time.advance(new Date(iso).getTime() - time.now().getTime());

  async function statementOf(browser: Browser, cardId: string, month: string): Promise<CardStatement> {
    const response = await browser.get(`${cardPath(cardId, 'statements')}?month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CardStatement>();
  }

  /** Authorizes and clears `amount`: the authorization's id. */
  async function charge(plastic: { number: string; expiry: string }, amount: string, change = {}) {
    const approved = await processor.authorize(plastic, amount, change);
    expect(approved.decision, approved.message).toBe('approved');
    expect((await processor.clear(approved.id, amount)).statusCode).toBe(200);
    return approved;
  }

  it('a debit card: its purchases apart from its ATM and teller withdrawals, together what left Checking', async () => {
    const member = await memberWithMoney(t, 1000_00n);
    const debit = await cardOf(member.browser, 'debit');
    await setPin(t, member, debit.id, PIN);
    const plastic = await plasticOf(t, debit.id);

    await charge(plastic, '171.75', { channel: 'online' });
    await charge(plastic, '8.25');
    await charge(plastic, '60.00', atm);
    await charge(plastic, '100.00', teller);
    expect((await processor.authorize(plastic, '9.00')).decision).toBe('approved');
    expect((await processor.authorize(plastic, '5000.00')).decision).toBe('declined');

    const statement = await statementOf(member.browser, debit.id, '2026-11');
    expect(statement).toMatchObject({ purchases: '180.00', withdrawals: '160.00', credit: null });
    const posted = await balances(member.browser);
    expect(cents(statement.purchases) + cents(statement.withdrawals)).toBe(1000_00n - cents(posted.Checking.balance));
  });

  it('a credit card: purchases, cash advances, payments, credits each in one figure, adding up', async () => {
    const member = await memberWithMoney(t, 1000_00n);
    await giveCreditCard(t, member);
    const credit = await cardOf(member.browser, 'credit');
    await setPin(t, member, credit.id, PIN);
    const plastic = await plasticOf(t, credit.id);

    const furniture = await charge(plastic, '300.00');
    await charge(plastic, '24.50', { merchant: { name: 'Blue Ocean Sushi', country: 'US', categoryCode: '5812' } });
    await charge(plastic, '160.00', atm);
    await charge(plastic, '40.00', teller);
    // Held, never cleared: nothing owed yet, in no figure.
    expect((await processor.authorize(plastic, '12.00')).decision).toBe('approved');
    expect(
      (await internalTransfer(member, { fromAccount: 'Checking', toAccount: 'Credit Card', amount: '100.00' }))
        .statusCode,
    ).toBe(201);
    const paid = await internalTransfer(member, { fromAccount: 'Checking', toAccount: 'Credit Card', amount: '50.00' });
    expect(paid.statusCode, paid.body).toBe(201);

    // Staff undo the furniture (a credit) and the 50.00 payment (charged again).
    const staff = await signInStaff(t);
    const [furnitureRow] = await t.db
      .select({ hold: cardAuthorizations.holdTransferId })
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.processorId, furniture.id));
    for (const transferId of [furnitureRow?.hold, paid.json<{ transferId: string }>().transferId]) {
      const undone = await staff.post(`/api/admin/users/${member.id}/transactions/${transferId}/reverse`, {
        reason: 'Entered in error',
      });
      expect(undone.statusCode, undone.body).toBe(200);
    }

    // Bought on 30 November (New York), cleared on 1 December: December's.
    setTime('2026-12-01T03:00:00Z');
    const lateNight = await processor.authorize(plastic, '75.00');
    setTime('2026-12-01T15:00:00Z');
    expect((await processor.clear(lateNight.id, '75.00')).statusCode).toBe(200);

    const november = await statementOf(member.browser, credit.id, '2026-11');
    expect(november).toMatchObject({ purchases: '324.50', withdrawals: '200.00' });
    expect(november.credit).toMatchObject({
      openingBalance: '0.00',
      otherCharges: '50.00',
      payments: '150.00',
      credits: '300.00',
      statementBalance: '124.50',
    });
    const addsUp = ({ purchases, withdrawals, credit: line }: CardStatement) => {
      if (!line) throw new Error('a credit card statement has its figures');
      return (
        cents(line.openingBalance) +
        cents(purchases) +
        cents(withdrawals) +
        cents(line.otherCharges) -
        cents(line.payments) -
        cents(line.credits)
      );
    };
    expect(addsUp(november)).toBe(cents(november.credit?.statementBalance ?? ''));
    // The late-night purchase is listed in November, the month it was made, and charged in December.
    expect(november.transactions.map((row) => row.id)).toContain(lateNight.authorizationId);

    const december = await statementOf(member.browser, credit.id, '2026-12');
    expect(december).toMatchObject({ purchases: '75.00', withdrawals: '0.00' });
    expect(december.credit).toMatchObject({
      openingBalance: '124.50',
      otherCharges: '0.00',
      payments: '0.00',
      credits: '0.00',
      statementBalance: '199.50',
    });
    expect(addsUp(december)).toBe(cents('199.50'));
    // The line owes what the open statement says (the 12.00 hold is still pending).
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '199.50', pending: '12.00' });
  });
  it('a reversed purchase: points earned in the month it cleared, taken back in the reversal’s month', async () => {
    setTime('2026-11-20T15:00:00Z');
    const member = await memberWithMoney(t, 0n);
    await giveCreditCard(t, member);
    const credit = await cardOf(member.browser, 'credit');
    const plastic = await plasticOf(t, credit.id);
    const kept = await charge(plastic, '25.00');
    const disputed = await charge(plastic, '50.00');

    // Staff reverse the disputed purchase in December.
    setTime('2026-12-03T15:00:00Z');
    const undone = await staffReversePurchase(t, member.id, disputed.id, 'Disputed');
    expect(undone.statusCode, undone.body).toBe(200);

    const november = await statementOf(member.browser, credit.id, '2026-11');
    const december = await statementOf(member.browser, credit.id, '2026-12');
    // 2% cash back: 50 points for the 25.00, 100 for the 50.00.
    const pointsOf = Object.fromEntries(november.transactions.map((purchase) => [purchase.id, purchase.points]));
    expect(pointsOf).toEqual({ [String(disputed.authorizationId)]: 100, [String(kept.authorizationId)]: 50 });
    expect(november.credit).toMatchObject({ pointsEarned: 150, pointsTakenBack: 0, credits: '0.00' });
    expect(december.credit).toMatchObject({ pointsEarned: 0, pointsTakenBack: 100, credits: '50.00' });
    // The months add up to what the card holds.
    const card = await cardOf(member.browser, 'credit');
    expect(card.credit?.rewardsPoints).toBe(150 - 100);
    // The purchase says it was reversed, in the statement and under the card; the other does not.
    const reversedOn = (transactions: CardStatement['transactions']) =>
      Object.fromEntries(transactions.map((purchase) => [purchase.id, purchase.reversedByStaffAt]));
    const reversal = {
      [String(disputed.authorizationId)]: '2026-12-03T15:00:00.000Z',
      [String(kept.authorizationId)]: null,
    };
    expect(reversedOn(november.transactions)).toEqual(reversal);
    expect(reversedOn(card.recentTransactions)).toEqual(reversal);
  });

  it('points are earned in the month a purchase clears, as its purchases: a closed month keeps them', async () => {
    setTime('2026-11-20T15:00:00Z');
    const member = await memberWithMoney(t, 0n);
    await giveCreditCard(t, member);
    const credit = await cardOf(member.browser, 'credit');
    const plastic = await plasticOf(t, credit.id);
    await charge(plastic, '25.00');
    // Bought at 10 PM on 30 November (New York), cleared on 2 December.
    setTime('2026-12-01T03:00:00Z');
    const lateNight = await processor.authorize(plastic, '100.00');
    expect(lateNight.decision, lateNight.message).toBe('approved');
    const november = await statementOf(member.browser, credit.id, '2026-11');
    setTime('2026-12-02T15:00:00Z');
    expect((await processor.clear(lateNight.id, '100.00')).statusCode).toBe(200);

    // November closed with 25.00 of purchases and their 50 points, and still says so.
    expect(await statementOf(member.browser, credit.id, '2026-11')).toMatchObject({
      purchases: '25.00',
      credit: { pointsEarned: 50, statementBalance: '25.00' },
    });
    expect(november).toMatchObject({ purchases: '25.00', credit: { pointsEarned: 50 } });
    // December has the 100.00 and its 200 points, though the purchase is listed in November.
    expect(await statementOf(member.browser, credit.id, '2026-12')).toMatchObject({
      purchases: '100.00',
      credit: { pointsEarned: 200, statementBalance: '125.00' },
    });
    expect((await cardOf(member.browser, 'credit')).credit?.rewardsPoints).toBe(250);
  });
});
