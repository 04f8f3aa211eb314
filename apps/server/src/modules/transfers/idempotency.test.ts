import { messages, type TransferResult } from '@mutual/shared';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { mailsTo, wrongCode } from '../../test/identity';
import {
  balances,
  deposit,
  type Member,
  memberWithMoney,
  newKey,
  postedBalances,
  sendTransfer,
} from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
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
  const t = useLedgerTestApp({ env: { AUTH_RATE_LIMIT: '100' } });

  /** The same request twice under one idempotency key. */
  async function sendTwice(member: Member, path: string, body: unknown) {
    const key = newKey();
    const first = await sendTransfer(member.browser, path, body, key);
    const second = await sendTransfer(member.browser, path, body, key);
    return { first, second };
  }
  /** `replay` is the stored answer to `original`, sent again: same status and body, marked replayed. */
  function expectReplayOf(replay: InjectResponse, original: InjectResponse) {
    expect(replay.statusCode).toBe(original.statusCode);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(original.json());
  }

  it(
    'internal: the same key and body again gets the same answer, ' + 'marked replayed, and moves nothing more',
    async () => {
      const member = await memberWithMoney(t, 100_00n);
      const { first, second } = await sendTwice(member, '/api/transfers/internal', internalForm({ amount: '30.00' }));
      expect(first.statusCode).toBe(201);
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expectReplayOf(second, first);
      expect(await balances(member.browser)).toMatchObject(postedBalances('70.00', '30.00'));
      expect((await history(member.browser, 'category=Transfer')).items.length).toBe(2);
    },
  );

  it('to a member: one transfer, one notification, one e-mail', async () => {
    const sender = await memberWithMoney(t, 100_00n);
    const recipient = await memberWithMoney(t, 0n);
    const form = userForm(recipient.email, { amount: '25.00' });
    const { first, second } = await sendTwice(sender, '/api/transfers/user', form);
    expect(first.statusCode).toBe(201);
    expectReplayOf(second, first);
    expect((await balances(sender.browser)).Checking.balance).toBe('75.00');
    expect((await balances(recipient.browser)).Checking.balance).toBe('25.00');
    expect(await notificationsOf(recipient.browser)).toHaveLength(1);
    expect(await mailsTo(t, recipient.email, 'transfer-received')).toHaveLength(1);
  });

  it('international: one order, one hold', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const { first, second } = await sendTwice(
      member,
      '/api/transfers/international',
      internationalForm({ amount: '40.00' }),
    );
    expect(first.statusCode).toBe(201);
    expectReplayOf(second, first);
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
    expectReplayOf(replayed, refused);
    expect(await balances(member.browser)).toMatchObject(postedBalances('110.00', '0.00'));

    expect((await sendTransfer(member.browser, '/api/transfers/internal', form)).statusCode).toBe(201);
    expect(await balances(member.browser)).toMatchObject(postedBalances('60.00', '50.00'));
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
      expectRefusal(response, 422, { code: 'IDEMPOTENCY_KEY_REUSED', message: m.idempotencyKeyReused });
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
    const confirm = (code: string, transfer = form) =>
      sendTransfer(member.browser, '/api/transfers/external', { transfer, challengeId, otp: code }, key);

    const mistyped = await confirm(wrongCode(otp));
    expect(mistyped.statusCode).toBe(400);
    expect(errorOf(mistyped).message).toBe(m.otpInvalid);

    const confirmed = await confirm(otp);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.headers['idempotent-replayed']).toBeUndefined();
    for (const code of [otp, wrongCode(otp)]) {
      const retried = await confirm(code);
      expectReplayOf(retried, confirmed);
    }
    const changed = await confirm(otp, { ...form, amount: '20.01' });
    expect(errorOf(changed).code).toBe('IDEMPOTENCY_KEY_REUSED');

    expect(await ordersOf(t, member.id)).toHaveLength(1);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '80.00' } });
  });
});
