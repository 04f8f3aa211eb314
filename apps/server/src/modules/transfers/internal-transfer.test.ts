import { IDEMPOTENCY_HEADER, messages, type TransferResult } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditActions, Browser } from '../../test/identity';
import {
  balances,
  deposit,
  memberWithMoney,
  newKey,
  postedBalances,
  sendTransfer,
  settledBalances,
} from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { errorOf, history, internalForm } from '../../test/transfer-forms';
import { idempotencyKeys } from '../ledger/ledger.tables';

const m = messages.transfers;
const INTERNAL = '/api/transfers/internal';

describe('[TRANSFERS]: between my own accounts', () => {
  const t = useLedgerTestApp();

  it('moves the money at once: balance and available of both accounts change by the exact cents', async () => {
    const member = await memberWithMoney(t, 1_000_00n);
    await deposit(t, member.id, 50_00n, 'Savings');

    const response = await sendTransfer(
      member.browser,
      INTERNAL,
      internalForm({ amount: '250.37', reference: 'Rainy day' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<TransferResult>();
    expect(result).toMatchObject({
      transferType: 'internal',
      status: 'Completed',
      amount: '250.37',
      fromAccount: 'Checking',
      paymentOrderId: null,
      message: m.internalDone('$250.37', 'Checking', 'Savings'),
    });
    expect(response.headers['idempotent-replayed']).toBeUndefined();
    expect(await balances(member.browser)).toEqual(settledBalances('749.63', '300.37'));

    const back = await sendTransfer(
      member.browser,
      INTERNAL,
      internalForm({ fromAccount: 'Savings', toAccount: 'Checking', amount: '0.37' }),
    );
    expect(back.statusCode, back.body).toBe(201);
    expect(await balances(member.browser)).toEqual(settledBalances('750.00', '300.00'));

    const rows = (await history(member.browser, 'q=Rainy')).items;
    expect(
      rows.map((row) => [row.accountType, row.type, row.amount, row.description, row.status, row.reference]),
    ).toEqual(
      expect.arrayContaining([
        ['Checking', 'debit', '250.37', 'Transfer to Savings', 'Completed', 'Rainy day'],
        ['Savings', 'credit', '250.37', 'Transfer from Checking', 'Completed', 'Rainy day'],
      ]),
    );
    expect(rows.every((row) => row.transferId === result.transferId)).toBe(true);
    expect(await auditActions(t, member.id)).toContain('transfer.internal');
  });

  it('accepts the smallest amount, 0.01, and moves the whole available balance', async () => {
    const member = await memberWithMoney(t, 5_00n);
    expect((await sendTransfer(member.browser, INTERNAL, internalForm({ amount: '0.01' }))).statusCode).toBe(201);
    expect((await sendTransfer(member.browser, INTERNAL, internalForm({ amount: '4.99' }))).statusCode).toBe(201);
    expect(await balances(member.browser)).toEqual(settledBalances('0.00', '5.00'));
  });

  it('refuses missing fields with "Please fill in all fields" for each field', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const response = await sendTransfer(member.browser, INTERNAL, { transferType: 'internal' });
    expectRefusal(response, 400, {
      code: 'VALIDATION_FAILED',
      message: m.fillAllFields,
      fields: {
        fromAccount: m.fillAllFields,
        toAccount: m.fillAllFields,
        amount: m.fillAllFields,
        reference: m.fillAllFields,
      },
    });
    const blanks = [{ fromAccount: '' }, { toAccount: '' }, { amount: '' }, { amount: '   ' }, { reference: '  ' }];
    for (const blank of blanks) {
      const field = Object.keys(blank)[0] ?? '';
      const refused = await sendTransfer(member.browser, INTERNAL, { ...internalForm(), ...blank });
      expect(refused.statusCode, JSON.stringify(blank)).toBe(400);
      expect(errorOf(refused).fields?.[field], JSON.stringify(blank)).toBe(m.fillAllFields);
    }
    expect(await balances(member.browser)).toMatchObject(postedBalances('100.00', '0.00'));
  });

  it('refuses the same account on both sides with "Cannot transfer to the same account"', async () => {
    const member = await memberWithMoney(t, 100_00n);
    for (const account of ['Checking', 'Savings'] as const) {
      const response = await sendTransfer(
        member.browser,
        INTERNAL,
        internalForm({ fromAccount: account, toAccount: account }),
      );
      expectRefusal(response, 400, fieldRefusal('toAccount', m.sameAccount));
    }
    expect(await balances(member.browser)).toMatchObject(postedBalances('100.00', '0.00'));
    expect((await history(member.browser, 'category=Transfer')).items.length).toBe(0);
  });

  it('refuses an amount that is not a positive number of cents with "Please enter a valid amount"', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const invalidAmount = fieldRefusal('amount', m.invalidAmount);
    for (const amount of ['0', '0.00', '-5', '-0.01', 'abc', '1.001', '1e3', '$5', '1,000', '999999999999999.99']) {
      const response = await sendTransfer(member.browser, INTERNAL, internalForm({ amount }));
      expectRefusal(response, 400, invalidAmount, amount);
    }
    const number = await sendTransfer(member.browser, INTERNAL, { ...internalForm(), amount: 5 });
    expect(number.statusCode).toBe(400);
    expect(errorOf(number).fields?.amount).toBe(m.fillAllFields);
    expect(await balances(member.browser)).toMatchObject(postedBalances('100.00', '0.00'));
  });

  it('refuses more than the available balance with INSUFFICIENT_FUNDS and changes nothing', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const response = await sendTransfer(member.browser, INTERNAL, internalForm({ amount: '100.01' }));
    expectRefusal(response, 422, {
      code: 'INSUFFICIENT_FUNDS',
      message: m.insufficientFunds,
      fields: { amount: m.insufficientFunds },
    });

    const fromSavings = await sendTransfer(
      member.browser,
      INTERNAL,
      internalForm({ fromAccount: 'Savings', toAccount: 'Checking', amount: '0.01' }),
    );
    expect(fromSavings.statusCode).toBe(422);
    expect(errorOf(fromSavings).code).toBe('INSUFFICIENT_FUNDS');

    expect(await balances(member.browser)).toEqual(settledBalances('100.00', '0.00'));
    expect((await history(member.browser, 'category=Transfer')).items.length).toBe(0);
    expect(await auditActions(t, member.id)).not.toContain('transfer.internal');
  });

  it('refuses a body with fields the form does not have', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const response = await sendTransfer(member.browser, INTERNAL, { ...internalForm(), toAccountId: 'someone-else' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe('VALIDATION_FAILED');
    expect(errorOf(response).message).toMatch(/toAccountId/);
    const wrongKind = await sendTransfer(member.browser, INTERNAL, { ...internalForm(), transferType: 'user' });
    expect(wrongKind.statusCode).toBe(400);
    expect(await balances(member.browser)).toMatchObject(postedBalances('100.00', '0.00'));
  });

  it('needs an Idempotency-Key header of 16 to 100 safe characters', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const missing = await member.browser.post(INTERNAL, internalForm());
    expectRefusal(missing, 400, fieldRefusal(IDEMPOTENCY_HEADER, m.idempotencyKeyRequired));
    for (const key of ['short', 'x'.repeat(101), 'has spaces in the key!!', 'ключ-ключ-ключ-ключ']) {
      const response = await sendTransfer(member.browser, INTERNAL, internalForm(), key);
      expect(response.statusCode, key).toBe(400);
      expect(errorOf(response), key).toMatchObject({ code: 'VALIDATION_FAILED', message: m.idempotencyKeyRequired });
    }
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00' } });
    expect(await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, member.id))).toEqual([]);
    expect((await sendTransfer(member.browser, INTERNAL, internalForm(), 'a'.repeat(16))).statusCode).toBe(201);
  });

  it('is for signed-in members only', async () => {
    const anonymous = await new Browser(t).post(INTERNAL, internalForm(), {
      headers: { [IDEMPOTENCY_HEADER]: newKey() },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
