import { type CardStatement, declineReasons } from '@mutual/shared';
import { describe, expect, it } from 'vitest';
import {
  cardOf,
  cardPath,
  cardTestEnv,
  giveCreditCard,
  memberWithCard,
  plasticOf,
  Processor,
  putLimits,
} from '../../test/cards';
import { manualClock } from '../../test/identity';
import { balances } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { history, notificationsOf } from '../../test/transfer-forms';

/**
 * Cash is cash wherever it is paid out (merchant-category.ts `isCashUse`): at an ATM, and wherever
 * the merchant category code says cash — 6011 at a bank's own machine that reports itself as an
 * in-store terminal, 6010 at a teller. Every decision about cash reads that one rule: the daily ATM
 * limit (not the purchase limits), the ATM switch, the memo, and a credit card's cash advance (no
 * reward points).
 */
describe('[CARDS]: cash paid out at a terminal or a teller is cash, not a purchase', () => {
  // Wednesday 25 November 2026, 10:00 AM in New York.
  const time = manualClock(new Date('2026-11-25T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv });
  const processor = new Processor(t);

  /** A bank's own cash machine that reports itself as an in-store terminal; no PIN asked of it. */
  const bankMachine = {
    channel: 'in_store' as const,
    merchant: { name: 'Harbor Savings Bank', country: 'US', categoryCode: '6011' },
  };
  /** Cash paid out at a bank's counter. */
  const teller = { merchant: { name: 'Casco Bank teller', country: 'US', categoryCode: '6010' } };

  it('counts cash at a 6011 in-store terminal against the daily ATM limit; a purchase still has its own', async () => {
    // As issued: 2,500.00 a purchase, 5,000.00 of purchases and 500.00 of ATM cash a day.
    expect(t.config.cards.defaults).toMatchObject({ perPurchase: 2_500_00n, dailyAtm: 500_00n });
    const { member, card } = await memberWithCard(t, 5_000_00n);
    const plastic = await plasticOf(t, card.id);

    // The day's ATM cash, all of it: approved, without a PIN (the terminal asked for none).
    expect(await processor.authorize(plastic, '500.00', bankMachine)).toMatchObject({ decision: 'approved' });
    // A second one is over the daily ATM limit, with its words.
    expect(await processor.authorize(plastic, '500.00', bankMachine)).toMatchObject({
      decision: 'declined',
      reason: 'over_atm_limit',
      message: declineReasons.over_atm_limit,
    });
    // So is cash at a teller the same day: cash together, whatever the channel.
    expect((await processor.authorize(plastic, '0.01', teller)).reason).toBe('over_atm_limit');
    // A purchase of the same amount is counted against the purchases, which the cash did not use.
    expect(await processor.authorize(plastic, '500.00')).toMatchObject({ decision: 'approved' });
    expect((await balances(member.browser)).Checking).toMatchObject({ balance: '5000.00', available: '4000.00' });

    // The history says what each was: cash is a withdrawal, filed under Withdrawal.
    const rows = (await history(member.browser)).items
      .filter((row) => row.status !== 'Completed')
      .map(({ description, amount, status, category }) => ({ description, amount, status, category }));
    expect(rows).toEqual(
      expect.arrayContaining([
        { description: 'Card purchase: Harbor Coffee', amount: '500.00', status: 'Pending', category: 'Shopping' },
        {
          description: 'Cash withdrawal: Harbor Savings Bank',
          amount: '500.00',
          status: 'Pending',
          category: 'Withdrawal',
        },
        {
          description: 'Cash withdrawal: Harbor Savings Bank',
          amount: '500.00',
          status: 'Failed',
          category: 'Withdrawal',
        },
      ]),
    );
  });

  it('with the ATM switch off, no cash leaves by card: not at an in-store terminal, not at a teller', async () => {
    const { member, card } = await memberWithCard(t, 1_000_00n);
    const plastic = await plasticOf(t, card.id);
    const switched = await putLimits(t, member, card.id, {
      perPurchase: '2500.00',
      dailyPurchases: '5000.00',
      dailyAtm: '500.00',
      online: true,
      international: true,
      atm: false,
    });
    expect(switched.statusCode, switched.body).toBe(200);

    expect(await processor.authorize(plastic, '20.00', bankMachine)).toMatchObject({
      decision: 'declined',
      reason: 'atm_off',
      message: declineReasons.atm_off,
    });
    expect((await processor.authorize(plastic, '20.00', teller)).reason).toBe('atm_off');
    // The member is told it was cash that was refused, not a purchase.
    const titles = (await notificationsOf(member.browser)).map((notice) => notice.title);
    expect(titles.filter((title) => title === 'Cash withdrawal declined')).toHaveLength(2);
    expect(titles).not.toContain('Card purchase declined');
    // Purchases are not cash: the switch leaves them alone.
    expect((await processor.authorize(plastic, '20.00')).decision).toBe('approved');
    expect((await balances(member.browser)).Checking).toMatchObject({ balance: '1000.00', available: '980.00' });
  });

  it('a credit card’s cash at a teller (6010) is a cash advance when cleared: no points, its own figure', async () => {
    const { member } = await memberWithCard(t);
    const creditId = await giveCreditCard(t, member);
    const credit = await plasticOf(t, creditId);

    const advance = await processor.authorize(credit, '100.00', teller);
    expect(advance.decision, advance.message).toBe('approved');
    expect((await processor.clear(advance.id, '100.00')).statusCode).toBe(200);
    const bought = await processor.authorize(credit, '50.00');
    expect(bought.decision, bought.message).toBe('approved');
    expect((await processor.clear(bought.id, '50.00')).statusCode).toBe(200);

    // 2% of the 50.00 purchase only.
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '150.00', rewardsPoints: 100 });
    const response = await member.browser.get(`${cardPath(creditId, 'statements')}?month=2026-11`);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json<CardStatement>();
    expect(statement).toMatchObject({ purchases: '50.00', withdrawals: '100.00' });
    expect(statement.credit?.pointsEarned).toBe(100);

    // The advance counts against the day's ATM cash (500.00), not the purchases (5,000.00).
    expect((await processor.authorize(credit, '400.01', teller)).reason).toBe('over_atm_limit');
    expect((await processor.authorize(credit, '400.00', teller)).decision).toBe('approved');
  });
});
