import {
  type ApiError,
  type Card,
  type CardDetails,
  type CardResult,
  type CardStatement,
  messages,
} from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { enrolAuthenticator, TOTP_STEP } from '../../test/authenticator';
import {
  CARDS,
  cardOf,
  cardPath,
  cardsOf,
  cardTestEnv,
  giveCreditCard,
  memberWithCard,
  latestCardCode,
  plasticOf,
  Processor,
  putLimits,
  tenDollarLimits,
  verifiedCode,
} from '../../test/cards';
import { auditActions, latestMail, mailsTo, manualClock, MINUTE, wrongCode } from '../../test/identity';
import { balances, memberWithMoney } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { internalTransfer, notificationsOf } from '../../test/transfer-forms';
import { isLuhnValid } from './card-numbers';
import { cards } from './cards.tables';
import { issueMissingDebitCards } from './issue-card';

const m = messages.cards;
/** The answer to a card code that no longer confirms this action: spent, out of tries, expired, or another card's. */
const codeExpired: ApiError = { code: 'CONFIRMATION_EXPIRED', message: m.otpExpired };
/** The answer to a malformed or wrong card code, on the code's field. */
const otpRefused = (message: string) => fieldRefusal('otp', message);

describe('[CARDS]: the member’s cards and their controls', () => {
  // At the start of an authenticator's step, so "the same code" means the same step.
  const time = manualClock(new Date('2026-11-25T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: cardTestEnv });

  it('a member from before cards is issued one at start-up, once, however many instances start at once', async () => {
    const member = await memberWithMoney(t, 0n);
    await t.db.delete(cards).where(eq(cards.userId, member.id)); // as approved before cards existed
    expect((await cardsOf(member.browser)).cards).toEqual([]);
    const runs = await Promise.all([1, 2, 3].map(() => issueMissingDebitCards(t, t.clock())));
    expect(runs.reduce((sum, issued) => sum + issued, 0)).toBe(1);
    expect((await cardsOf(member.browser)).cards.map((card) => [card.kind, card.linkedAccount?.type])).toEqual([
      ['debit', 'Checking'],
    ]);
    expect(await issueMissingDebitCards(t, t.clock())).toBe(0);
  });

  it('a new member has a debit card on Checking from the start; looking at Cards changes nothing', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const stored = async () => t.db.select({ id: cards.id }).from(cards).where(eq(cards.userId, member.id));
    const issued = await stored();
    expect(issued).toHaveLength(1);
    const views = await Promise.all(Array.from({ length: 5 }, () => cardsOf(member.browser)));
    const ids = new Set(views.flatMap((view) => view.cards.map((card) => card.id)));
    expect([...ids]).toEqual(issued.map((row) => row.id));
    expect(await stored()).toHaveLength(1);
    const [card] = views[0]?.cards ?? [];
    expect(card).toMatchObject({
      kind: 'debit',
      design: 'Standard',
      status: 'active',
      nameOnCard: 'ROBIN TESTER',
      linkedAccount: { type: 'Checking' },
      credit: null,
      pinSet: false,
      controls: {
        perPurchase: '2500.00',
        dailyPurchases: '5000.00',
        dailyAtm: '500.00',
        online: true,
        international: false,
        atm: true,
      },
    });
    expect(card?.numberMasked).toBe(`•••• •••• •••• ${card?.last4}`);
    expect(card?.expiry).toBe('11/30');
    const plastic = await plasticOf(t, card?.id ?? '');
    expect(plastic.number).toMatch(/^424242\d{10}$/);
    expect(isLuhnValid(plastic.number)).toBe(true);
    // Stored sealed and as a keyed digest: the number is nowhere in the row.
    const [row] = await t.db
      .select()
      .from(cards)
      .where(eq(cards.id, card?.id ?? ''));
    expect(
      JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value)),
    ).not.toContain(plastic.number);
  });

  it('locks and unlocks at once, audited and told; refuses the same twice', async () => {
    const { member, card } = await memberWithCard(t);
    const locked = await member.browser.post(cardPath(card.id, 'lock'));
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json<CardResult>()).toMatchObject({ message: m.locked(card.last4), card: { status: 'locked' } });
    expectRefusal(await member.browser.post(cardPath(card.id, 'lock')), 409, {
      code: 'CONFLICT',
      message: m.alreadyLocked,
    });
    const unlocked = await member.browser.post(cardPath(card.id, 'unlock'));
    expect(unlocked.json<CardResult>().card.status).toBe('active');
    expectRefusal(await member.browser.post(cardPath(card.id, 'unlock')), 409, {
      code: 'CONFLICT',
      message: m.notLocked,
    });
    expect(await auditActions(t, member.id)).toEqual(expect.arrayContaining(['card.locked', 'card.unlocked']));
    const titles = (await notificationsOf(member.browser)).map((notice) => notice.title);
    expect(titles).toEqual(expect.arrayContaining(['Card locked', 'Card unlocked']));
  });

  it('reports a card lost: closed for ever; a replacement, new number, activated by last 4 and expiry', async () => {
    const { member, card } = await memberWithCard(t);
    expectRefusal(
      await member.browser.post(cardPath(card.id, 'report-lost'), {}),
      400,
      fieldRefusal('reason', m.reasonRequired),
    );
    const reported = await member.browser.post(cardPath(card.id, 'report-lost'), { reason: 'lost' });
    const { card: replacement, message } = reported.json<CardResult>();
    expect(replacement).toMatchObject({ status: 'inactive', replacesId: card.id, kind: 'debit' });
    expect(replacement.last4 === card.last4 && replacement.id === card.id).toBe(false);
    expect(message).toBe(m.reportedLost(card.last4, replacement.last4));
    const all = (await cardsOf(member.browser)).cards;
    expect(all.find((c) => c.id === card.id)).toMatchObject({
      status: 'closed',
      closedReason: 'lost',
      replacedById: replacement.id,
    });
    // The closed card can be changed no more; a second report is refused.
    for (const action of ['lock', 'unlock'])
      expectRefusal(await member.browser.post(cardPath(card.id, action)), 409, {
        code: 'CONFLICT',
        message: m.closedCard,
      });
    expect((await member.browser.post(cardPath(card.id, 'report-lost'), { reason: 'lost' })).statusCode).toBe(409);

    const plastic = await plasticOf(t, replacement.id);
    const wrong = await member.browser.post(cardPath(replacement.id, 'activate'), {
      last4: plastic.number.slice(-4),
      expiry: '01/20',
    });
    expectRefusal(wrong, 400, fieldRefusal('last4', m.activationMismatch));
    const right = await member.browser.post(cardPath(replacement.id, 'activate'), {
      last4: plastic.number.slice(-4),
      expiry: plastic.expiry,
    });
    expect(right.json<CardResult>()).toMatchObject({
      message: m.activated(replacement.last4),
      card: { status: 'active' },
    });
    expect(await auditActions(t, member.id)).toEqual(
      expect.arrayContaining(['card.reported_lost', 'card.activation_failed', 'card.activated']),
    );
  });

  it('a replacement waiting for activation shows no expiry, no details: activation must prove the card', async () => {
    const { member, card } = await memberWithCard(t);
    const reported = await member.browser.post(cardPath(card.id, 'report-lost'), { reason: 'lost' });
    const { card: replacement } = reported.json<CardResult>();
    const plastic = await plasticOf(t, replacement.id);
    // Its last 4, so the member knows which card it is; not the expiry activation asks for.
    expect(replacement).toMatchObject({ status: 'inactive', last4: plastic.number.slice(-4), expiry: null });
    const listed = (await cardsOf(member.browser)).cards;
    expect(listed.find((c) => c.id === replacement.id)).toMatchObject({ status: 'inactive', expiry: null });
    expect(listed.find((c) => c.id === card.id)?.expiry).toBe(card.expiry);
    // View Card Details is refused, before a code is sent and with one.
    const activateFirst: ApiError = { code: 'CONFLICT', message: m.activateFirst };
    expectRefusal(
      await member.browser.post(cardPath(replacement.id, 'codes'), { action: 'details' }),
      409,
      activateFirst,
    );
    expect(await mailsTo(t, member.email, 'card-code')).toHaveLength(0);
    expectRefusal(
      await member.browser.post(cardPath(replacement.id, 'details'), { challengeId: crypto.randomUUID() }),
      409,
      activateFirst,
    );
    expect((await auditActions(t, member.id)).filter((a) => a === 'card.details_viewed')).toHaveLength(0);

    // Activated with what is printed on it: the expiry is shown, and the details with a code.
    const activated = await member.browser.post(cardPath(replacement.id, 'activate'), {
      last4: plastic.number.slice(-4),
      expiry: plastic.expiry,
    });
    expect(activated.json<CardResult>().card).toMatchObject({ status: 'active', expiry: plastic.expiry });
    const challengeId = await verifiedCode(t, member, replacement.id, 'details');
    const shown = await member.browser.post(cardPath(replacement.id, 'details'), { challengeId });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json<CardDetails>().number.replaceAll(' ', '')).toBe(plastic.number);
  });

  it('stops guessing at activation after five tries, however many race', async () => {
    const { member, card } = await memberWithCard(t);
    const { card: replacement } = (
      await member.browser.post(cardPath(card.id, 'report-lost'), { reason: 'stolen' })
    ).json<CardResult>();
    const plastic = await plasticOf(t, replacement.id);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        member.browser.post(cardPath(replacement.id, 'activate'), { last4: String(1000 + i), expiry: '01/21' }),
      ),
    );
    expect(guesses.filter((g) => g.statusCode === 400)).toHaveLength(5);
    expect(guesses.filter((g) => g.statusCode === 429)).toHaveLength(7);
    const right = await member.browser.post(cardPath(replacement.id, 'activate'), {
      last4: plastic.number.slice(-4),
      expiry: plastic.expiry,
    });
    expectRefusal(right, 429, { code: 'RATE_LIMITED', message: m.activationTooMany });
  });

  it('asks for a card code bound to the card and the action: a limits code cannot show the number', async () => {
    const { member, card } = await memberWithCard(t);
    const forLimits = await verifiedCode(t, member, card.id, 'limits');
    expectRefusal(
      await member.browser.post(cardPath(card.id, 'details'), { challengeId: forLimits }),
      400,
      codeExpired,
    );
    // Verified for the limits, but not for another card.
    const creditId = await giveCreditCard(t, member);
    expectRefusal(
      await member.browser.request('PUT', cardPath(creditId, 'limits'), {
        json: { challengeId: forLimits, ...tenDollarLimits },
      }),
      400,
      codeExpired,
    );
  });

  it('a card code follows the sign-in code’s rules: six digits, a few tries, an expiry, used once', async () => {
    const { member, card } = await memberWithCard(t);
    const asked = await member.browser.post(cardPath(card.id, 'codes'), { action: 'details' });
    expect(asked.json()).toMatchObject({ method: 'email', message: m.otpSent });
    // The portal's spelling, "email", in what the code step says and in the card code e-mail itself.
    expect(asked.json<{ message: string }>().message).toBe(
      'We sent a 6-digit code to your email. Enter it to continue.',
    );
    const mail = await latestMail(t, member.email, 'card-code');
    for (const words of [mail.subject, mail.textBody, mail.htmlBody]) expect(words).not.toMatch(/e-mail/i);
    const { challengeId } = asked.json<{ challengeId: string }>();
    const code = await latestCardCode(t, member.email);
    const verify = (otp: string) =>
      member.browser.post(cardPath(card.id, 'codes/verify'), { challengeId, action: 'details', otp });
    expectRefusal(await verify('12ab56'), 400, otpRefused(m.otpInvalid));
    expectRefusal(await verify('12345'), 400, otpRefused(m.otpInvalid));
    const tries = t.config.security.otpMaxAttempts;
    for (let i = 0; i < tries; i++) expectRefusal(await verify(wrongCode(code)), 400, otpRefused(m.otpWrong));
    // Out of tries: the right code no longer works.
    expectRefusal(await verify(code), 400, codeExpired);

    // A fresh code expires.
    const again = (await member.browser.post(cardPath(card.id, 'codes'), { action: 'details' })).json<{
      challengeId: string;
    }>();
    const fresh = await latestCardCode(t, member.email);
    time.advance((t.config.security.otpTtlMinutes + 1) * MINUTE);
    expectRefusal(
      await member.browser.post(cardPath(card.id, 'codes/verify'), {
        challengeId: again.challengeId,
        action: 'details',
        otp: fresh,
      }),
      400,
      codeExpired,
    );
  });

  it('a member with an authenticator uses it for card codes, never one code twice, and gets no e-mail', async () => {
    const { member, card } = await memberWithCard(t);
    const totp = await enrolAuthenticator(member.browser, time.now);
    time.advance(TOTP_STEP);
    const ask = async () => {
      const asked = await member.browser.post(cardPath(card.id, 'codes'), { action: 'limits' });
      expect(asked.json()).toMatchObject({ method: 'totp', message: m.otpAuthenticator });
      return asked.json<{ challengeId: string }>().challengeId;
    };
    const code = totp();
    const first = await ask();
    const verify = (challengeId: string, otp: string) =>
      member.browser.post(cardPath(card.id, 'codes/verify'), { challengeId, action: 'limits', otp });
    expect((await verify(first, code)).statusCode).toBe(200);
    expectRefusal(await verify(await ask(), code), 400, otpRefused(m.otpWrong));
    expect(await mailsTo(t, member.email, 'card-code')).toHaveLength(0);
  });

  it('View Card Details shows the full number, expiry and CVV once per code, audited; never elsewhere', async () => {
    const { member, card } = await memberWithCard(t);
    const plastic = await plasticOf(t, card.id);
    const challengeId = await verifiedCode(t, member, card.id, 'details');
    const shown = await member.browser.post(cardPath(card.id, 'details'), { challengeId });
    expect(shown.statusCode, shown.body).toBe(200);
    const details = shown.json<CardDetails>();
    expect(details.number.replaceAll(' ', '')).toBe(plastic.number);
    expect(details).toMatchObject({
      expiry: plastic.expiry,
      nameOnCard: 'ROBIN TESTER',
      message: m.detailsVisible(60),
    });
    expect(details.cvv).toMatch(/^\d{3}$/);
    expect(new Date(details.visibleUntil).getTime() - t.clock().getTime()).toBe(60_000);
    // The same CVV each time: derived, not drawn.
    const again = await verifiedCode(t, member, card.id, 'details');
    expect(
      (await member.browser.post(cardPath(card.id, 'details'), { challengeId: again })).json<CardDetails>().cvv,
    ).toBe(details.cvv);
    // A spent code shows nothing more.
    expectRefusal(await member.browser.post(cardPath(card.id, 'details'), { challengeId }), 400, codeExpired);
    expect((await auditActions(t, member.id)).filter((a) => a === 'card.details_viewed')).toHaveLength(2);
    // Nowhere else: not in the overview, a statement, a lock's answer, nor the audit log.
    const elsewhere = [
      (await member.browser.get(CARDS)).body,
      (await member.browser.get(cardPath(card.id, 'statements'))).body,
      (await member.browser.post(cardPath(card.id, 'lock'))).body,
      JSON.stringify(await t.db.execute('select before, after from audit_log')),
    ];
    for (const body of elsewhere) {
      expect(body).not.toContain(plastic.number);
      expect(body).not.toContain(details.number);
    }
  });

  it('changes the PIN: 4 digits, twice, no trivial PIN; stored as a keyed hash, never in the clear', async () => {
    const { member, card } = await memberWithCard(t);
    const challengeId = await verifiedCode(t, member, card.id, 'pin');
    const change = (pin: string, confirmPin = pin) =>
      member.browser.post(cardPath(card.id, 'pin'), { challengeId, pin, confirmPin });
    for (const trivial of ['0000', '1111', '1234', '4321', '9876'])
      expectRefusal(await change(trivial), 400, fieldRefusal('pin', m.pinTrivial));
    expectRefusal(await change('48a1'), 400, fieldRefusal('pin', m.pinFormat));
    expectRefusal(await change('4821', '4812'), 400, fieldRefusal('confirmPin', m.pinMismatch));
    const changed = await change('4821');
    expect(changed.json<CardResult>()).toMatchObject({ message: m.pinChanged(card.last4), card: { pinSet: true } });
    const [row] = await t.db.select().from(cards).where(eq(cards.id, card.id));
    expect(row?.pinDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.pinDigest).toBe(t.cardKeys.pinDigest(card.id, '4821'));
    // The code was spent.
    expect((await change('4821')).statusCode).toBe(400);
    expect(await auditActions(t, member.id)).toContain('card.pin_changed');
  });

  it('sets limits within their ceilings (and per purchase within daily) and the three switches', async () => {
    const { member, card } = await memberWithCard(t);
    const limits = {
      perPurchase: '100.00',
      dailyPurchases: '300.00',
      dailyAtm: '200.00',
      online: false,
      international: true,
      atm: false,
    };
    const put = (change: Record<string, unknown>) => putLimits(t, member, card.id, { ...limits, ...change });
    expectRefusal(await put({ dailyAtm: '1000.01' }), 400, fieldRefusal('dailyAtm', m.limitTooHigh('$1,000.00')));
    expectRefusal(await put({ perPurchase: '300.01' }), 400, fieldRefusal('perPurchase', m.perPurchaseOverDaily));
    expectRefusal(await put({ perPurchase: '0' }), 400, fieldRefusal('perPurchase', m.limitInvalid));
    const saved = await put({});
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CardResult>().card.controls).toEqual(limits);
  });

  it('shows the credit card’s line and its statement: balance, minimum payment, due date, points', async () => {
    const member = await memberWithMoney(t, 0n);
    await giveCreditCard(t, member);
    const credit = await cardOf(member.browser, 'credit');
    expect(credit).toMatchObject({ design: 'Platinum', linkedAccount: null });
    expect(credit.credit).toMatchObject({ limit: '5000.00', balance: '0.00', available: '5000.00', rewardsRate: '2%' });
    const processor = new Processor(t);
    const plastic = await plasticOf(t, credit.id);
    const bought = await processor.authorize(plastic, '2000.00');
    expect((await processor.clear(bought.id, '2000.00')).statusCode).toBe(200);
    const statement = await member.browser.get(`${cardPath(credit.id, 'statements')}?month=2026-11`);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({
      month: '2026-11',
      purchases: '2000.00',
      credit: {
        openingBalance: '0.00',
        payments: '0.00',
        statementBalance: '2000.00',
        // 2% of 2,000.00 is 40.00: more than the $25 floor.
        minimumPayment: '40.00',
        dueDate: '2026-12-25',
        pointsEarned: 4000,
        open: true,
      },
    });
    // A month off the calendar, or in a year no date here can have (they reached the database as a 500).
    for (const month of ['2026-13', '0000-01', '9999-12']) {
      expectRefusal(
        await member.browser.get(`${cardPath(credit.id, 'statements')}?month=${month}`),
        400,
        fieldRefusal('month', 'Month is YYYY-MM'),
        month,
      );
    }
  });

  it(
    'reads a credit card statement from the line’s ledger balances: payments in their month, ' +
      'the next opening where it closed',
    async () => {
      const member = await memberWithMoney(t, 1000_00n);
      await giveCreditCard(t, member);
      const credit = await cardOf(member.browser, 'credit');
      const processor = new Processor(t);
      const bought = await processor.authorize(await plasticOf(t, credit.id), '400.00');
      expect((await processor.clear(bought.id, '400.00')).statusCode).toBe(200);
      const paid = await internalTransfer(member, {
        fromAccount: 'Checking',
        toAccount: 'Credit Card',
        amount: '150.00',
      });
      expect(paid.statusCode, paid.body).toBe(201);
      const statementOf = async (month: string) =>
        (await member.browser.get(`${cardPath(credit.id, 'statements')}?month=${month}`)).json<CardStatement>().credit;
      expect(await statementOf('2026-11')).toMatchObject({
        openingBalance: '0.00',
        payments: '150.00',
        statementBalance: '250.00',
        // The $25 floor: 2% of 250.00 is 5.00.
        minimumPayment: '25.00',
      });

      // December: the line opens where November closed; a December payment is December's.
      time.advance(7 * 24 * 60 * MINUTE);
      const more = await internalTransfer(member, {
        fromAccount: 'Checking',
        toAccount: 'Credit Card',
        amount: '50.00',
      });
      expect(more.statusCode, more.body).toBe(201);
      expect(await statementOf('2026-12')).toMatchObject({
        openingBalance: '250.00',
        payments: '50.00',
        statementBalance: '200.00',
      });
      // November, closed, is what it was.
      expect(await statementOf('2026-11')).toMatchObject({ payments: '150.00', statementBalance: '250.00' });
    },
  );

  it('a payment to the credit card goes up to what it owes, never into credit', async () => {
    const member = await memberWithMoney(t, 1000_00n);
    await giveCreditCard(t, member);
    const credit = await cardOf(member.browser, 'credit');
    const processor = new Processor(t);
    const plastic = await plasticOf(t, credit.id);
    const cleared = await processor.authorize(plastic, '300.00');
    expect((await processor.clear(cleared.id, '300.00')).statusCode).toBe(200);
    expect((await processor.authorize(plastic, '45.50')).decision).toBe('approved');
    const pay = (amount: string) =>
      internalTransfer(member, { fromAccount: 'Checking', toAccount: 'Credit Card', amount });
    const owes = (owed: string): ApiError => ({
      code: 'VALIDATION_FAILED',
      message: messages.transfers.moreThanCardOwes(owed),
      fields: { amount: messages.transfers.moreThanCardOwes(owed) },
    });

    // 300.00 posted (45.50 still waiting to clear is paid once it posts): 300.01 is a cent too much.
    expectRefusal(await pay('300.01'), 400, owes('$300.00'));
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '300.00', pending: '45.50' });
    expect((await balances(member.browser)).Checking.available).toBe('1000.00');

    // Two payments at once, each within what is owed, together beyond it: one passes.
    const racing = await Promise.all([pay('200.00'), pay('200.00')]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 400]);
    expect(racing.find((r) => r.statusCode === 400)?.json()).toEqual(owes('$100.00'));
    expect((await pay('100.00')).statusCode).toBe(201);
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({
      balance: '0.00',
      pending: '45.50',
      available: '4954.50',
    });
    expectRefusal(await pay('0.01'), 400, owes('$0.00'));
    expect((await balances(member.browser)).Checking.available).toBe('700.00');
  });

  it('another member’s card is not found, for every card route', async () => {
    const owner = await memberWithMoney(t, 0n);
    const other = await memberWithMoney(t, 0n);
    const card: Card = await cardOf(owner.browser);
    const notFound: ApiError = { code: 'NOT_FOUND', message: m.notFound };
    const challengeId = crypto.randomUUID();
    const attempts = [
      other.browser.get(cardPath(card.id, 'statements')),
      other.browser.post(cardPath(card.id, 'lock')),
      other.browser.post(cardPath(card.id, 'unlock')),
      other.browser.post(cardPath(card.id, 'report-lost'), { reason: 'lost' }),
      other.browser.post(cardPath(card.id, 'activate'), { last4: '1234', expiry: '01/30' }),
      other.browser.post(cardPath(card.id, 'codes'), { action: 'details' }),
      other.browser.post(cardPath(card.id, 'codes/verify'), { challengeId, action: 'details', otp: '123456' }),
      other.browser.post(cardPath(card.id, 'pin'), { challengeId, pin: '4821', confirmPin: '4821' }),
      other.browser.request('PUT', cardPath(card.id, 'limits'), {
        json: {
          challengeId,
          perPurchase: '1',
          dailyPurchases: '1',
          dailyAtm: '1',
          online: true,
          international: true,
          atm: true,
        },
      }),
      other.browser.post(cardPath(card.id, 'details'), { challengeId }),
    ];
    for (const response of await Promise.all(attempts)) expectRefusal(response, 404, notFound);
    expect((await cardOf(owner.browser)).status).toBe('active');
  });
});
