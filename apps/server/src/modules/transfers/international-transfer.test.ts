import { type InternationalTransferInput, messages, type TransferResult } from '@mutual/shared';
import { describe, expect, it } from 'vitest';
import { auditActions, mailsTo } from '../../test/identity';
import { balances, deposit, expectCheckingFigures, type Member, memberWithMoney, sendTransfer } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { errorOf, history, internationalForm, ordersOf, storedOrdersOf } from '../../test/transfer-forms';

const m = messages.transfers;
const INTERNATIONAL = '/api/transfers/international';

describe('[TRANSFERS]: international wire', () => {
  const t = useLedgerTestApp();

  const send = (member: Member, change: Partial<InternationalTransferInput>) =>
    sendTransfer(member.browser, INTERNATIONAL, internationalForm(change));
  /** Expects the form with `change` refused with 400 and exactly the per-field messages `fields`. */
  async function expectFieldsRefused(member: Member, change: Partial<InternationalTransferInput>, fields: object) {
    const response = await send(member, change);
    expect(response.statusCode, JSON.stringify(change)).toBe(400);
    expect(errorOf(response).fields, JSON.stringify(change)).toEqual(fields);
  }

  it('holds the funds in a pending wire order with the details as entered, cleaned up', async () => {
    const member = await memberWithMoney(t, 2_000_00n);
    const form = internationalForm({
      amount: '1234.56',
      swiftCode: ' deutdeff500 ',
      accountNumber: ' 0532 0130 00 ',
      iban: 'de89 3704 0044 0532 0130 00',
      reference: 'Invoice 7',
    });
    const response = await sendTransfer(member.browser, INTERNATIONAL, form);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json<TransferResult>();
    expect(result).toMatchObject({
      transferType: 'international',
      status: 'Pending',
      amount: '1234.56',
      fromAccount: 'Checking',
      message: m.internationalDone('$1,234.56', 'Deutsche Bank'),
      paymentOrderId: expect.any(String),
    });

    await expectCheckingFigures(member.browser, { balance: '2000.00', available: '765.44', pending: '1234.56' });
    expect(await ordersOf(t, member.id)).toEqual([
      expect.objectContaining({
        id: result.paymentOrderId,
        rail: 'international',
        status: 'pending',
        amount: 1_234_56n,
        pendingTransferId: result.transferId,
        beneficiaryName: 'Lena Vogel',
        bankName: 'Deutsche Bank',
        swiftCode: 'DEUTDEFF500',
        accountNumber: '0532013000',
        iban: 'DE89370400440532013000',
        country: 'DE',
        currency: 'EUR',
        routingNumber: null,
        reference: 'Invoice 7',
      }),
    ]);
    const [stored] = await storedOrdersOf(t, member.id);
    for (const sealed of [stored?.accountNumber, stored?.iban]) {
      expect(sealed).toMatch(/^v1:/);
      expect(sealed).not.toContain('0532013000');
    }
    expect((await history(member.browser)).items[0]).toMatchObject({
      transferId: result.transferId,
      type: 'debit',
      amount: '1234.56',
      status: 'Pending',
      description: 'International transfer to Lena Vogel (Germany, EUR)',
      reference: 'Invoice 7',
    });
    expect(await auditActions(t, member.id)).toContain('transfer.international');
    // No second factor is asked for a wire (spec §5), so no code is sent.
    expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(0);
  });

  it('takes no IBAN as none, and sends from Savings too', async () => {
    const member = await memberWithMoney(t, 0n);
    await deposit(t, member.id, 50_00n, 'Savings');
    const response = await sendTransfer(
      member.browser,
      INTERNATIONAL,
      internationalForm({ fromAccount: 'Savings', iban: '', amount: '50.00', country: 'GB', currency: 'GBP' }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(await ordersOf(t, member.id)).toEqual([
      expect.objectContaining({ iban: null, country: 'GB', currency: 'GBP', amount: 50_00n }),
    ]);
    expect(await balances(member.browser)).toMatchObject({
      Savings: { balance: '50.00', available: '0.00' },
      Checking: { balance: '0.00' },
    });
  });

  it('takes a SWIFT/BIC code of 8 to 11 letters and digits ("Invalid SWIFT/BIC code")', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const invalidSwift = fieldRefusal('swiftCode', m.invalidSwift);
    for (const swiftCode of ['DEUTDEF', 'DEUTDEFF5001', 'DEUT-DEFF', 'DEUT DEFF', 'DEÜTDEFF']) {
      expectRefusal(await send(member, { swiftCode }), 400, invalidSwift, swiftCode);
    }
    expect(errorOf(await send(member, { swiftCode: ' ' })).fields).toEqual({ swiftCode: m.fillAllFields });
    expect(await ordersOf(t, member.id)).toHaveLength(0);
    expect((await send(member, { swiftCode: 'deutdeff', amount: '1.00' })).statusCode).toBe(201);
    expect((await ordersOf(t, member.id))[0]?.swiftCode).toBe('DEUTDEFF');
  });

  it('takes an account number of 8 to 34 characters once spaces are removed ("Invalid account number")', async () => {
    const member = await memberWithMoney(t, 100_00n);
    for (const accountNumber of ['1234567', '1234 567', 'A'.repeat(35), '1234-5678', '12345678!']) {
      await expectFieldsRefused(member, { accountNumber }, { accountNumber: m.invalidIntlAccount });
    }
    expect(errorOf(await send(member, { accountNumber: '   ' })).fields).toEqual({ accountNumber: m.fillAllFields });
    expect(await ordersOf(t, member.id)).toHaveLength(0);
    expect((await send(member, { accountNumber: `${'A1'.repeat(16)} 99`, amount: '1.00' })).statusCode).toBe(201);
    expect((await ordersOf(t, member.id))[0]?.accountNumber).toBe(`${'A1'.repeat(16)}99`);
  });

  it('refuses an IBAN that is not one, and a country or currency not on the lists', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ iban: 'DE89' }, 'iban', m.invalidIban],
      [{ iban: '89DE370400440532013000' }, 'iban', m.invalidIban],
      [{ country: 'XX' }, 'country', m.fillAllFields],
      [{ country: 'de' }, 'country', m.fillAllFields],
      [{ country: 'Germany' }, 'country', m.fillAllFields],
      [{ country: '' }, 'country', m.fillAllFields],
      [{ currency: 'XYZ' }, 'currency', m.fillAllFields],
      [{ currency: 'eur' }, 'currency', m.fillAllFields],
      [{ recipientName: ' ' }, 'recipientName', m.fillAllFields],
      [{ bankName: '' }, 'bankName', m.fillAllFields],
      [{ reference: '' }, 'reference', m.fillAllFields],
      [{ amount: '0' }, 'amount', m.invalidAmount],
      [{ amount: '10.005' }, 'amount', m.invalidAmount],
    ];
    for (const [change, field, message] of cases) await expectFieldsRefused(member, change, { [field]: message });
    const missing = await sendTransfer(member.browser, INTERNATIONAL, {
      transferType: 'international',
      fromAccount: 'Checking',
      amount: '1.00',
    });
    expect(errorOf(missing)).toMatchObject({
      message: m.fillAllFields,
      fields: {
        recipientName: m.fillAllFields,
        bankName: m.fillAllFields,
        swiftCode: m.fillAllFields,
        accountNumber: m.fillAllFields,
        country: m.fillAllFields,
        currency: m.fillAllFields,
      },
    });
    expect(await ordersOf(t, member.id)).toHaveLength(0);
    expect(await balances(member.browser)).toMatchObject({ Checking: { available: '100.00' } });
  });

  it('refuses more than the available balance, held money included, and records no order', async () => {
    const member = await memberWithMoney(t, 100_00n);
    expect((await send(member, { amount: '70.00' })).statusCode).toBe(201);
    expectRefusal(await send(member, { amount: '30.01' }), 422, {
      code: 'INSUFFICIENT_FUNDS',
      message: m.insufficientFunds,
      fields: { amount: m.insufficientFunds },
    });
    expect((await ordersOf(t, member.id)).map((order) => order.amount)).toEqual([70_00n]);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '30.00' } });
    expect((await send(member, { amount: '30.00' })).statusCode).toBe(201);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '0.00' } });
  });
});
