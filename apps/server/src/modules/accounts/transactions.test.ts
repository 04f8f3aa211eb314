import type { AccountType, TransactionCategory, TransferResult } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Browser, manualClock, signInStaff } from '../../test/identity';
import {
  balances,
  cashEntry,
  expectCheckingFigures,
  type Member,
  memberWithMoney,
  overview,
  sendTransfer,
} from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { history, internalTransfer, internationalForm, userTransfer } from '../../test/transfer-forms';
import { resolvePending } from '../ledger/post-transfer';
import { paymentOrders } from '../payments/payments.tables';

/** Mid-March in New York; 1 March 04:30 UTC is still 28 February there. */
const NOW = new Date('2026-03-15T16:00:00.000Z');

describe('[ACCOUNTS]: summary and transaction history', () => {
  const time = manualClock(NOW);
  const t = useLedgerTestApp({ clock: time.clock });

  /** Money in (credit) or out (debit) of a member's account against the cash account, dated `at`. */
  const entry = (
    userId: string,
    side: 'credit' | 'debit',
    cents: bigint,
    at: string,
    memo: string,
    options: { account?: AccountType; category?: TransactionCategory } = {},
  ) => cashEntry(t, userId, cents, { side, memo, effectiveAt: new Date(at), ...options });

  const internationalHold = async (member: Member, amount: string) => {
    const response = await sendTransfer(member.browser, '/api/transfers/international', internationalForm({ amount }));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<TransferResult>();
  };

  it(
    'summary: Checking available, pending total, ' + "and this month's income and outgoing without own-account moves",
    async () => {
      const member = await memberWithMoney(t, 0n);
      const friend = await memberWithMoney(t, 100_00n);
      await entry(member.id, 'credit', 1_000_00n, '2026-03-02T15:00:00Z', 'Payroll', { category: 'Income' });
      await entry(member.id, 'credit', 500_00n, '2026-02-20T15:00:00Z', 'Last month');
      await entry(member.id, 'credit', 77_00n, '2026-03-01T04:30:00Z', 'Late on 28 February in New York');
      await entry(member.id, 'debit', 40_00n, '2026-03-10T15:00:00Z', 'Groceries', { category: 'Shopping' });
      expect((await internalTransfer(member, { amount: '200.00' })).statusCode).toBe(201);
      expect((await userTransfer(member, friend, { amount: '50.00' })).statusCode).toBe(201);
      expect((await userTransfer(friend, member, { amount: '20.00' })).statusCode).toBe(201);
      await internationalHold(member, '100.00');

      expect(await overview(member.browser)).toEqual({
        availableBalance: '1207.00',
        pendingTotal: '100.00',
        pendingOut: '100.00',
        pendingIn: '0.00',
        monthIncome: '1020.00',
        monthOutgoing: '90.00',
        monthCorrections: '0.00',
        month: 'March 2026',
        transferLimit: { limit: 10, used: 2, windowHours: 24 },
        onHold: false,
      });
      expect(await balances(member.browser)).toMatchObject({
        Checking: { balance: '1307.00', available: '1207.00' },
        Savings: { balance: '200.00' },
      });
      // The friend's 100.00 was deposited today; 50.00 came from the member; 20.00 went back.
      expect(await overview(friend.browser)).toMatchObject({
        availableBalance: '130.00',
        monthIncome: '150.00',
        monthOutgoing: '20.00',
        pendingTotal: '0.00',
      });
    },
  );

  it('lists newest first, 20 to a page by default, with links to older and newer pages', async () => {
    const member = await memberWithMoney(t, 0n);
    for (let i = 1; i <= 25; i += 1)
      await entry(
        member.id,
        'credit',
        BigInt(i) * 100n,
        new Date(Date.UTC(2026, 2, 1, 12, i)).toISOString(),
        `Deposit ${i}`,
      );
    const first = await history(member.browser);
    expect(first).toMatchObject({ pageSize: 20, newer: null });
    expect(first.older).toEqual(expect.any(String));
    expect(first.items.map((row) => row.amount)).toEqual(Array.from({ length: 20 }, (_, i) => `${25 - i}.00`));
    expect(first.items[0]).toMatchObject({
      description: 'Deposit 25',
      type: 'credit',
      category: 'Deposit',
      status: 'Completed',
      date: '2026-03-01T12:25:00.000Z',
    });
    // A page carries no running balance: that is the CSV's "Balance after" (history-balances.test.ts).
    expect(first.items[0]).not.toHaveProperty('balanceAfter');

    const second = await history(member.browser, `olderThan=${first.older}`);
    expect(second.items.map((row) => row.amount)).toEqual(['5.00', '4.00', '3.00', '2.00', '1.00']);
    expect(second).toMatchObject({ older: null, newer: expect.any(String) });
    const back = await history(member.browser, `newerThan=${second.newer}`);
    expect(back.items.map((row) => row.description)).toEqual(first.items.map((row) => row.description));
    expect(back).toMatchObject({ newer: null, older: first.older });
    const tens = await history(member.browser, 'pageSize=10');
    expect(
      (await history(member.browser, `pageSize=10&olderThan=${tens.older}`)).items.map((row) => row.description),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `Deposit ${15 - i}`));
    expect((await member.browser.get('/api/me/transactions?pageSize=7')).statusCode).toBe(400);
  });

  it("filters by account, dates in the credit union's time zone, type, category, status and words", async () => {
    const member = await memberWithMoney(t, 0n);
    await entry(member.id, 'credit', 100_00n, '2026-02-28T12:00:00Z', 'Cash deposit');
    await entry(member.id, 'credit', 10_00n, '2026-03-01T04:30:00Z', 'Late night deposit');
    await entry(member.id, 'credit', 20_00n, '2026-03-01T05:30:00Z', 'Early morning deposit');
    expect((await internalTransfer(member, { amount: '30.00', reference: 'Holiday fund' })).statusCode).toBe(201);
    time.advance(1_000);
    await internationalHold(member, '15.00');
    await entry(member.id, 'debit', 2_50n, '2026-03-05T15:00:00Z', 'Coffee shop 100%', {
      account: 'Savings',
      category: 'Shopping',
    });

    const descriptions = async (query: string) =>
      (await history(member.browser, query)).items.map((row) => `${row.accountType} ${row.type} ${row.description}`);
    expect(await descriptions('')).toEqual([
      'Checking debit International transfer to Lena Vogel (Germany, EUR)',
      'Savings credit Transfer from Checking',
      'Checking debit Transfer to Savings',
      'Savings debit Coffee shop 100%',
      'Checking credit Early morning deposit',
      'Checking credit Late night deposit',
      'Checking credit Cash deposit',
    ]);
    expect(await descriptions('account=Savings')).toEqual([
      'Savings credit Transfer from Checking',
      'Savings debit Coffee shop 100%',
    ]);
    expect(await descriptions('to=2026-02-28')).toEqual([
      'Checking credit Late night deposit',
      'Checking credit Cash deposit',
    ]);
    expect(await descriptions('from=2026-03-01&to=2026-03-01')).toEqual(['Checking credit Early morning deposit']);
    expect((await history(member.browser, 'from=2026-03-02')).items).toHaveLength(4);
    expect(await descriptions('type=debit')).toEqual([
      'Checking debit International transfer to Lena Vogel (Germany, EUR)',
      'Checking debit Transfer to Savings',
      'Savings debit Coffee shop 100%',
    ]);
    expect((await history(member.browser, 'type=credit')).items).toHaveLength(4);
    expect(await descriptions('category=Shopping')).toEqual(['Savings debit Coffee shop 100%']);
    expect((await history(member.browser, 'category=Deposit')).items).toHaveLength(3);
    expect((await history(member.browser, 'category=Transfer')).items).toHaveLength(3);
    expect(await descriptions('status=Pending')).toEqual([
      'Checking debit International transfer to Lena Vogel (Germany, EUR)',
    ]);
    expect((await history(member.browser, 'status=Completed')).items).toHaveLength(6);
    expect((await history(member.browser, 'status=Failed')).items).toHaveLength(0);
    expect(await descriptions('q=DEPOSIT')).toEqual([
      'Checking credit Early morning deposit',
      'Checking credit Late night deposit',
      'Checking credit Cash deposit',
    ]);
    expect(await descriptions('q=holiday')).toEqual([
      'Savings credit Transfer from Checking',
      'Checking debit Transfer to Savings',
    ]);
    expect(await descriptions('q=100%25')).toEqual(['Savings debit Coffee shop 100%']);
    expect((await history(member.browser, 'q=%25')).items).toHaveLength(1);
    expect((await history(member.browser, 'q=_')).items).toHaveLength(0);
    expect(await descriptions('account=Checking&type=credit&from=2026-03-01')).toEqual([
      'Checking credit Early morning deposit',
    ]);
    expect(await history(member.browser, 'type=credit&pageSize=10')).toMatchObject({
      pageSize: 10,
      older: null,
      newer: null,
    });

    for (const query of [
      'from=2026-3-1',
      // Off the calendar, or in a year no date here can have (year 0000 reached the database as a 500).
      'from=2026-02-30',
      'from=0000-01-01',
      'to=9999-12-31',
      'type=both',
      'status=pending',
      'category=Groceries',
      'account=Brokerage',
      'owner=someone',
    ]) {
      expect((await member.browser.get(`/api/me/transactions?${query}`)).statusCode, query).toBe(400);
    }
    // A name the query does not have is the query's fault, not the (absent) body's.
    const unknown = await member.browser.get('/api/me/transactions?limit=3');
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json<{ fields?: object }>().fields ?? {})).toEqual(['query']);
  });

  it(
    'shows a returned payment as Failed with the reason, ' +
      'an expired one with the default reason, a settled one as Completed',
    async () => {
      const member = await memberWithMoney(t, 100_00n);
      // Later than the opening deposit: rows of one instant are listed in no particular order,
      // and the balances follow the list.
      time.advance(1_000);
      const returned = await internationalHold(member, '10.00');
      const expired = await internationalHold(member, '20.00');
      const settled = await internationalHold(member, '30.00');
      const resolve = (result: TransferResult, kind: 'void' | 'expire' | 'post', status: string, reason?: string) =>
        t.db.transaction(async (tx) => {
          const [pending] = await tx
            .select()
            .from(paymentOrders)
            .where(eq(paymentOrders.id, result.paymentOrderId ?? ''));
          if (!pending) throw new Error('no order');
          await resolvePending(tx, {
            pendingId: pending.pendingTransferId,
            kind,
            reason: reason ?? null,
            now: time.now(),
            createdBy: null,
          });
          await tx
            .update(paymentOrders)
            .set({ status, resolvedAt: time.now(), returnReason: reason ?? null })
            .where(eq(paymentOrders.id, pending.id));
        });
      await resolve(returned, 'void', 'returned', 'The receiving bank closed the account');
      await resolve(expired, 'expire', 'expired');
      await resolve(settled, 'post', 'settled');

      const rows = (await history(member.browser, 'category=Transfer')).items;
      const byId = (id: string) => rows.find((row) => row.transferId === id);
      expect(byId(returned.transferId)).toMatchObject({
        status: 'Failed',
        statusReason: 'The receiving bank closed the account',
      });
      expect(byId(expired.transferId)).toMatchObject({
        status: 'Failed',
        statusReason: 'The payment expired and the money was released.',
      });
      expect(byId(settled.transferId)).toMatchObject({
        status: 'Completed',
        statusReason: null,
      });
      expect((await history(member.browser, 'status=Failed')).items).toHaveLength(2);
      await expectCheckingFigures(member.browser, { balance: '70.00', available: '70.00', pending: '0.00' });
    },
  );

  it('is for members with accounts: anonymous 401, staff 403', async () => {
    expect((await new Browser(t).get('/api/me/transactions')).statusCode).toBe(401);
    expect((await new Browser(t).get('/api/me/summary')).statusCode).toBe(401);
    const staff = await signInStaff(t);
    for (const path of ['/api/me/transactions', '/api/me/summary', '/api/me/transactions/export'])
      expect((await staff.get(path)).statusCode, path).toBe(403);
  });
});
