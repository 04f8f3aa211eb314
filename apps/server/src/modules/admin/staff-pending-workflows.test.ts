import {
  IDEMPOTENCY_HEADER,
  messages,
  type StaffDepositDetail,
  type StaffTransaction,
  type StaffTransactionPage,
} from '@mutual/shared';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addPayee, billPayOverview, paymentForm, paymentsOf, scheduled } from '../../test/bill-pay';
import { cardTestEnv, memberWithCard, plasticOf, Processor } from '../../test/cards';
import { approved, deposited, depositTestEnv, longStandingMember } from '../../test/deposits';
import { type Browser, manualClock, signInStaff, uniqueEmail } from '../../test/identity';
import { balances, type Member, newKey } from '../../test/money';
import { expectLedgerConsistent, useTestApp } from '../../test/test-app';

const a = messages.admin;

describe('[ADMIN MONEY]: a workflow’s pending entry is handled in its own place, not the transaction table', () => {
  // Monday 30 November 2026, 1:00 PM in New York: a business day, before the cut-offs.
  const time = manualClock(new Date('2026-11-30T18:00:00Z'));
  const t = useTestApp({ clock: time.clock, env: { ...depositTestEnv, ...cardTestEnv } });
  let staff: Browser;
  beforeAll(async () => {
    staff = await signInStaff(t, { email: uniqueEmail('staff') });
  });
  afterEach(async () => {
    await expectLedgerConsistent(t);
  });

  const path = (member: Member, suffix: string) => `/api/admin/users/${member.id}/transactions${suffix}`;
  /** The member's history as the console shows it (corrections included). */
  const staffHistory = async (member: Member) => {
    const response = await staff.get(path(member, '?pageSize=100&corrections=true'));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<StaffTransactionPage>().items;
  };
  const pendingRow = async (member: Member, category: string): Promise<StaffTransaction> => {
    const row = (await staffHistory(member)).find((item) => item.category === category && item.status === 'Pending');
    if (!row) throw new Error(`no pending ${category} row`);
    return row;
  };
  const complete = (member: Member, transferId: string) => staff.post(path(member, `/${transferId}/complete`));
  const remove = (member: Member, transferId: string) =>
    staff.post(path(member, `/${transferId}/reverse`), { reason: 'Entered in error' });

  /** Complete and Delete are both refused, 409 with where it is handled, and nothing changes. */
  async function expectRefusedFromTable(member: Member, row: StaffTransaction, message: string) {
    const before = { balances: await balances(member.browser), history: await staffHistory(member) };
    for (const response of [await complete(member, row.transferId), await remove(member, row.transferId)]) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CONFLICT', message });
    }
    expect(await balances(member.browser)).toEqual(before.balances);
    expect(await staffHistory(member)).toEqual(before.history);
  }

  it('a pending mobile deposit: refused, still Pending Review, and Deposit Review approves it', async () => {
    const member = await longStandingMember(t, 50_00n);
    const { deposit } = await deposited(member.browser, { deposit: { amount: '240.00' } });
    const row = await pendingRow(member, 'Deposit');
    expect(row).toMatchObject({ amount: '240.00', workflow: 'deposit' });

    await expectRefusedFromTable(member, row, 'This deposit is handled in Deposit Review');
    expect(a.pendingHandledElsewhere.deposit).toBe('This deposit is handled in Deposit Review');
    expect((await balances(member.browser)).Checking).toEqual({ balance: '50.00', available: '50.00' });
    const detail = (await staff.get(`/api/admin/deposits/${deposit.id}`)).json<StaffDepositDetail>();
    expect(detail.deposit.status).toBe('pending_review');

    // Deposit Review still decides it: the balance rises, the money is held under the policy.
    const result = await approved(staff, deposit.id);
    expect(result.deposit.status).toBe('accepted');
    expect((await balances(member.browser)).Checking).toEqual({ balance: '290.00', available: '50.00' });
    expect((await staffHistory(member)).find((item) => item.transferId === row.transferId)).toMatchObject({
      status: 'Completed',
      workflow: null,
    });
  });

  it('a bill payment’s hold: refused, the payment still Scheduled and its money still held', async () => {
    const member = await longStandingMember(t, 100_00n);
    const payee = await addPayee(t, member);
    const { earliestDate } = await billPayOverview(member);
    const { payment } = await scheduled(member, paymentForm(payee.id, earliestDate, { amount: '42.15' }));
    const row = await pendingRow(member, 'Bill Pay');
    expect(row).toMatchObject({ amount: '42.15', workflow: 'billPayment' });

    await expectRefusedFromTable(member, row, a.pendingHandledElsewhere.billPayment);
    expect((await balances(member.browser)).Checking).toEqual({ balance: '100.00', available: '57.85' });
    const upcoming = (await paymentsOf(member, 'upcoming')).payments.find((p) => p.id === payment.id);
    expect(upcoming).toMatchObject({ status: 'scheduled', held: true });
  });

  it('a card authorization: refused, and the processor’s clearing still posts it', async () => {
    const { member, card } = await memberWithCard(t, 100_00n);
    const processor = new Processor(t);
    const authorization = await processor.authorize(await plasticOf(t, card.id), '12.00');
    expect(authorization.decision).toBe('approved');
    const row = (await staffHistory(member)).find((item) => item.status === 'Pending');
    expect(row).toMatchObject({ amount: '12.00', workflow: 'cardAuthorization' });

    await expectRefusedFromTable(member, row as StaffTransaction, a.pendingHandledElsewhere.cardAuthorization);
    expect((await balances(member.browser)).Checking).toEqual({ balance: '100.00', available: '88.00' });
    expect((await processor.clear(authorization.id, '12.00')).statusCode).toBe(200);
    expect((await balances(member.browser)).Checking).toEqual({ balance: '88.00', available: '88.00' });
  });

  it('a pending entry staff added is the table’s: Complete posts it', async () => {
    const member = await longStandingMember(t, 0n);
    const added = await staff.post(
      path(member, ''),
      {
        rows: [
          {
            account: 'Checking',
            type: 'credit',
            amount: '30.00',
            description: 'Cheque (clearing)',
            category: 'Deposit',
            date: '2026-11-30',
            time: '09:00',
            status: 'Pending',
          },
        ],
      },
      { headers: { [IDEMPOTENCY_HEADER]: newKey() } },
    );
    expect(added.statusCode, added.body).toBe(201);
    const row = await pendingRow(member, 'Deposit');
    expect(row.workflow).toBe('staffEntry');
    const done = await complete(member, row.transferId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ message: a.pendingCompleted });
    expect((await balances(member.browser)).Checking).toEqual({ balance: '30.00', available: '30.00' });
  });
});
