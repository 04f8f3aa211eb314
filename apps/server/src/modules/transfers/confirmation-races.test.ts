import { type TransferResult } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { enrolAuthenticator, stepStartClock, TOTP_STEP } from '../../test/authenticator';
import { balances, dollars, type Member, memberWithMoney, newKey, sendTransfer } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { challenge, externalForm, internationalForm, ordersOf, transferCode } from '../../test/transfer-forms';
import { transferChallenges } from './transfers.tables';

/**
 * Issue 14, finding 2: copies of one confirmation (one Idempotency-Key) sent at once — a double
 * click, a retry while the first is still running — make one transfer, and every copy gets its
 * answer, never "confirmation expired" because the first one used the code up a moment before.
 * On PostgreSQL the copies really run side by side (10 pool connections); on PGlite their
 * statements interleave.
 */

const COPIES = 5;
/** Rounds of copies: the race is a matter of milliseconds, so each test tries it several times. */
const ROUNDS = 20;

/** Every copy answered 201 with the same body; all but one say they are replays. */
function expectOneAnswer(responses: InjectResponse[]) {
  const summary = responses.map((r) => `${r.statusCode} ${r.statusCode === 201 ? '' : r.body}`);
  expect(summary).toEqual(responses.map(() => '201 '));
  const first = responses[0]?.json<TransferResult>();
  for (const response of responses) expect(response.json()).toEqual(first);
  expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(responses.length - 1);
}

describe('[TRANSFERS]: concurrent copies of one confirmation replay one answer', () => {
  const time = stepStartClock();
  const t = useLedgerTestApp({
    clock: time.clock,
    env: { AUTH_RATE_LIMIT: '1000', RATE_LIMIT_PER_MINUTE: '100000', TRANSFER_LIMIT_COUNT: '0' },
  });

  const confirmAll = (member: Member, body: unknown, key: string) =>
    Promise.all(
      Array.from({ length: COPIES }, () => sendTransfer(member.browser, '/api/transfers/external', body, key)),
    );

  it(`to a US bank with an e-mailed code: ${COPIES} copies at once, ${ROUNDS} times`, async () => {
    const member = await memberWithMoney(t, 1_000_00n);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const form = externalForm({ amount: `${round}.00` });
      const { challengeId } = await challenge(member.browser, form);
      const otp = await transferCode(t, member.email);
      expectOneAnswer(await confirmAll(member, { transfer: form, challengeId, otp }, newKey()));
      const [row] = await t.db.select().from(transferChallenges).where(eq(transferChallenges.id, challengeId));
      expect(row?.usedAt).not.toBeNull();
    }
    const amounts = Array.from({ length: ROUNDS }, (_, i) => BigInt(i + 1) * 100n);
    expect((await ordersOf(t, member.id)).map((o) => o.amount)).toEqual(amounts);
    const held = amounts.reduce((sum, cents) => sum + cents, 0n);
    expect(await balances(member.browser)).toMatchObject({
      Checking: { balance: '1000.00', available: dollars(1_000_00n - held) },
    });
  });

  it(`to a US bank with an authenticator code: ${COPIES} copies at once`, async () => {
    const member = await memberWithMoney(t, 1_000_00n);
    const totp = await enrolAuthenticator(member.browser, time.now);
    for (let round = 1; round <= ROUNDS; round += 1) {
      time.advance(TOTP_STEP);
      const form = externalForm({ amount: `${round}.00` });
      const issued = await challenge(member.browser, form);
      expect(issued.method).toBe('totp');
      expectOneAnswer(
        await confirmAll(member, { transfer: form, challengeId: issued.challengeId, otp: totp() }, newKey()),
      );
    }
    expect(await ordersOf(t, member.id)).toHaveLength(ROUNDS);
  });

  it('a copy arriving after the transfer was made replays it; another key with the used code does not', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const form = externalForm({ amount: '7.00' });
    const { challengeId } = await challenge(member.browser, form);
    const body = { transfer: form, challengeId, otp: await transferCode(t, member.email) };
    const key = newKey();
    const first = await sendTransfer(member.browser, '/api/transfers/external', body, key);
    expect(first.statusCode).toBe(201);
    const late = await sendTransfer(member.browser, '/api/transfers/external', body, key);
    expect(late.statusCode).toBe(201);
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.json()).toEqual(first.json());
    const other = await sendTransfer(member.browser, '/api/transfers/external', body, newKey());
    expect(other.statusCode).toBe(400);
    expect(other.json<{ code: string }>().code).toBe('CONFIRMATION_EXPIRED');
    expect(await ordersOf(t, member.id)).toHaveLength(1);
  });

  it(`international: ${COPIES} copies at once, ${ROUNDS} times`, async () => {
    const member = await memberWithMoney(t, 1_000_00n);
    for (let round = 1; round <= ROUNDS; round += 1) {
      const form = internationalForm({ amount: `${round}.00` });
      const key = newKey();
      expectOneAnswer(
        await Promise.all(
          Array.from({ length: COPIES }, () => sendTransfer(member.browser, '/api/transfers/international', form, key)),
        ),
      );
    }
    expect(await ordersOf(t, member.id)).toHaveLength(ROUNDS);
    expect(await balances(member.browser)).toMatchObject({ Checking: { available: dollars(1_000_00n - 210_00n) } });
  });
});
