import { messages, type TransferResult } from '@mutual/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo, type TestApp, wrongCode } from '../../test/identity';
import { balances, deposit, expectLedgerConsistent, memberWithMoney, newKey, sendTransfer } from '../../test/money';
import { createTestApp } from '../../test/test-app';
import {
  challenge,
  errorOf,
  externalForm,
  history,
  internalForm,
  internationalForm,
  notificationsOf,
  ordersOf,
  transferCode,
  userForm,
} from '../../test/transfer-forms';

const m = messages.transfers;

describe('[TRANSFERS]: a repeated request is answered, never done twice', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT: '100' } });
  });
  afterEach(() => expectLedgerConsistent(t));
  afterAll(() => t.close());

  it(
    'internal: the same key and body again gets the same answer, ' + 'marked replayed, and moves nothing more',
    async () => {
      const member = await memberWithMoney(t, 100_00n);
      const key = newKey();
      const first = await sendTransfer(
        member.browser,
        '/api/transfers/internal',
        internalForm({ amount: '30.00' }),
        key,
      );
      const second = await sendTransfer(
        member.browser,
        '/api/transfers/internal',
        internalForm({ amount: '30.00' }),
        key,
      );
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(second.statusCode).toBe(201);
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await balances(member.browser)).toMatchObject({
        Checking: { balance: '70.00' },
        Savings: { balance: '30.00' },
      });
      expect((await history(member.browser, 'category=Transfer')).items.length).toBe(2);
    },
  );

  it('to a member: one transfer, one notification, one e-mail', async () => {
    const sender = await memberWithMoney(t, 100_00n);
    const recipient = await memberWithMoney(t, 0n);
    const key = newKey();
    const form = userForm(recipient.email, { amount: '25.00' });
    const first = await sendTransfer(sender.browser, '/api/transfers/user', form, key);
    const second = await sendTransfer(sender.browser, '/api/transfers/user', form, key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json<TransferResult>()).toEqual(first.json<TransferResult>());
    expect((await balances(sender.browser)).Checking.balance).toBe('75.00');
    expect((await balances(recipient.browser)).Checking.balance).toBe('25.00');
    expect(await notificationsOf(recipient.browser)).toHaveLength(1);
    expect(await mailsTo(t, recipient.email, 'transfer-received')).toHaveLength(1);
  });

  it('international: one order, one hold', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const key = newKey();
    const first = await sendTransfer(
      member.browser,
      '/api/transfers/international',
      internationalForm({ amount: '40.00' }),
      key,
    );
    const second = await sendTransfer(
      member.browser,
      '/api/transfers/international',
      internationalForm({ amount: '40.00' }),
      key,
    );
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await ordersOf(t, member.id)).toHaveLength(1);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '60.00' } });
  });

  it('replays a refusal too, even after the money has arrived; a new key tries again', async () => {
    const member = await memberWithMoney(t, 10_00n);
    const key = newKey();
    const form = internalForm({ amount: '50.00' });
    const refused = await sendTransfer(member.browser, '/api/transfers/internal', form, key);
    expect(refused.statusCode).toBe(422);
    expect(errorOf(refused).code).toBe('INSUFFICIENT_FUNDS');

    await deposit(t, member.id, 100_00n);
    const replayed = await sendTransfer(member.browser, '/api/transfers/internal', form, key);
    expect(replayed.statusCode).toBe(422);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(refused.json());
    expect(await balances(member.browser)).toMatchObject({
      Checking: { balance: '110.00' },
      Savings: { balance: '0.00' },
    });

    expect((await sendTransfer(member.browser, '/api/transfers/internal', form)).statusCode).toBe(201);
    expect(await balances(member.browser)).toMatchObject({
      Checking: { balance: '60.00' },
      Savings: { balance: '50.00' },
    });
  });

  it('does not spend a key on a form that is not valid', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const key = newKey();
    expect(
      (await sendTransfer(member.browser, '/api/transfers/internal', internalForm({ amount: 'abc' }), key)).statusCode,
    ).toBe(400);
    const valid = await sendTransfer(member.browser, '/api/transfers/internal', internalForm({ amount: '1.00' }), key);
    expect(valid.statusCode).toBe(201);
    expect(valid.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a key used with another body or on another form (IDEMPOTENCY_KEY_REUSED), changing nothing', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const recipient = await memberWithMoney(t, 0n);
    const key = newKey();
    expect(
      (await sendTransfer(member.browser, '/api/transfers/internal', internalForm({ amount: '10.00' }), key))
        .statusCode,
    ).toBe(201);
    const attempts = [
      sendTransfer(member.browser, '/api/transfers/internal', internalForm({ amount: '10.01' }), key),
      sendTransfer(
        member.browser,
        '/api/transfers/internal',
        internalForm({ amount: '10.00', reference: 'changed' }),
        key,
      ),
      sendTransfer(member.browser, '/api/transfers/user', userForm(recipient.email, { amount: '10.00' }), key),
      sendTransfer(member.browser, '/api/transfers/international', internationalForm({ amount: '10.00' }), key),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(422);
      expect(errorOf(response)).toEqual({ code: 'IDEMPOTENCY_KEY_REUSED', message: m.idempotencyKeyReused });
    }
    expect(await balances(member.browser)).toMatchObject({
      Checking: { balance: '90.00', available: '90.00' },
      Savings: { balance: '10.00' },
    });
    expect((await balances(recipient.browser)).Checking.balance).toBe('0.00');
    expect(await ordersOf(t, member.id)).toHaveLength(0);
  });

  it('keeps keys per member: two members may use the same key', async () => {
    const a = await memberWithMoney(t, 100_00n);
    const b = await memberWithMoney(t, 100_00n);
    const key = newKey();
    const first = await sendTransfer(a.browser, '/api/transfers/internal', internalForm({ amount: '5.00' }), key);
    const second = await sendTransfer(b.browser, '/api/transfers/internal', internalForm({ amount: '7.00' }), key);
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(second.json<TransferResult>().transferId).not.toBe(first.json<TransferResult>().transferId);
    expect((await balances(a.browser)).Savings.balance).toBe('5.00');
    expect((await balances(b.browser)).Savings.balance).toBe('7.00');
  });

  it('external: a confirmation retried with the same key after a mistyped code succeeds once', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const form = externalForm({ amount: '20.00' });
    const { challengeId } = await challenge(member.browser, form);
    const otp = await transferCode(t, member.email);
    const key = newKey();

    const mistyped = await sendTransfer(
      member.browser,
      '/api/transfers/external',
      { transfer: form, challengeId, otp: wrongCode(otp) },
      key,
    );
    expect(mistyped.statusCode).toBe(400);
    expect(errorOf(mistyped).message).toBe(m.otpInvalid);

    const confirmed = await sendTransfer(
      member.browser,
      '/api/transfers/external',
      { transfer: form, challengeId, otp },
      key,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.headers['idempotent-replayed']).toBeUndefined();
    for (const code of [otp, wrongCode(otp)]) {
      const retried = await sendTransfer(
        member.browser,
        '/api/transfers/external',
        { transfer: form, challengeId, otp: code },
        key,
      );
      expect(retried.statusCode).toBe(201);
      expect(retried.headers['idempotent-replayed']).toBe('true');
      expect(retried.json()).toEqual(confirmed.json());
    }
    const changed = await sendTransfer(
      member.browser,
      '/api/transfers/external',
      { transfer: { ...form, amount: '20.01' }, challengeId, otp },
      key,
    );
    expect(errorOf(changed).code).toBe('IDEMPOTENCY_KEY_REUSED');

    expect(await ordersOf(t, member.id)).toHaveLength(1);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '80.00' } });
  });
});
