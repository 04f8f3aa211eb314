import { randomUUID } from 'node:crypto';
import {
  type ApiError,
  type CardStatement,
  type ProcessorRefundResult,
  type TerminalOverview,
  messages,
} from '@mutual/shared';
import { cardsApi } from '@mutual/shared/contract/cards';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cardOf,
  cardPath,
  cardsOf,
  cardTestEnv,
  giveCreditCard,
  memberWithCard,
  plasticOf,
  Processor,
  staffReversePurchase,
} from '../../test/cards';
import { type Browser, mailsTo, manualClock, MINUTE, signInStaff } from '../../test/identity';
import { balances } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { history, notificationsOf } from '../../test/transfer-forms';
import { auditLog } from '../audit/audit.tables';
import { users } from '../people/people.tables';
import { cents } from './authorize';
import { cardRefunds, cards } from './cards.tables';

const grill = { merchant: { name: 'Dockside Grill', country: 'US', categoryCode: '5812' } };

describe('[CARDS]: a merchant refunds a cleared purchase', () => {
  // Friday 20 November 2026, 10:00 AM in New York.
  const time = manualClock(new Date('2026-11-20T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv });
  const processor = new Processor(t);

  /** A member with `cents` in Checking, and a purchase on their debit card cleared for `amount`: its id. */
  async function clearedPurchase(amount: string, cents = 500_00n, change = grill) {
    const { member, card } = await memberWithCard(t, cents);
    const plastic = await plasticOf(t, card.id);
    const purchase = await processor.authorize(plastic, amount, change);
    expect(purchase.decision, purchase.message).toBe('approved');
    expect((await processor.clear(purchase.id, amount)).statusCode).toBe(200);
    return { member, card, plastic, purchase };
  }

  /** A member's credit card with a purchase cleared for `amount`. */
  async function creditPurchase(amount: string) {
    const { member } = await memberWithCard(t, 0n);
    const creditId = await giveCreditCard(t, member);
    const plastic = await plasticOf(t, creditId);
    const purchase = await processor.authorize(plastic, amount, grill);
    expect(purchase.decision, purchase.message).toBe('approved');
    expect((await processor.clear(purchase.id, amount)).statusCode).toBe(200);
    return { member, creditId, plastic, purchase };
  }

  const refunded = async (authorizationId: string, amount: string, id?: string) => {
    const response = await processor.refund(authorizationId, amount, id);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProcessorRefundResult>();
  };

  const auditsOf = (memberId: string, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, memberId), eq(auditLog.action, action)));

  it('credits Checking: "Refund: <merchant>" under the purchase’s category; the member told; audited', async () => {
    const { member, card, purchase } = await clearedPurchase('40.00');
    expect((await balances(member.browser)).Checking).toMatchObject({ balance: '460.00', available: '460.00' });

    const refundId = `refund-${randomUUID()}`;
    expect(await refunded(purchase.id, '15.00', refundId)).toEqual({
      id: refundId,
      authorizationId: purchase.id,
      status: 'refunded',
      amount: '15.00',
      refunded: '15.00',
      refundable: '25.00',
      pointsTakenBack: 0,
    });
    expect((await balances(member.browser)).Checking).toMatchObject({ balance: '475.00', available: '475.00' });
    const row = (await history(member.browser)).items.find((item) => item.description === 'Refund: Dockside Grill');
    expect(row).toMatchObject({ amount: '15.00', type: 'credit', status: 'Completed', category: 'Food' });

    const notice = (await notificationsOf(member.browser)).find((n) => n.title === 'Card refund');
    expect(notice?.body).toBe(
      `Dockside Grill refunded $15.00 of your purchase with your card ending ${card.last4}. ` +
        'The money is in your account.',
    );
    const [mail] = await mailsTo(t, member.email, 'card-refund');
    expect(mail?.subject).toBe('Dockside Grill refunded $15.00 to your card');
    const [audit] = await auditsOf(member.id, 'card.refunded');
    expect(audit).toMatchObject({
      actorEmail: 'card processor',
      after: { card: card.last4, authorization: purchase.id, refund: refundId, amount: '15.00', refunded: '15.00' },
    });
    // No card number in the audit row.
    const plastic = await plasticOf(t, card.id);
    expect(JSON.stringify(audit)).not.toContain(plastic.number);
  });

  it('no e-mail when the member turned e-mail notifications off; the bell still says it', async () => {
    const { member, purchase } = await clearedPurchase('20.00');
    await t.db.update(users).set({ notifyEmail: false }).where(eq(users.id, member.id));
    await refunded(purchase.id, '20.00');
    expect(await mailsTo(t, member.email, 'card-refund')).toHaveLength(0);
    expect((await notificationsOf(member.browser)).map((n) => n.title)).toContain('Card refund');
  });

  it('refunds in parts, together never more than cleared (a tip included)', async () => {
    const { member, plastic } = await clearedPurchase('1.00');
    const dinner = await processor.authorize(plastic, '50.00', grill);
    expect((await processor.clear(dinner.id, '60.00')).statusCode).toBe(200);
    expect((await balances(member.browser)).Checking.balance).toBe('439.00');

    expect(await refunded(dinner.id, '25.00')).toMatchObject({ refunded: '25.00', refundable: '35.00' });
    expect(await refunded(dinner.id, '30.00')).toMatchObject({ refunded: '55.00', refundable: '5.00' });
    const tooMuch = `refund-${randomUUID()}`;
    expectRefusal(await processor.refund(dinner.id, '5.01', tooMuch), 409, {
      code: 'CONFLICT',
      message:
        `Refund ${tooMuch} of 5.01 would take authorization ${dinner.id}'s refunds to 60.01, more than the 60.00 ` +
        'it cleared for (5.00 left to refund).',
    });
    expect(await refunded(dinner.id, '5.00')).toMatchObject({ refunded: '60.00', refundable: '0.00' });
    expect((await processor.refund(dinner.id, '0.01')).statusCode).toBe(409);
    expect((await balances(member.browser)).Checking.balance).toBe('499.00');
  });

  it('only a cleared purchase: not pending, reversed, declined, expired, cash or unknown', async () => {
    const { member, plastic } = await clearedPurchase('1.00');
    const pending = await processor.authorize(plastic, '10.00');
    expectRefusal(await processor.refund(pending.id, '10.00'), 409, {
      code: 'CONFLICT',
      message: `Authorization ${pending.id} is not cleared yet: only a cleared purchase can be refunded.`,
    });
    const reversed = await processor.authorize(plastic, '10.00');
    expect((await processor.reverse(reversed.id)).statusCode).toBe(200);
    expectRefusal(await processor.refund(reversed.id, '10.00'), 409, {
      code: 'CONFLICT',
      message: `Authorization ${reversed.id} was reversed: only a cleared purchase can be refunded.`,
    });
    const declined = await processor.authorize(plastic, '9000.00');
    expect(declined.decision).toBe('declined');
    expect((await processor.refund(declined.id, '1.00')).statusCode).toBe(409);
    const teller = { merchant: { name: 'Casco Bank teller', country: 'US', categoryCode: '6010' } };
    const cash = await processor.authorize(plastic, '20.00', teller);
    expect((await processor.clear(cash.id, '20.00')).statusCode).toBe(200);
    expectRefusal(await processor.refund(cash.id, '20.00'), 409, {
      code: 'CONFLICT',
      message: `Authorization ${cash.id} is a cash withdrawal: it cannot be refunded.`,
    });
    expectRefusal(await processor.refund('auth-nobody-knows', '1.00'), 404, {
      code: 'NOT_FOUND',
      message: 'Authorization auth-nobody-knows is not known.',
    });
    // Nothing moved: 1.00 and 20.00 cleared, 10.00 held.
    expect((await balances(member.browser)).Checking).toMatchObject({ balance: '479.00', available: '469.00' });
    expect(await auditsOf(member.id, 'card.refunded')).toHaveLength(0);
  });

  it('the same refund id answers as the first time; on another purchase or amount it is a 409 naming it', async () => {
    const { member, plastic, purchase } = await clearedPurchase('40.00');
    const id = `refund-${randomUUID()}`;
    const first = await refunded(purchase.id, '10.00', id);
    await refunded(purchase.id, '5.00');
    // A processor's retry signs afresh: the same answer as the first time, though another refund came since.
    time.advance(1000);
    expect(await refunded(purchase.id, '10.00', id)).toEqual(first);
    expectRefusal(await processor.refund(purchase.id, '12.00', id), 409, {
      code: 'CONFLICT',
      message: `Refund ${id} was already received with a different amount (10.00).`,
    });
    const other = await processor.authorize(plastic, '30.00');
    expect((await processor.clear(other.id, '30.00')).statusCode).toBe(200);
    expectRefusal(await processor.refund(other.id, '10.00', id), 409, {
      code: 'CONFLICT',
      message: `Refund ${id} was already used for authorization ${purchase.id}.`,
    });
    // 500 − 40 − 30 + 10 + 5: each refund credited once.
    expect((await balances(member.browser)).Checking.balance).toBe('445.00');
    expect(await auditsOf(member.id, 'card.refunded')).toHaveLength(2);
  });

  it('is signed like every processor call: unsigned, tampered, wrongly keyed or a session are refused', async () => {
    const { member, purchase } = await clearedPurchase('40.00');
    const body = { id: `refund-${randomUUID()}`, authorizationId: purchase.id, amount: '10.00' };
    const refused = (response: { statusCode: number; json: <T>() => T }) => {
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiError>().code).toBe('UNAUTHENTICATED');
    };
    refused(await t.app.inject({ method: 'POST', url: cardsApi.refund.path, payload: body }));
    refused(await processor.send(cardsApi.refund.path, body, { secret: 'x'.repeat(64) }));
    refused(await processor.send(cardsApi.refund.path, body, { tamper: (text) => text.replace('"10.00"', '"40.00"') }));
    refused(await processor.send(cardsApi.refund.path, body, { at: new Date(t.clock().getTime() - 10 * MINUTE) }));
    refused(await member.browser.post(cardsApi.refund.path, body));
    const once = processor.signed(cardsApi.refund.path, body);
    expect((await once.send()).statusCode).toBe(200);
    expect((await processor.send(cardsApi.refund.path, body, { headers: once.headers })).statusCode).toBe(409);
    expect((await balances(member.browser)).Checking.balance).toBe('470.00');
  });

  it('a credit card: lowers what is owed, takes the purchase’s points back in proportion, exactly in all', async () => {
    const { member, purchase } = await creditPurchase('10.01');
    // 2% of 10.01: 20 points.
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '10.01', rewardsPoints: 20 });
    // Each refund's share counted over the refunds so far, rounded down: 5, then 6, then the rest (9).
    expect((await refunded(purchase.id, '3.00')).pointsTakenBack).toBe(5);
    expect((await refunded(purchase.id, '3.00')).pointsTakenBack).toBe(6);
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '4.01', rewardsPoints: 9 });
    const last = await refunded(purchase.id, '4.01');
    expect(last).toMatchObject({ pointsTakenBack: 9, refundable: '0.00' });
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '0.00', rewardsPoints: 0 });
    // Checking is not touched.
    expect((await balances(member.browser)).Checking.balance).toBe('0.00');
    const notices = (await notificationsOf(member.browser)).filter((n) => n.title === 'Card refund');
    const { last4 } = await cardOf(member.browser, 'credit');
    expect(notices.map((n) => n.body)).toContain(
      `Dockside Grill refunded $4.01 of your purchase with your card ending ${last4}. It lowers what your credit ` +
        'card owes. 9 reward points it earned were taken back.',
    );
  });

  it('a card since reported lost: the money where it came from, the points off the replacement', async () => {
    const { member, creditId, purchase } = await creditPurchase('100.00');
    expect((await member.browser.post(cardPath(creditId, 'report-lost'), { reason: 'lost' })).statusCode).toBe(200);
    const replacement = await cardOf(member.browser, 'credit');
    expect(replacement.id).not.toBe(creditId);
    expect(replacement.credit?.rewardsPoints).toBe(200);

    expect((await refunded(purchase.id, '25.00')).pointsTakenBack).toBe(50);
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '75.00', rewardsPoints: 150 });
    const closed = (await cardsOf(member.browser)).cards.find((card) => card.id === creditId);
    expect(closed?.credit?.rewardsPoints).toBe(0);
  });

  it('a debit card since reported lost: the refund lands in the Checking its purchase was paid from', async () => {
    const { member, card, purchase } = await clearedPurchase('80.00');
    expect((await member.browser.post(cardPath(card.id, 'report-lost'), { reason: 'stolen' })).statusCode).toBe(200);
    await refunded(purchase.id, '80.00');
    expect((await balances(member.browser)).Checking.balance).toBe('500.00');
  });

  it('staff cannot reverse a refunded purchase or a refund (money back twice); none after a reversal', async () => {
    const { member, creditId, purchase } = await creditPurchase('100.00');
    const refundId = `refund-${randomUUID()}`;
    expect((await refunded(purchase.id, '40.00', refundId)).pointsTakenBack).toBe(80);
    const owed = (await cardOf(member.browser, 'credit')).credit;
    expectRefusal(await staffReversePurchase(t, member.id, purchase.id, 'Disputed'), 409, {
      code: 'CONFLICT',
      message: messages.admin.refundedCardPurchase,
    });
    const [refund] = await t.db.select().from(cardRefunds).where(eq(cardRefunds.processorId, refundId));
    const staff = await signInStaff(t);
    const undoRefund = await staff.post(`/api/admin/users/${member.id}/transactions/${refund?.transferId}/reverse`, {
      reason: 'Disputed',
    });
    expectRefusal(undoRefund, 409, { code: 'CONFLICT', message: messages.admin.returnHandledElsewhere.cardRefund });
    expect((await cardOf(member.browser, 'credit')).credit).toEqual(owed);
    const [card] = await t.db.select().from(cards).where(eq(cards.id, creditId));
    expect(card?.rewardsPoints).toBe(120);

    // A purchase staff reversed first takes no refund after.
    const other = await creditPurchase('50.00');
    expect((await staffReversePurchase(t, other.member.id, other.purchase.id, 'Disputed')).statusCode).toBe(200);
    const late = `refund-${randomUUID()}`;
    expectRefusal(await processor.refund(other.purchase.id, '10.00', late), 409, {
      code: 'CONFLICT',
      message:
        `Authorization ${other.purchase.id} was reversed by the credit union: its money already went back to the ` +
        `member, so refund ${late} was not posted.`,
    });
    expect((await cardOf(other.member.browser, 'credit')).credit?.rewardsPoints).toBe(0);
  });

  it('the demo terminal refunds a cleared purchase: part of it, then by default all that is left', async () => {
    const { member, purchase } = await clearedPurchase('40.00');
    const terminal = (payload: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: cardsApi.terminalSettle.path,
        headers: { host: 'localhost', origin: 'http://localhost' },
        payload,
      });
    const part = await terminal({ authorizationId: purchase.id, action: 'refund', amount: '10.00' });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({ status: 200, body: { amount: '10.00', refundable: '30.00' } });
    const rest = await terminal({ authorizationId: purchase.id, action: 'refund' });
    expect(rest.json()).toMatchObject({ status: 200, body: { amount: '30.00', refunded: '40.00' } });
    const overview = await t.app.inject({ url: cardsApi.terminal.path, headers: { host: 'localhost' } });
    expect(overview.json<TerminalOverview>().recent.find((row) => row.id === purchase.id)).toMatchObject({
      status: 'posted',
      amount: '40.00',
      refunded: '40.00',
      refundable: '0.00',
    });
    expect((await balances(member.browser)).Checking.balance).toBe('500.00');
  });

  async function statementOf(browser: Browser, cardId: string, month: string): Promise<CardStatement> {
    const response = await browser.get(`${cardPath(cardId, 'statements')}?month=${month}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CardStatement>();
  }

  it('card statements count a refund as a credit, in its month, and its points as taken back', async () => {
    const { member, creditId, purchase } = await creditPurchase('300.00');
    await refunded(purchase.id, '100.00');
    // December: the rest refunded.
    time.advance(new Date('2026-12-02T15:00:00Z').getTime() - time.now().getTime());
    await refunded(purchase.id, '200.00');

    const november = await statementOf(member.browser, creditId, '2026-11');
    expect(november).toMatchObject({
      purchases: '300.00',
      refunds: '100.00',
      credit: { payments: '0.00', credits: '100.00', statementBalance: '200.00', pointsEarned: 600 },
    });
    expect(november.credit?.pointsTakenBack).toBe(200);
    const december = await statementOf(member.browser, creditId, '2026-12');
    expect(december).toMatchObject({
      purchases: '0.00',
      refunds: '200.00',
      credit: { openingBalance: '200.00', credits: '200.00', statementBalance: '0.00', pointsTakenBack: 400 },
    });
    // The figures add up, and the months' points to the card's.
    for (const statement of [november, december]) {
      const c = statement.credit;
      if (!c) throw new Error('no credit figures');
      expect(
        cents(c.openingBalance) +
          cents(statement.purchases) +
          cents(statement.withdrawals) +
          cents(c.otherCharges) -
          cents(c.payments) -
          cents(c.credits),
      ).toBe(cents(c.statementBalance));
    }
    const earned = (november.credit?.pointsEarned ?? 0) + (december.credit?.pointsEarned ?? 0);
    const taken = (november.credit?.pointsTakenBack ?? 0) + (december.credit?.pointsTakenBack ?? 0);
    expect((await cardOf(member.browser, 'credit')).credit?.rewardsPoints).toBe(earned - taken);

    // A debit card's month: its refunds beside what it was charged.
    const debit = await clearedPurchase('60.00');
    await refunded(debit.purchase.id, '20.00');
    expect(await statementOf(debit.member.browser, debit.card.id, '2026-12')).toMatchObject({
      purchases: '60.00',
      withdrawals: '0.00',
      refunds: '20.00',
      credit: null,
    });
  });
});
