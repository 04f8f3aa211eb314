import { randomUUID } from 'node:crypto';
import {
  type ApiError,
  type CardDetails,
  declineReasons,
  IDEMPOTENCY_HEADER,
  type ProcessorSettlementResult,
} from '@mutual/shared';
import { cardsApi } from '@mutual/shared/contract/cards';
import { eq, inArray, sql } from 'drizzle-orm';
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
  setPin,
  putLimits,
  runExpiry,
  staffReversePurchase,
  verifiedCode,
} from '../../test/cards';
import { capturedLogger } from '../../test/captured-logger';
import { useFailingInsert } from '../../test/failing-insert';
import { manualClock, MINUTE } from '../../test/identity';
import { balances, memberWithMoney, newKey, overview } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp, useTestApp } from '../../test/test-app';
import { history, notificationsOf } from '../../test/transfer-forms';
import { systemActor } from '../audit/record-audit';
import { placeHold } from '../holds/holds';
import { cardAuthorizations } from './cards.tables';
import { expireAuthorizations } from './settle';

const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('[CARDS]: the processor asks, the member’s controls decide', () => {
  // Wednesday 25 November 2026, 10:00 AM in New York.
  const time = manualClock(new Date('2026-11-25T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv });
  const processor = new Processor(t);
  const failingExpiry = useFailingInsert(t, 'refuse_card_hold_expiry', 'ledger_transfers');

  /** A member with $500 in Checking and their debit card as the processor sees it. */
  async function cardholder(cents = 500_00n) {
    const { member, card } = await memberWithCard(t, cents);
    return { member, card, plastic: await plasticOf(t, card.id) };
  }

  it('approves a purchase as a hold: Pending in the history, not available; clearing posts it', async () => {
    const { member, plastic } = await cardholder();
    const answer = await processor.authorize(plastic, '4.50');
    expect(answer).toMatchObject({ decision: 'approved', reason: null });
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '500.00', available: '495.50' } });
    expect(await overview(member.browser)).toMatchObject({
      pendingTotal: '4.50',
      pendingOut: '4.50',
      pendingIn: '0.00',
    });
    const purchase = async () =>
      (await history(member.browser)).items.find((item) => item.description === 'Card purchase: Harbor Coffee');
    expect(await purchase()).toMatchObject({ amount: '4.50', type: 'debit', status: 'Pending' });

    const cleared = await processor.clear(answer.id, '4.50');
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '495.50', available: '495.50' } });
    expect(await purchase()).toMatchObject({ amount: '4.50', type: 'debit', status: 'Completed' });
  });

  it('files a purchase under its merchant category code, held and cleared alike; no code is Shopping', async () => {
    const { member, plastic } = await cardholder();
    const grocer = { merchant: { name: 'Casco Bay Grocers', country: 'US', categoryCode: '5411' } };
    const groceries = await processor.authorize(plastic, '40.00', grocer);
    time.advance(MINUTE);
    const plain = await processor.authorize(plastic, '15.00', { merchant: { name: 'Harbor Gifts', country: 'US' } });
    const rows = async (category: string) =>
      (await history(member.browser, `category=${category}`)).items.map(({ description, amount, status }) => ({
        description,
        amount,
        status,
      }));
    expect(await rows('Food')).toEqual([
      { description: 'Card purchase: Casco Bay Grocers', amount: '40.00', status: 'Pending' },
    ]);
    expect(await rows('Shopping')).toEqual([
      { description: 'Card purchase: Harbor Gifts', amount: '15.00', status: 'Pending' },
    ]);

    // Cleared for another amount: the hold is let go and a new transfer posted, under the hold's category.
    expect((await processor.clear(groceries.id, '42.00')).statusCode).toBe(200);
    expect((await processor.clear(plain.id, '15.00')).statusCode).toBe(200);
    expect(await rows('Food')).toContainEqual({
      description: 'Card purchase: Casco Bay Grocers',
      amount: '42.00',
      status: 'Completed',
    });
    expect(await rows('Food')).not.toContainEqual(expect.objectContaining({ status: 'Pending' }));
    expect(await rows('Shopping')).toEqual([
      { description: 'Card purchase: Harbor Gifts', amount: '15.00', status: 'Completed' },
    ]);

    // On the card, alike: held and cleared.
    const onCard = async (kind: 'debit' | 'credit') =>
      (await cardOf(member.browser, kind)).recentTransactions.map(({ merchant, category, status }) => ({
        merchant,
        category,
        status,
      }));
    expect(await onCard('debit')).toEqual([
      { merchant: 'Harbor Gifts', category: 'Shopping', status: 'posted' },
      { merchant: 'Casco Bay Grocers', category: 'Food', status: 'posted' },
    ]);
    const creditId = await giveCreditCard(t, member);
    const train = await processor.authorize(await plasticOf(t, creditId), '173.00', {
      merchant: { name: 'Amtrak Downeaster', country: 'US', categoryCode: '4112' },
      channel: 'online',
    });
    const ticket = { merchant: 'Amtrak Downeaster', category: 'Transportation' };
    expect(await onCard('credit')).toEqual([{ ...ticket, status: 'pending' }]);
    expect((await processor.clear(train.id, '173.00')).statusCode).toBe(200);
    expect(await onCard('credit')).toEqual([{ ...ticket, status: 'posted' }]);
  });

  it('takes a merchant category code of four digits and refuses any other', async () => {
    const { member, plastic } = await cardholder();
    const at = (categoryCode: unknown) =>
      processor.send(
        cardsApi.authorize.path,
        processor.authorization(plastic, '5.00', {
          merchant: { name: 'Casco Bay Grocers', country: 'US', categoryCode } as never,
        }),
      );
    for (const categoryCode of ['541', '54111', '54a1', '', 5411])
      expect((await at(categoryCode)).statusCode, String(categoryCode)).toBe(400);
    expect((await balances(member.browser)).Checking.available).toBe('500.00');
    const approved = await at('0742');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await balances(member.browser)).Checking.available).toBe('495.00');
  });

  it('clears a different amount (a tip) once: the same clearing again answers alike, another is refused', async () => {
    const { member, plastic } = await cardholder();
    const answer = await processor.authorize(plastic, '40.00', { merchant: { name: 'Dockside Grill', country: 'US' } });
    const clearingId = 'clear-tip-1';
    const first = await processor.clear(answer.id, '46.00', clearingId);
    expect(first.json<ProcessorSettlementResult>()).toEqual({
      id: clearingId,
      authorizationId: answer.id,
      status: 'posted',
      amount: '46.00',
    });
    // A processor's retry signs afresh (the same signed request again would be a replay).
    time.advance(1000);
    const again = await processor.clear(answer.id, '46.00', clearingId);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await processor.clear(answer.id, '46.00');
    expect(other.statusCode).toBe(409);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '454.00', available: '454.00' } });
    // More than 20% over what was authorized is not a tip.
    const second = await processor.authorize(plastic, '10.00');
    expect((await processor.clear(second.id, '12.01')).statusCode).toBe(400);
    expect((await processor.clear(second.id, '12.00')).statusCode).toBe(200);
  });

  it('a reversal lets the hold go; an authorization nobody clears expires after the configured days', async () => {
    const { member, plastic } = await cardholder();
    const reversed = await processor.authorize(plastic, '20.00');
    const done = await processor.reverse(reversed.id);
    expect(done.json<ProcessorSettlementResult>()).toMatchObject({ status: 'reversed', amount: '20.00' });
    expect((await processor.clear(reversed.id, '20.00')).statusCode).toBe(409);

    const forgotten = await processor.authorize(plastic, '30.00');
    expect((await balances(member.browser)).Checking.available).toBe('470.00');
    time.advance(6 * DAY);
    expect((await runExpiry(t)).expired).toBe(0);
    time.advance(1 * DAY + MINUTE);
    expect((await runExpiry(t)).expired).toBeGreaterThanOrEqual(1);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '500.00', available: '500.00' } });
    // Its clearing may still come later (settle.ts, late-clearing.test.ts): not within the reversal's.
    expect((await processor.reverse(forgotten.id)).statusCode).toBe(409);
  });

  it('one authorization that cannot be let go does not hold up the others: named, left for the next run', async () => {
    const first = await cardholder();
    const second = await cardholder();
    const stuck = await processor.authorize(first.plastic, '30.00');
    const other = await processor.authorize(second.plastic, '40.00');
    const [row] = await t.db
      .select({ hold: cardAuthorizations.holdTransferId })
      .from(cardAuthorizations)
      .where(eq(cardAuthorizations.processorId, stuck.id));
    await failingExpiry.start(`new.pending_id = '${row?.hold}'::uuid`, `raise exception 'disk full'`);
    time.advance(8 * DAY);
    expect(await runExpiry(t)).toMatchObject({ errors: 1 });
    expect((await balances(second.member.browser)).Checking.available).toBe('500.00');
    expect((await balances(first.member.browser)).Checking.available).toBe('470.00');
    expect((await processor.reverse(other.id)).statusCode).toBe(409);

    await t.db.execute(sql`drop trigger refuse_card_hold_expiry on ledger_transfers`);
    expect(await runExpiry(t)).toMatchObject({ errors: 0 });
    expect((await balances(first.member.browser)).Checking.available).toBe('500.00');
  });

  it('authorizations failing run after run fill whole pages, yet later ones expire; each run names them', async () => {
    const stuckHolder = await cardholder();
    const stuck = [];
    for (const amount of ['11.00', '12.00', '13.00']) {
      stuck.push(await processor.authorize(stuckHolder.plastic, amount));
      time.advance(MINUTE);
    }
    const later = await cardholder();
    const other = await processor.authorize(later.plastic, '40.00');
    const rows = await t.db
      .select({ id: cardAuthorizations.id, hold: cardAuthorizations.holdTransferId })
      .from(cardAuthorizations)
      .where(
        inArray(
          cardAuthorizations.processorId,
          stuck.map((answer) => answer.id),
        ),
      )
      .orderBy(cardAuthorizations.authorizedAt);
    const holds = rows.map((row) => `'${row.hold}'::uuid`).join(', ');
    // The three oldest cannot be let go (their expiry is refused inside the database, every run).
    await failingExpiry.start(`new.pending_id in (${holds})`, `raise exception 'disk full'`);
    try {
      time.advance(8 * DAY);
      const log = capturedLogger();
      const run = () => expireAuthorizations({ ...t, logger: log.logger }, time.now(), 2);
      // Pages of two: the three that fail fill the first page and half the second, run after run.
      expect(await run()).toEqual({ expired: 1, errors: 3 });
      expect(await run()).toEqual({ expired: 0, errors: 3 });
      expect((await balances(later.member.browser)).Checking.available).toBe('500.00');
      expect((await balances(stuckHolder.member.browser)).Checking.available).toBe('464.00');
      expect((await processor.reverse(other.id)).statusCode).toBe(409);
      // Each is named where it failed, and each run's closing line names them all.
      const lines = log
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { cardAuthorizationId?: string; cardAuthorizationIds?: string[] });
      const ids = rows.map((row) => row.id);
      expect(lines.flatMap((line) => line.cardAuthorizationId ?? [])).toEqual([...ids, ...ids]);
      expect(lines.filter((line) => line.cardAuthorizationIds)).toEqual([
        expect.objectContaining({ cardAuthorizationIds: ids, count: 3 }),
        expect.objectContaining({ cardAuthorizationIds: ids, count: 3 }),
      ]);
    } finally {
      await t.db.execute(sql`drop trigger refuse_card_hold_expiry on ledger_transfers`);
    }
    expect(await runExpiry(t)).toMatchObject({ expired: 3, errors: 0 });
  });

  it('a locked card is declined with its reason, in the history and the bell; unlocked, it works again', async () => {
    const { member, card, plastic } = await cardholder();
    expect((await member.browser.post(cardPath(card.id, 'lock'))).statusCode).toBe(200);
    const answer = await processor.authorize(plastic, '12.00');
    expect(answer).toMatchObject({ decision: 'declined', reason: 'card_locked', message: 'Declined: card locked' });
    const declined = (await history(member.browser)).items.find((item) => item.status === 'Failed');
    expect(declined).toMatchObject({
      description: 'Card purchase: Harbor Coffee',
      statusReason: 'Declined: card locked',
      amount: '12.00',
    });
    expect((await balances(member.browser)).Checking.available).toBe('500.00');
    const notice = (await notificationsOf(member.browser)).find((n) => n.title === 'Card purchase declined');
    expect(notice?.body).toBe(`$12.00 at Harbor Coffee with your card ending ${card.last4}: Declined: card locked.`);

    expect((await member.browser.post(cardPath(card.id, 'unlock'))).statusCode).toBe(200);
    expect((await processor.authorize(plastic, '12.00')).decision).toBe('approved');
  });

  it('a card reported lost is declined for ever; its replacement works once activated', async () => {
    const { member, card, plastic } = await cardholder();
    const reported = await member.browser.post(cardPath(card.id, 'report-lost'), { reason: 'stolen' });
    expect(reported.statusCode, reported.body).toBe(200);
    const replacement = (await cardOf(member.browser)).id;
    expect(replacement).not.toBe(card.id);
    const newPlastic = await plasticOf(t, replacement);
    expect(newPlastic.number).not.toBe(plastic.number);

    expect((await processor.authorize(plastic, '5.00')).reason).toBe('card_closed');
    expect((await processor.authorize(newPlastic, '5.00')).reason).toBe('card_inactive');
    const activated = await member.browser.post(cardPath(replacement, 'activate'), {
      last4: newPlastic.number.slice(-4),
      expiry: newPlastic.expiry,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    expect((await processor.authorize(newPlastic, '5.00')).decision).toBe('approved');
    // Unlocking or activating never brings the lost card back.
    expect((await member.browser.post(cardPath(card.id, 'unlock'))).statusCode).toBe(409);
    expect((await processor.authorize(plastic, '5.00')).reason).toBe('card_closed');
  });

  it('declines a wrong or missing expiry, an expired card and an unknown number', async () => {
    const { plastic } = await cardholder();
    expect((await processor.authorize(plastic, '5.00', { expiry: '01/27' })).reason).toBe('expiry_mismatch');
    expect((await processor.authorize({ ...plastic, number: '4242420000000000' }, '5.00')).reason).toBe('card_unknown');
    // Issued for four years: good through the end of its expiry month, declined from the next.
    const [month = 0, year = 0] = plastic.expiry.split('/').map(Number);
    expect(year).toBe((time.now().getUTCFullYear() + 4) % 100);
    const today = time.now();
    const afterExpiry = new Date(Date.UTC(2000 + year, month, 1, 15));
    time.advance(new Date(afterExpiry.getTime() - DAY).getTime() - today.getTime());
    expect((await processor.authorize(plastic, '5.00')).decision).toBe('approved');
    time.advance(DAY);
    try {
      expect((await processor.authorize(plastic, '5.00')).reason).toBe('card_expired');
    } finally {
      time.advance(today.getTime() - time.now().getTime());
    }
  });

  it('checks the PIN when one is presented, requires it at an ATM, and stops after the day’s wrong tries', async () => {
    const { member, card, plastic } = await cardholder();
    expect((await processor.authorize(plastic, '20.00', { pin: '4821' })).reason).toBe('pin_not_set');
    await setPin(t, member, card.id, '4821');

    expect(
      (await processor.authorize(plastic, '20.00', { channel: 'atm', merchant: { name: 'Harbor ATM', country: 'US' } }))
        .reason,
    ).toBe('pin_required');
    expect((await processor.authorize(plastic, '20.00', { pin: '4821' })).decision).toBe('approved');
    for (let i = 0; i < t.config.cards.pinTries; i++)
      expect((await processor.authorize(plastic, '20.00', { pin: '1111' })).reason).toBe('pin_incorrect');
    // The right PIN too, for the rest of the day.
    expect((await processor.authorize(plastic, '20.00', { pin: '4821' })).reason).toBe('pin_tries_exceeded');
    time.advance(DAY);
    expect((await processor.authorize(plastic, '20.00', { pin: '4821' })).decision).toBe('approved');
  });

  it('each switch decides its channel, and each limit holds at its edge', async () => {
    const { member, card, plastic } = await cardholder(10_000_00n);
    const put = async (change: Record<string, unknown>) => {
      const response = await putLimits(t, member, card.id, {
        perPurchase: '100.00',
        dailyPurchases: '250.00',
        dailyAtm: '60.00',
        online: true,
        international: true,
        atm: true,
        ...change,
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await put({ online: false, international: false, atm: false });
    const abroad = { merchant: { name: 'Café de Flore', country: 'FR' } };
    expect((await processor.authorize(plastic, '5.00', { channel: 'online' })).reason).toBe('online_off');
    expect((await processor.authorize(plastic, '5.00', abroad)).reason).toBe('international_off');
    expect((await processor.authorize(plastic, '5.00', { channel: 'atm', pin: '0000' })).reason).toBe('atm_off');
    await put({});
    expect((await processor.authorize(plastic, '5.00', { channel: 'online' })).decision).toBe('approved');
    expect((await processor.authorize(plastic, '5.00', abroad)).decision).toBe('approved');

    // Per purchase: 100.00 passes, 100.01 does not. Spent so far today: 10.00.
    expect((await processor.authorize(plastic, '100.01')).reason).toBe('over_purchase_limit');
    expect((await processor.authorize(plastic, '100.00')).decision).toBe('approved');
    expect((await processor.authorize(plastic, '100.00')).decision).toBe('approved');
    // 210.00 spent: 40.00 more is the daily limit exactly; a cent more is not.
    expect((await processor.authorize(plastic, '40.01')).reason).toBe('over_daily_limit');
    expect((await processor.authorize(plastic, '40.00')).decision).toBe('approved');
    // The next day starts afresh.
    time.advance(DAY);
    expect((await processor.authorize(plastic, '100.00')).decision).toBe('approved');
  });

  it('30 racing purchases cannot pass the daily limit together, nor the available balance', async () => {
    const { member, plastic } = await cardholder(10_000_00n);
    // Daily purchases 5,000.00 by default: 30 × 200.00 asked at once, 25 may pass.
    const answers = await Promise.all(Array.from({ length: 30 }, () => processor.authorize(plastic, '200.00')));
    expect(answers.filter((a) => a.decision === 'approved')).toHaveLength(25);
    expect(new Set(answers.filter((a) => a.decision === 'declined').map((a) => a.reason))).toEqual(
      new Set(['over_daily_limit']),
    );
    expect((await balances(member.browser)).Checking.available).toBe('5000.00');

    const poor = await cardholder(300_00n);
    const racing = await Promise.all(Array.from({ length: 30 }, () => processor.authorize(poor.plastic, '25.00')));
    expect(racing.filter((a) => a.decision === 'approved')).toHaveLength(12);
    expect(new Set(racing.filter((a) => a.decision === 'declined').map((a) => a.reason))).toEqual(
      new Set(['insufficient_funds']),
    );
    expect((await balances(poor.member.browser)).Checking.available).toBe('0.00');
  });

  it('a staff hold on the member declines their card', async () => {
    const { member, plastic } = await cardholder();
    await t.db.transaction((tx) =>
      placeHold(tx, {
        userId: member.id,
        reason: 'Suspected fraud',
        actor: systemActor,
        meta: { ipAddress: null, userAgent: null },
        now: t.clock(),
      }),
    );
    expect((await processor.authorize(plastic, '5.00')).reason).toBe('account_on_hold');
  });

  it('answers a repeat of an authorization with the first answer, and refuses one with other details', async () => {
    const { member, plastic } = await cardholder();
    const request = processor.authorization(plastic, '9.99');
    const first = await processor.send(cardsApi.authorize.path, request);
    time.advance(1000);
    const repeat = await processor.send(cardsApi.authorize.path, request);
    expect(repeat.json()).toEqual(first.json());
    expect((await balances(member.browser)).Checking.available).toBe('490.01');
    time.advance(1000);
    const changed = await processor.send(cardsApi.authorize.path, { ...request, amount: '19.99' });
    expect(changed.statusCode).toBe(409);
  });

  it('refuses a tampered, wrongly keyed, stale or replayed request, and changes nothing', async () => {
    const { member, plastic } = await cardholder();
    const request = processor.authorization(plastic, '10.00');
    const refused = (response: { statusCode: number; json: <T>() => T }) => {
      expect(response.statusCode).toBe(401);
      expect(response.json<ApiError>().code).toBe('UNAUTHENTICATED');
    };
    refused(
      await processor.send(cardsApi.authorize.path, request, {
        tamper: (body) => body.replace('"10.00"', '"1.00"'),
      }),
    );
    refused(await processor.send(cardsApi.authorize.path, request, { secret: 'x'.repeat(64) }));
    refused(
      await processor.send(cardsApi.authorize.path, request, { at: new Date(t.clock().getTime() - 10 * MINUTE) }),
    );
    const unsigned = await t.app.inject({ method: 'POST', url: cardsApi.authorize.path, payload: request });
    refused(unsigned);

    const once = processor.signed(cardsApi.authorize.path, request);
    expect((await once.send()).statusCode).toBe(200);
    const replay = await processor.send(cardsApi.authorize.path, request, { headers: once.headers });
    expect(replay.statusCode).toBe(409);
    expect((await balances(member.browser)).Checking.available).toBe('490.00');
  });

  it('a credit card spends its line to the limit, is paid from Checking, earns 2% on cleared purchases', async () => {
    const { member } = await cardholder(2_000_00n);
    const creditId = await giveCreditCard(t, member);
    const credit = await plasticOf(t, creditId);
    const furniture = { merchant: { name: 'Harbor Furniture', country: 'US' } };
    for (const amount of ['2500.00', '1500.00']) {
      const bought = await processor.authorize(credit, amount, furniture);
      expect(bought.decision).toBe('approved');
      expect((await processor.clear(bought.id, amount)).statusCode).toBe(200);
    }
    const card = await cardOf(member.browser, 'credit');
    expect(card.credit).toMatchObject({
      limit: '5000.00',
      balance: '4000.00',
      available: '1000.00',
      rewardsPoints: 8000,
      rewardsValue: '80.00',
    });
    // Declined over the line; exactly the line passes (a day later: 4,000.00 of today's 5,000.00 is spent).
    time.advance(DAY);
    expect((await processor.authorize(credit, '1000.01')).reason).toBe('over_credit_limit');
    expect((await processor.authorize(credit, '1000.00')).decision).toBe('approved');
    // Checking is not touched by the credit card.
    expect((await balances(member.browser)).Checking.available).toBe('2000.00');

    // Paying the card from Checking: a fourth kind of own-account transfer.
    const paid = await member.browser.post(
      '/api/transfers/internal',
      {
        transferType: 'internal',
        fromAccount: 'Checking',
        toAccount: 'Credit Card',
        amount: '1500.00',
        reference: 'Card payment',
      },
      { headers: { [IDEMPOTENCY_HEADER]: newKey() } },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '2500.00', available: '1500.00' });
    expect((await balances(member.browser)).Checking.available).toBe('500.00');
    // The payment is not a purchase: no points for it.
    expect((await cardOf(member.browser, 'credit')).credit?.rewardsPoints).toBe(8000);
  });

  it('a credit card reported lost keeps its points: the replacement takes them and what clears later', async () => {
    const { member } = await cardholder(2_000_00n);
    const lost = await giveCreditCard(t, member);
    const plastic = await plasticOf(t, lost);
    const earned = await processor.authorize(plastic, '100.00');
    expect((await processor.clear(earned.id, '100.00')).statusCode).toBe(200);
    const approved = await processor.authorize(plastic, '50.00');
    expect((await cardOf(member.browser, 'credit')).credit?.rewardsPoints).toBe(200);

    const reported = await member.browser.post(cardPath(lost, 'report-lost'), { reason: 'lost' });
    expect(reported.statusCode, reported.body).toBe(200);
    const replacement = await cardOf(member.browser, 'credit');
    expect(replacement.id).not.toBe(lost);
    expect(replacement.credit?.rewardsPoints).toBe(200);
    const closed = (await cardsOf(member.browser)).cards.find((card) => card.id === lost);
    expect(closed).toMatchObject({ status: 'closed', credit: { rewardsPoints: 0 } });

    // A purchase approved before the loss clears afterwards: its points go to the card in use.
    expect((await processor.clear(approved.id, '50.00')).statusCode).toBe(200);
    expect((await cardOf(member.browser, 'credit')).credit?.rewardsPoints).toBe(300);
    // Staff reverse the first purchase: its points come off the card in use, not the closed one.
    const reversed = await staffReversePurchase(t, member.id, earned.id, 'Merchant refund');
    expect(reversed.statusCode, reversed.body).toBe(200);
    expect((await cardOf(member.browser, 'credit')).credit?.rewardsPoints).toBe(100);
    expect((await cardsOf(member.browser)).cards.find((card) => card.id === lost)?.credit?.rewardsPoints).toBe(0);
  });

  it('is not reachable without the processor interface: a member’s session is not a signature', async () => {
    const { member, plastic } = await cardholder();
    const response = await member.browser.post(cardsApi.authorize.path, processor.authorization(plastic, '1.00'));
    expect(response.statusCode).toBe(401);
    expect(declineReasons.card_locked).toBe('Declined: card locked');
  });

  it('cash never clears above what was authorized: not at an ATM, not a credit card’s cash advance', async () => {
    const { member, card, plastic } = await cardholder(1_000_00n);
    await setPin(t, member, card.id, '4821');
    const atm = { channel: 'atm' as const, pin: '4821', merchant: { name: 'Harbor ATM', country: 'US' } };
    // The day's ATM cash, all of it (500.00 as issued).
    const withdrawal = await processor.authorize(plastic, '500.00', atm);
    expect(withdrawal.decision, withdrawal.message).toBe('approved');
    expectRefusal(await processor.clear(withdrawal.id, '600.00'), 400, {
      code: 'VALIDATION_FAILED',
      message: `Authorization ${withdrawal.id} is a cash withdrawal: it may not clear above the authorized 500.00.`,
    });
    expectRefusal(await processor.clear(withdrawal.id, '500.01'), 400, {
      code: 'VALIDATION_FAILED',
      message: `Authorization ${withdrawal.id} is a cash withdrawal: it may not clear above the authorized 500.00.`,
    });
    // Nothing left but the hold; what was authorized (or less) still clears.
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '1000.00', available: '500.00' } });
    expect((await processor.clear(withdrawal.id, '500.00')).statusCode).toBe(200);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '500.00', available: '500.00' } });

    // A credit card's cash at a teller (6010) is cash too.
    const creditId = await giveCreditCard(t, member);
    const teller = { merchant: { name: 'Casco Bank teller', country: 'US', categoryCode: '6010' } };
    const advance = await processor.authorize(await plasticOf(t, creditId), '100.00', teller);
    expect(advance.decision, advance.message).toBe('approved');
    expect((await processor.clear(advance.id, '100.01')).statusCode).toBe(400);
    expect((await processor.clear(advance.id, '80.00')).statusCode).toBe(200);
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '80.00', rewardsPoints: 0 });
  });

  it('a tip passes the per-purchase limit, and takes the day at most 20% past the daily limit', async () => {
    const { member, card, plastic } = await cardholder(1_000_00n);
    const limits = { dailyAtm: '500.00', online: true, international: true, atm: true };
    const put = async (perPurchase: string, dailyPurchases: string) => {
      const response = await putLimits(t, member, card.id, { ...limits, perPurchase, dailyPurchases });
      expect(response.statusCode, response.body).toBe(200);
    };
    await put('150.00', '250.00');
    const grill = { merchant: { name: 'Dockside Grill', country: 'US', categoryCode: '5812' } };
    // 20% over a purchase at the per-purchase limit: the tolerance is the one way past it.
    const dinner = await processor.authorize(plastic, '150.00', grill);
    expect((await processor.clear(dinner.id, '180.00')).statusCode).toBe(200);

    // The member lowers the daily limit to 130.00 with a 50.00 dinner still to clear: 180.00 + 50.00
    // is 230.00 of the day's purchases already, past 130.00 and 20% of it (156.00): no tip on top.
    const supper = await processor.authorize(plastic, '50.00', grill);
    expect(supper.decision, supper.message).toBe('approved');
    await put('100.00', '130.00');
    expectRefusal(await processor.clear(supper.id, '50.01'), 400, {
      code: 'VALIDATION_FAILED',
      message: "A clearing may take the day's purchases at most 20% over the card's daily limit of 130.00.",
    });
    expect((await processor.clear(supper.id, '50.00')).statusCode).toBe(200);

    // The next day, 130.00 of purchases, the limit exactly: each may clear 20% over, the day 156.00 at most.
    time.advance(DAY);
    const lunch = await processor.authorize(plastic, '100.00', grill);
    const coffee = await processor.authorize(plastic, '30.00');
    expect([lunch.decision, coffee.decision]).toEqual(['approved', 'approved']);
    expect((await processor.clear(lunch.id, '120.01')).statusCode).toBe(400);
    expect((await processor.clear(lunch.id, '120.00')).statusCode).toBe(200);
    expect((await processor.clear(coffee.id, '36.01')).statusCode).toBe(400);
    expect((await processor.clear(coffee.id, '36.00')).statusCode).toBe(200);
    expect((await balances(member.browser)).Checking).toMatchObject({ balance: '614.00', available: '614.00' });
  });

  it('a clearing or reversal id already used on another authorization is refused (409), naming it', async () => {
    const { member, plastic } = await cardholder();
    const cleared = await processor.authorize(plastic, '10.00');
    const other = await processor.authorize(plastic, '20.00');
    const clearingId = `clear-${randomUUID()}`;
    expect((await processor.clear(cleared.id, '10.00', clearingId)).statusCode).toBe(200);
    expectRefusal(await processor.clear(other.id, '20.00', clearingId), 409, {
      code: 'CONFLICT',
      message: `Clearing ${clearingId} was already used for authorization ${cleared.id}.`,
    });
    // The same id on the same authorization is still the first answer; the other is still held.
    time.advance(1000);
    expect((await processor.clear(cleared.id, '10.00', clearingId)).json()).toMatchObject({
      id: clearingId,
      status: 'posted',
      amount: '10.00',
    });
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '490.00', available: '470.00' } });

    const reversalId = `reverse-${randomUUID()}`;
    expect((await processor.reverse(other.id, reversalId)).statusCode).toBe(200);
    const third = await processor.authorize(plastic, '30.00');
    expectRefusal(await processor.reverse(third.id, reversalId), 409, {
      code: 'CONFLICT',
      message: `Reversal ${reversalId} was already used for authorization ${other.id}.`,
    });
    time.advance(1000);
    expect((await processor.reverse(other.id, reversalId)).json()).toMatchObject({ status: 'reversed' });
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '490.00', available: '460.00' } });
  });

  it('checks the security code (CVV2) when the processor sends one; wrong ones count with wrong PINs', async () => {
    const { member, card, plastic } = await cardholder();
    const cvv = t.cardKeys.cvv(plastic.number, plastic.expiry);
    const wrong = cvv === '000' ? '001' : '000';
    const online = (code: string) => processor.authorize(plastic, '5.00', { channel: 'online', cvv: code });
    expect(await online(cvv)).toMatchObject({ decision: 'approved' });
    expect(await online(wrong)).toMatchObject({
      decision: 'declined',
      reason: 'cvv_incorrect',
      message: declineReasons.cvv_incorrect,
    });
    const malformed = processor.authorization(plastic, '5.00', { cvv: '12' });
    expect((await processor.send(cardsApi.authorize.path, malformed)).statusCode).toBe(400);
    // Without one, as before (the processor checked it, or the card was present).
    expect((await processor.authorize(plastic, '5.00')).decision).toBe('approved');

    // A wrong PIN and wrong codes share the day's tries: then neither the right code nor the right PIN passes.
    await setPin(t, member, card.id, '4821');
    expect((await processor.authorize(plastic, '5.00', { pin: '1111' })).reason).toBe('pin_incorrect');
    // (Setting the PIN started the day's tries afresh.)
    for (let i = 1; i < t.config.cards.pinTries; i++) expect((await online(wrong)).reason).toBe('cvv_incorrect');
    expect(await online(cvv)).toMatchObject({
      reason: 'cvv_tries_exceeded',
      message: 'Declined: too many incorrect PINs or security codes today',
    });
    expect((await processor.authorize(plastic, '5.00', { pin: '4821' })).reason).toBe('pin_tries_exceeded');
    expect((await balances(member.browser)).Checking.available).toBe('490.00');
    time.advance(DAY);
    expect((await online(cvv)).decision).toBe('approved');
  });
});

describe('[CARDS]: card numbers, PINs and CVVs never reach the log', () => {
  const log = capturedLogger();
  const t = useTestApp({ logger: log.logger, env: cardTestEnv });
  const processor = new Processor(t);
  const failingAuthorization = useFailingInsert(t, 'refuse_card_for_log_test', 'card_authorizations');

  it('through approvals, declines, bad requests, a failure inside the database and View Card Details', async () => {
    const { member, card } = await memberWithCard(t, 100_00n);
    const plastic = await plasticOf(t, card.id);
    await setPin(t, member, card.id, '7395');
    expect((await processor.authorize(plastic, '3.00', { pin: '7395' })).decision).toBe('approved');
    expect((await processor.authorize(plastic, '3.00', { pin: '6402' })).reason).toBe('pin_incorrect');
    const malformed = await processor.send(cardsApi.authorize.path, { cardNumber: plastic.number, pin: '7395' });
    expect(malformed.statusCode).toBe(400);
    // A failure inside the database, with the request's values at hand.
    await failingAuthorization.start(
      `new.merchant = 'Log Test Store'`,
      `raise exception 'refused on purpose: %', new.request_hash using detail = new.merchant`,
    );
    const failed = await processor.send(
      cardsApi.authorize.path,
      processor.authorization(plastic, '3.00', { merchant: { name: 'Log Test Store', country: 'US' }, pin: '7395' }),
    );
    expect(failed.statusCode).toBe(500);
    const details = await verifiedCode(t, member, card.id, 'details');
    const shown = (
      await member.browser.post(cardPath(card.id, 'details'), { challengeId: details })
    ).json<CardDetails>();

    const out = log.text();
    expect(out).toContain('unhandled error');
    for (const secret of [plastic.number, shown.number, `"cvv":"${shown.cvv}"`])
      expect(out, secret).not.toContain(secret);
    // A PIN's four digits turn up by chance inside ids, hashes and timings: only a value standing alone counts.
    for (const pin of ['7395', '6402'])
      expect(out, pin).not.toMatch(new RegExp(`(?<![0-9A-Za-z.])${pin}(?![0-9A-Za-z.])`));
  });
});

describe('[CARDS]: the processor is not held to a member’s rate limit', () => {
  const t = useTestApp({ env: { RATE_LIMIT_PER_MINUTE: '5' } });
  const processor = new Processor(t);

  it('answers every signed request from one address, however many a minute', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const plastic = await plasticOf(t, (await cardOf(member.browser)).id);
    for (let i = 0; i < 8; i++) expect((await processor.authorize(plastic, '1.00')).decision).toBe('approved');
    // A member's browser from one address is still limited.
    const answers = await Promise.all(Array.from({ length: 8 }, () => member.browser.get('/api/cards')));
    expect(answers.map((answer) => answer.statusCode)).toContain(429);
  });
});
