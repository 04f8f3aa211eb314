import { type AccountSummary, IDEMPOTENCY_HEADER, type TransferResult, type UserDetail } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DEMO,
  DEMO_PASSWORD,
  manualClock,
  seedDemoPeople,
  signIn,
  uniqueEmail,
} from '../../test/identity';
import { memberWithMoney, newKey, overview, sendTransfer } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { history, internalTransfer, internationalForm, userTransfer } from '../../test/transfer-forms';
import { paymentOrders } from '../payments/payments.tables';

/** Mid-November in New York. */
const NOW = new Date('2026-11-20T19:00:00Z');

/**
 * Monthly Income and Outgoing are what the member did and what was done to them from outside;
 * what staff changed on their books — adjustments, entered transactions, reversals and what they
 * reversed, opening deposits staff typed — is the "Corrections" figure, apart (modules/ledger/balances.ts).
 */
describe('[ACCOUNTS]: staff corrections are shown apart from monthly income and outgoing', () => {
  let staff: Browser;
  const time = manualClock(NOW);
  const t = useLedgerTestApp({ clock: time.clock, env: { TIME_ZONE: 'America/New_York' } });
  beforeAll(async () => {
    await seedDemoPeople(t);
    staff = await signIn(t, DEMO.staff);
  });

  const staffRow = (overrides: Record<string, string>) => ({
    account: 'Checking',
    type: 'credit',
    amount: '100.00',
    description: 'Branch deposit',
    category: 'Deposit',
    // The accounts were opened today (20 November): staff may not date a row earlier.
    date: '2026-11-20',
    time: '09:30',
    status: 'Completed',
    ...overrides,
  });

  it("counts the member's own money movements as income and outgoing, and staff changes as corrections", async () => {
    const member = await memberWithMoney(t, 200_00n); // a cash deposit by the system: income
    const friend = await memberWithMoney(t, 100_00n);
    expect(await overview(member.browser)).toMatchObject({
      monthIncome: '200.00',
      monthOutgoing: '0.00',
      monthCorrections: '0.00',
    });

    // The member's own doing, and another member's: income and outgoing.
    expect((await userTransfer(member, friend, { amount: '20.00' })).statusCode).toBe(201);
    expect((await userTransfer(friend, member, { amount: '15.00' })).statusCode).toBe(201);
    expect((await internalTransfer(member, { amount: '5.00' })).statusCode).toBe(201);
    // A payment order staff settle is still the member's payment: outgoing, not a correction.
    const sent = await sendTransfer(
      member.browser,
      '/api/transfers/international',
      internationalForm({ amount: '10.00' }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const orderId = sent.json<TransferResult>().paymentOrderId ?? '';
    const settled = await staff.post(`/api/admin/payment-orders/${orderId}/settle`);
    expect(settled.statusCode, settled.body).toBe(200);
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, orderId));
    expect(order?.status).toBe('settled');

    // Staff: a balance adjustment (+50), an entered credit (+100) and debit (−30) and a reversal of
    // the member's own transfer to the friend (+20 back, and the 20 out becomes a correction too).
    const member$ = `/api/admin/users/${member.id}`;
    const checking = (await staff.get(member$))
      .json<UserDetail>()
      .accounts.find((a: AccountSummary) => a.type === 'Checking');
    const target = (Number(checking?.balance ?? 0) + 50).toFixed(2);
    const adjusted = await staff.request('PUT', `${member$}/accounts/${checking?.id}/balance`, {
      json: { balance: target, reason: 'Branch reconciliation' },
    });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const added = await staff.post(
      `${member$}/transactions`,
      {
        rows: [staffRow({}), staffRow({ type: 'debit', amount: '30.00', description: 'Card fee', category: 'Other' })],
      },
      { headers: { [IDEMPOTENCY_HEADER]: newKey() } },
    );
    expect(added.statusCode, added.body).toBe(201);
    const toFriend = (await history(member.browser, 'category=Transfer&type=debit')).items.find(
      (row) => row.description.startsWith('Transfer to') && row.amount === '20.00',
    );
    const reversed = await staff.post(`${member$}/transactions/${toFriend?.transferId}/reverse`, {
      reason: 'Sent in error',
    });
    expect(reversed.statusCode, reversed.body).toBe(200);

    // Income: 200 deposit + 15 from the friend. Outgoing: 10 settled payment (the 20 was reversed).
    // Corrections: +50 +100 −30, and −20 +20 for the reversed pair: +120.
    expect(await overview(member.browser)).toMatchObject({
      monthIncome: '215.00',
      monthOutgoing: '10.00',
      monthCorrections: '120.00',
    });
  });

  it(
    'treats an opening deposit staff type when creating a ' + 'member as a correction, and a month without any as zero',
    async () => {
      const email = uniqueEmail('opening');
      const created = await staff.post('/api/admin/users', {
        name: 'Opal Opening',
        email,
        phone: '(207) 555-0101',
        password: DEMO_PASSWORD,
        role: 'user',
        address: { street: '1 Test Road', city: 'Portland', state: 'ME', zipCode: '04101' },
        checkingBalance: '75.00',
      });
      expect(created.statusCode, created.body).toBe(201);
      const browser = await signIn(t, email);
      expect(await overview(browser)).toMatchObject({
        monthIncome: '0.00',
        monthOutgoing: '0.00',
        monthCorrections: '75.00',
      });
      time.advance(20 * 24 * 3_600_000); // December: nothing this month (and a new session)
      expect(await overview(await signIn(t, email))).toMatchObject({
        month: 'December 2026',
        monthIncome: '0.00',
        monthOutgoing: '0.00',
        monthCorrections: '0.00',
      });
    },
  );
});
