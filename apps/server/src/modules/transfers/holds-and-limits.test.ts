import { messages } from '@mutual/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditActions, createPerson, mailsTo, manualClock, MINUTE, signIn } from '../../test/identity';
import { balances, type Member, memberWithMoney, overview, sendTransfer, settledBalances } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import {
  challenge,
  errorOf,
  externalForm,
  externalTransfer,
  internalTransfer,
  internationalForm,
  limitReachedError,
  notificationsOf,
  ordersOf,
  SMALL_LIMIT,
  transferCode,
  transferLimitEnv,
  userForm,
  userTransfer,
} from '../../test/transfer-forms';
import type { Actor } from '../audit/record-audit';
import { liftHold, placeHold } from '../holds/holds';

const m = messages.transfers;
const HOUR = 60 * MINUTE;
const meta = { ipAddress: '10.0.0.1', userAgent: 'test' };

describe('[TRANSFERS]: staff holds and the outgoing transfer limit', () => {
  let staff: Actor;
  const time = manualClock();
  const t = useLedgerTestApp({
    clock: time.clock,
    env: {
      ...transferLimitEnv(SMALL_LIMIT),
      SESSION_IDLE_MINUTES: '600',
      AUTH_RATE_LIMIT: '100',
    },
  });
  beforeAll(async () => {
    const person = await createPerson(t, { role: 'admin' });
    staff = { userId: person.id, email: person.email };
  });

  const hold = (userId: string) =>
    t.db.transaction((tx) =>
      placeHold(tx, { userId, reason: 'Suspected account takeover', actor: staff, meta, now: time.now() }),
    );
  const lift = (userId: string) =>
    t.db.transaction((tx) =>
      liftHold(tx, { userId, reason: 'Member verified in branch', actor: staff, meta, now: time.now() }),
    );
  const limitReached = limitReachedError(SMALL_LIMIT);

  /** Every kind of transfer, each answered (the external one with a code issued beforehand when given). */
  async function everyKind(member: Member, recipientEmail: string, issued?: { challengeId: string; otp: string }) {
    return {
      internal: await internalTransfer(member, { amount: '1.00' }),
      user: await sendTransfer(member.browser, '/api/transfers/user', userForm(recipientEmail, { amount: '1.00' })),
      challenge: await member.browser.post('/api/transfers/external/challenge', externalForm({ amount: '1.00' })),
      ...(issued && {
        external: await sendTransfer(member.browser, '/api/transfers/external', {
          transfer: externalForm({ amount: '1.00' }),
          ...issued,
        }),
      }),
      international: await sendTransfer(
        member.browser,
        '/api/transfers/international',
        internationalForm({ amount: '1.00' }),
      ),
    };
  }

  it("a hold ends the member's sessions and refuses every transfer with ACCOUNT_LOCKED, moving nothing", async () => {
    const member = await memberWithMoney(t, 500_00n);
    const recipient = await memberWithMoney(t, 0n);
    const { challengeId } = await challenge(member.browser, externalForm({ amount: '1.00' }));
    const otp = await transferCode(t, member.email);

    await hold(member.id);
    expect((await member.browser.get('/api/me/accounts')).statusCode).toBe(401);
    const again: Member = { ...member, browser: await signIn(t, member.email) };

    const answers = await everyKind(again, recipient.email, { challengeId, otp });
    for (const [kind, response] of Object.entries(answers)) {
      expectRefusal(response, 403, { code: 'ACCOUNT_LOCKED', message: m.onHold }, kind);
    }
    expect(await balances(again.browser)).toEqual(settledBalances('500.00', '0.00'));
    expect(await balances(recipient.browser)).toMatchObject({ Checking: { balance: '0.00' } });
    expect(await notificationsOf(recipient.browser)).toEqual([]);
    expect(await ordersOf(t, member.id)).toEqual([]);
    expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(1);
    // The dashboard says so before a form is filled in; the recipient is not on hold.
    expect(await overview(again.browser)).toMatchObject({ transferLimit: { used: 0 }, onHold: true });
    expect((await overview(recipient.browser)).onHold).toBe(false);
    expect(await auditActions(t, member.id)).toContain('hold.placed');
  });

  it('lifting the hold lets every transfer through again', async () => {
    const member = await memberWithMoney(t, 500_00n);
    const recipient = await memberWithMoney(t, 0n);
    await hold(member.id);
    await lift(member.id);
    const again: Member = { ...member, browser: await signIn(t, member.email) };
    expect((await overview(again.browser)).onHold).toBe(false);
    const answers = await everyKind(again, recipient.email);
    for (const [kind, response] of Object.entries(answers))
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(201);
    expect(await balances(again.browser)).toMatchObject({
      Checking: { balance: '498.00', available: '497.00' },
      Savings: { balance: '1.00' },
    });
    expect(await balances(recipient.browser)).toMatchObject({ Checking: { balance: '1.00' } });
    expect(await auditActions(t, member.id)).toEqual(expect.arrayContaining(['hold.placed', 'hold.lifted']));
  });

  it(
    'refuses the third outgoing transfer in the window (TRANSFER_LIMIT_REACHED); ' +
      'own-account transfers do not count',
    async () => {
      const member = await memberWithMoney(t, 500_00n);
      const recipient = await memberWithMoney(t, 0n);
      expect((await overview(member.browser)).transferLimit).toEqual({
        limit: SMALL_LIMIT.count,
        used: 0,
        windowHours: SMALL_LIMIT.windowHours,
      });

      expect((await userTransfer(member, recipient, { amount: '10.00' })).statusCode).toBe(201);
      expect((await internalTransfer(member, { amount: '10.00' })).statusCode).toBe(201);
      expect((await overview(member.browser)).transferLimit.used).toBe(1);
      expect(
        (await externalTransfer(t, member.browser, member.email, externalForm({ amount: '10.00' }))).statusCode,
      ).toBe(201);
      expect((await overview(member.browser)).transferLimit).toEqual({
        limit: SMALL_LIMIT.count,
        used: 2,
        windowHours: SMALL_LIMIT.windowHours,
      });

      const refused = {
        user: await userTransfer(member, recipient, { amount: '10.00' }),
        international: await sendTransfer(
          member.browser,
          '/api/transfers/international',
          internationalForm({ amount: '10.00' }),
        ),
        challenge: await member.browser.post('/api/transfers/external/challenge', externalForm({ amount: '10.00' })),
      };
      for (const [kind, response] of Object.entries(refused)) {
        expectRefusal(response, 422, limitReached, kind);
      }
      expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(1);
      expect(
        (await internalTransfer(member, { fromAccount: 'Savings', toAccount: 'Checking', amount: '5.00' })).statusCode,
      ).toBe(201);

      expect(await balances(member.browser)).toEqual({
        Checking: { balance: '485.00', available: '475.00' },
        Savings: { balance: '5.00', available: '5.00' },
      });
      expect(await balances(recipient.browser)).toMatchObject({ Checking: { balance: '10.00' } });
      expect(await notificationsOf(recipient.browser)).toHaveLength(1);
      expect(await ordersOf(t, member.id)).toHaveLength(1);
      expect((await overview(member.browser)).transferLimit.used).toBe(2);
    },
  );

  it('counts an external transfer when it is confirmed: a code issued earlier cannot pass the limit', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const recipient = await memberWithMoney(t, 0n);
    const form = externalForm({ amount: '10.00' });
    const { challengeId } = await challenge(member.browser, form);
    const otp = await transferCode(t, member.email);
    for (let i = 0; i < SMALL_LIMIT.count; i += 1) {
      expect((await userTransfer(member, recipient, { amount: '1.00' })).statusCode).toBe(201);
    }
    const response = await sendTransfer(member.browser, '/api/transfers/external', {
      transfer: form,
      challengeId,
      otp,
    });
    expectRefusal(response, 422, limitReached);
    expect(await ordersOf(t, member.id)).toEqual([]);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '98.00', available: '98.00' } });
  });

  it('does not count a refused transfer', async () => {
    const member = await memberWithMoney(t, 20_00n);
    const recipient = await memberWithMoney(t, 0n);
    const refusals = [
      await userTransfer(member, recipient, { amount: '20.01' }),
      await sendTransfer(member.browser, '/api/transfers/user', userForm('nobody@example.com')),
      await sendTransfer(member.browser, '/api/transfers/international', internationalForm({ amount: '20.01' })),
    ];
    expect(refusals.map((response) => response.statusCode)).toEqual([422, 400, 422]);
    expect((await overview(member.browser)).transferLimit.used).toBe(0);
    expect((await userTransfer(member, recipient, { amount: '1.00' })).statusCode).toBe(201);
    expect(
      (await sendTransfer(member.browser, '/api/transfers/international', internationalForm({ amount: '1.00' })))
        .statusCode,
    ).toBe(201);
    expect((await overview(member.browser)).transferLimit.used).toBe(2);
    const third = await userTransfer(member, recipient, { amount: '1.00' });
    expect(errorOf(third)).toEqual(limitReached);
    expect((await overview(member.browser)).transferLimit.used).toBe(2);
  });

  it('starts a new window TRANSFER_LIMIT_WINDOW_HOURS after the first transfer of the window', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const recipient = await memberWithMoney(t, 0n);
    const send = () => userTransfer(member, recipient, { amount: '1.00' });
    expect((await send()).statusCode).toBe(201);
    time.advance(30 * MINUTE);
    expect((await send()).statusCode).toBe(201);

    time.advance(SMALL_LIMIT.windowHours * HOUR - 30 * MINUTE - 1_000);
    expect(errorOf(await send())).toEqual(limitReached);
    expect((await overview(member.browser)).transferLimit.used).toBe(2);

    time.advance(1_000);
    expect((await overview(member.browser)).transferLimit.used).toBe(0);
    expect((await send()).statusCode).toBe(201);
    expect((await overview(member.browser)).transferLimit.used).toBe(1);
    expect((await send()).statusCode).toBe(201);
    expect(errorOf(await send())).toEqual(limitReached);
    expect((await balances(recipient.browser)).Checking.balance).toBe('4.00');
  });
});
