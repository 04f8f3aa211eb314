import { randomUUID } from 'node:crypto';
import type { ProcessorSettlementResult } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  cardOf,
  cardTestEnv,
  giveCreditCard,
  memberWithCard,
  plasticOf,
  Processor,
  setPin,
  runExpiry,
} from '../../test/cards';
import { capturedLogger } from '../../test/captured-logger';
import { manualClock, MINUTE } from '../../test/identity';
import { balances, deposit } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { history, notificationsOf } from '../../test/transfer-forms';
import { auditLog } from '../audit/audit.tables';
import { cardAuthorizations } from './cards.tables';

const DAY = 24 * 60 * MINUTE;

/**
 * Card networks present clearings after the issuer's hold has dropped. Within CARD_PRESENTMENT_DAYS
 * of the authorization (30 by default), a clearing of an expired authorization is posted as a new
 * transfer when the member's money (a credit card's credit) covers it, and refused (409, recorded
 * for staff) when it does not; later, it is refused as before.
 */
describe('[CARDS]: a clearing that arrives after its hold expired', () => {
  // Wednesday 4 November 2026, 10:00 AM in New York.
  const time = manualClock(new Date('2026-11-04T15:00:00Z'));
  const log = capturedLogger();
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv, logger: log.logger });
  const processor = new Processor(t);

  /** An approved authorization whose hold the expiry job has let go (8 days later). */
  async function expiredPurchase(amount: string, cents = 500_00n, change = {}) {
    const { member, card } = await memberWithCard(t, cents);
    const plastic = await plasticOf(t, card.id);
    const purchase = await processor.authorize(plastic, amount, change);
    expect(purchase.decision, purchase.message).toBe('approved');
    time.advance(8 * DAY);
    expect((await runExpiry(t)).expired).toBeGreaterThanOrEqual(1);
    expect(await statusOf(purchase.id)).toBe('expired');
    return { member, card, plastic, purchase };
  }

  const statusOf = async (processorId: string) => {
    const [row] = await t.db
      .select({ status: cardAuthorizations.status })
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.processorId, processorId));
    return row?.status;
  };

  const auditsOf = (memberId: string, action: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, memberId), eq(auditLog.action, action)));

  it('within the window: posted as a new transfer for the cleared amount, the member told, audited', async () => {
    const grill = { merchant: { name: 'Dockside Grill', country: 'US', categoryCode: '5812' } };
    const { member, card, purchase } = await expiredPurchase('40.00', 500_00n, grill);
    expect((await balances(member.browser)).Checking).toMatchObject({ balance: '500.00', available: '500.00' });

    // A tip, as on time: at most 20% over.
    expect((await processor.clear(purchase.id, '48.01')).statusCode).toBe(400);
    const clearingId = `clear-${randomUUID()}`;
    const cleared = await processor.clear(purchase.id, '46.00', clearingId);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<ProcessorSettlementResult>()).toEqual({
      id: clearingId,
      authorizationId: purchase.id,
      status: 'posted',
      amount: '46.00',
    });
    expect((await balances(member.browser)).Checking).toMatchObject({ balance: '454.00', available: '454.00' });
    expect(await statusOf(purchase.id)).toBe('posted');
    const rows = (await history(member.browser)).items.filter(
      (item) => item.description === 'Card purchase: Dockside Grill',
    );
    expect(rows.map(({ amount, status, category }) => ({ amount, status, category }))).toContainEqual({
      amount: '46.00',
      status: 'Completed',
      category: 'Food',
    });
    const notice = (await notificationsOf(member.browser)).find((n) => n.title === 'Card purchase posted');
    expect(notice?.body).toBe(
      `$46.00 at Dockside Grill with your card ending ${card.last4} was posted: the merchant completed the ` +
        'purchase after its hold had expired.',
    );
    expect(await auditsOf(member.id, 'card.late_clearing_posted')).toMatchObject([
      { after: { authorization: purchase.id, clearing: clearingId, amount: '46.00', card: card.last4 } },
    ]);

    // Its retry is the first answer; another clearing is refused.
    time.advance(1000);
    expect((await processor.clear(purchase.id, '46.00', clearingId)).json()).toEqual(cleared.json());
    expect((await processor.clear(purchase.id, '46.00')).statusCode).toBe(409);
    expect((await balances(member.browser)).Checking.balance).toBe('454.00');
  });

  it('not covered: a plain 409 the processor can act on, an audit row and a log line for staff', async () => {
    const { member, card, plastic, purchase } = await expiredPurchase('300.00');
    // The member spent the money once the hold dropped.
    const other = await processor.authorize(plastic, '250.00');
    expect((await processor.clear(other.id, '250.00')).statusCode).toBe(200);
    const clearingId = `clear-${randomUUID()}`;
    expectRefusal(await processor.clear(purchase.id, '300.00', clearingId), 409, {
      code: 'CONFLICT',
      message:
        `Authorization ${purchase.id} expired before clearing ${clearingId} arrived, and the member's available ` +
        'balance does not cover 300.00: the clearing was not posted.',
    });
    expect((await balances(member.browser)).Checking.balance).toBe('250.00');
    expect(await statusOf(purchase.id)).toBe('expired');
    const [audit] = await auditsOf(member.id, 'card.late_clearing_refused');
    expect(audit).toMatchObject({
      actorEmail: 'card processor',
      after: { authorization: purchase.id, clearing: clearingId, amount: '300.00', card: card.last4 },
    });
    expect(log.text()).toContain('late card clearing refused');
    expect(log.text()).toContain(purchase.id);
    expect(log.text()).not.toContain(plastic.number);

    // Once the money is there, the processor's next presentment posts.
    await deposit(t, member.id, 100_00n);
    time.advance(1000); // a retry signs afresh
    expect((await processor.clear(purchase.id, '300.00', clearingId)).statusCode).toBe(200);
    expect((await balances(member.browser)).Checking.balance).toBe('50.00');
  });

  it('a credit card: posted on its line with its points; over the credit left, refused', async () => {
    const { member } = await memberWithCard(t, 0n);
    const creditId = await giveCreditCard(t, member);
    const plastic = await plasticOf(t, creditId);
    const small = await processor.authorize(plastic, '100.00');
    const large = await processor.authorize(plastic, '2400.00');
    time.advance(8 * DAY);
    expect((await runExpiry(t)).expired).toBe(2);
    for (const amount of ['2000.00', '1000.00']) {
      const spent = await processor.authorize(plastic, amount);
      expect((await processor.clear(spent.id, amount)).statusCode).toBe(200);
    }

    expect((await processor.clear(small.id, '100.00')).statusCode).toBe(200);
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '3100.00', rewardsPoints: 6200 });
    // 1,900.00 of credit left.
    const refused = await processor.clear(large.id, '2400.00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain("the card's available credit does not cover 2400.00");
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '3100.00', rewardsPoints: 6200 });
  });

  it('cash never clears above what was authorized, late or not', async () => {
    const { member, card } = await memberWithCard(t, 500_00n);
    await setPin(t, member, card.id, '4821');
    const atm = { channel: 'atm' as const, pin: '4821', merchant: { name: 'Harbor ATM', country: 'US' } };
    const withdrawal = await processor.authorize(await plasticOf(t, card.id), '100.00', atm);
    expect(withdrawal.decision, withdrawal.message).toBe('approved');
    time.advance(8 * DAY);
    await runExpiry(t);
    expect((await processor.clear(withdrawal.id, '100.01')).statusCode).toBe(400);
    expect((await processor.clear(withdrawal.id, '100.00')).statusCode).toBe(200);
    expect((await balances(member.browser)).Checking.balance).toBe('400.00');
  });

  it('beyond the window: refused as an expired authorization always was', async () => {
    const { member, purchase } = await expiredPurchase('40.00');
    time.advance(22 * DAY + MINUTE); // 30 days and a minute after the authorization
    expectRefusal(await processor.clear(purchase.id, '40.00'), 409, {
      code: 'CONFLICT',
      message: `Authorization ${purchase.id} was expired.`,
    });
    expect((await balances(member.browser)).Checking.balance).toBe('500.00');
    expect(await statusOf(purchase.id)).toBe('expired');
  });
});

describe('[CARDS]: the presentment window is a setting', () => {
  const time = manualClock(new Date('2026-11-04T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: { ...cardTestEnv, CARD_PRESENTMENT_DAYS: '10' } });
  const processor = new Processor(t);

  it('CARD_PRESENTMENT_DAYS=10: posted on the 10th day, refused after it', async () => {
    const { member, card } = await memberWithCard(t, 500_00n);
    const plastic = await plasticOf(t, card.id);
    const first = await processor.authorize(plastic, '10.00');
    const second = await processor.authorize(plastic, '20.00');
    time.advance(10 * DAY);
    await runExpiry(t);
    expect((await processor.clear(first.id, '10.00')).statusCode).toBe(200);
    time.advance(MINUTE);
    expect((await processor.clear(second.id, '20.00')).statusCode).toBe(409);
    expect((await balances(member.browser)).Checking.balance).toBe('490.00');
  });
});
