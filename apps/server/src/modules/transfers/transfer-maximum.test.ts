import {
  type ApiError,
  IDEMPOTENCY_HEADER,
  messages,
  type PublicSite,
  type StaffTransactionRowInput,
  type TransactionPreview,
} from '@mutual/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, mailsTo, signInStaff } from '../../test/identity';
import { balances, type Member, memberWithMoney, newKey, sendTransfer } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { expectLedgerConsistent, useTestApp } from '../../test/test-app';
import { externalForm, internalForm, internationalForm, userForm } from '../../test/transfer-forms';

const over = (max: string) => fieldRefusal('amount', messages.transfers.amountOverMaximum(max));

describe('[TRANSFERS]: the per-transfer maximum (TRANSFER_MAX_AMOUNT)', () => {
  const t = useTestApp({ env: { TRANSFER_MAX_AMOUNT: '500.00', TRANSFER_LIMIT_COUNT: '0' } });
  let member: Member;
  let other: Member;
  let staff: Browser;
  beforeAll(async () => {
    member = await memberWithMoney(t, 2_000_00n, 'Max Mover');
    other = await memberWithMoney(t, 0n, 'Rita Recipient');
    staff = await signInStaff(t, { name: 'Sal Staff' });
  });

  it('is refused at entry by every member money route, with the maximum in plain words', async () => {
    const amount = '500.01';
    const cases: Array<[string, string, unknown]> = [
      ['own accounts', '/api/transfers/internal', internalForm({ amount })],
      ['another member', '/api/transfers/user', userForm(other.email, { amount })],
      ['international', '/api/transfers/international', internationalForm({ amount })],
    ];
    for (const [label, path, body] of cases)
      expectRefusal(await sendTransfer(member.browser, path, body), 400, over('$500.00'), label);
    // A US bank transfer is refused at its first step: no code is sent for it (and a code confirms
    // only the transfer it was sent for).
    const first = await member.browser.post('/api/transfers/external/challenge', externalForm({ amount }));
    expectRefusal(first, 400, over('$500.00'), 'US bank, step 1');
    expect(await mailsTo(t, member.email, 'transfer-code')).toHaveLength(0);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '2000.00', available: '2000.00' } });
  });

  it('the maximum itself is allowed', async () => {
    const response = await sendTransfer(member.browser, '/api/transfers/internal', internalForm({ amount: '500.00' }));
    expect(response.statusCode, response.body).toBe(201);
    await expectLedgerConsistent(t);
  });

  it('holds for the rows staff enter as well: the preview names the row, adding refuses the batch', async () => {
    const row = (amount: string): StaffTransactionRowInput => ({
      account: 'Checking',
      type: 'credit',
      amount,
      description: 'Branch deposit',
      category: 'Deposit',
      date: '2026-11-02',
      time: '09:30',
      status: 'Completed',
    });
    const path = `/api/admin/users/${other.id}/transactions`;
    const preview = await staff.post(`${path}/preview`, { rows: [row('20.00'), row('900.00')] });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<TransactionPreview>()).toMatchObject({
      ok: false,
      rows: [
        { row: 1, errors: {} },
        { row: 2, errors: { amount: messages.transfers.amountOverMaximum('$500.00') } },
      ],
    });
    const add = await staff.post(
      path,
      { rows: [row('20.00'), row('900.00')] },
      { headers: { [IDEMPOTENCY_HEADER]: newKey() } },
    );
    expect(add.statusCode, add.body).toBe(400);
    expect(add.json<ApiError>().fields).toEqual({ '2.amount': messages.transfers.amountOverMaximum('$500.00') });
    expect(await balances(other.browser)).toMatchObject({ Checking: { balance: '0.00' } });
  });

  it('is published in /api/site for the forms to show', async () => {
    expect((await t.app.inject('/api/site')).json<PublicSite>().transferMaxAmount).toBe('500.00');
  });
});

describe('[TRANSFERS]: the default maximum is what one NACHA entry holds', () => {
  const t = useTestApp();

  it('$99,999,999.99', async () => {
    expect(t.config.limits.transferMaxCents).toBe(9_999_999_999n);
    expect((await t.app.inject('/api/site')).json<PublicSite>().transferMaxAmount).toBe('99999999.99');
    const member = await memberWithMoney(t, 0n);
    const response = await sendTransfer(
      member.browser,
      '/api/transfers/internal',
      internalForm({ amount: '100000000.00' }),
    );
    expectRefusal(response, 400, over('$99,999,999.99'));
  });
});
