import { messages, type StaffDepositDetail, type StaffDepositResult } from '@mutual/shared';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { addPayee, cutOffAt, paymentForm, runSendJob, scheduled } from '../../test/bill-pay';
import {
  approved,
  deposited,
  depositOverview,
  longStandingMember,
  releaseHolds,
  review,
  useDepositDesk,
} from '../../test/deposits';
import { balances, deposit, type Member, memberWithMoney, postedBalance, settledBalances } from '../../test/money';
import { someoneWaitsOnALock } from '../../test/lock-wait';
import { expectRefusal } from '../../test/responses';
import { internalTransfer } from '../../test/transfer-forms';
import { queryRows } from '../../db/client';
import { auditLog } from '../audit/audit.tables';
import { billPayments } from '../bill-pay/bill-pay.tables';
import { depositHolds, mobileDeposits } from '../deposits/deposits.tables';
import { generalLedger } from '../ledger/general-ledger';
import { achPayment, orderIn, returnOrder, settle } from '../payments/payment-ops.fixtures';

/**
 * Posted money that belongs to a workflow — an accepted check deposit, a sent bill payment, a
 * settled payment order — moves back once: by staff (a deleted transaction, Delete User
 * Transactions) or by the workflow's own return, never both. The ledger is the truth: the return
 * asks it whether the transfer it would undo is already reversed, whichever way the reversal came.
 * A single deleted deposit credit also closes the deposit's funds holds still open, as the run does.
 */

const onPostgres = inject('testDatabase').kind === 'postgres';

describe('[ADMIN]: money a workflow posted moves back once, by staff or by its own return', () => {
  const { t, time, at, staff, staffEmail } = useDepositDesk({ RATE_LIMIT_PER_MINUTE: '100000' });

  const reverseAll = async (member: Member, reason: string) => {
    const response = await staff.post(`/api/admin/users/${member.id}/transactions/reverse-all`, { reason });
    expect(response.statusCode, response.body).toBe(200);
  };
  const deleteTransaction = (member: Member, transferId: string, reason = 'Entered in error') =>
    staff.post(`/api/admin/users/${member.id}/transactions/${transferId}/reverse`, { reason });
  const deleted = async (member: Member, transferId: string) => {
    const response = await deleteTransaction(member, transferId);
    expect(response.statusCode, response.body).toBe(200);
  };
  const depositRow = async (id: string) => {
    const [row] = await t.db.select().from(mobileDeposits).where(eq(mobileDeposits.id, id));
    if (!row) throw new Error('no deposit');
    return row;
  };
  const holdsOf = (depositId: string) =>
    t.db.select().from(depositHolds).where(eq(depositHolds.depositId, depositId)).orderBy(depositHolds.releaseAt);
  /** A $500 check accepted on Wednesday: $275 held to Friday the 27th, $225 to Monday the 30th. */
  const acceptedCheck = async (member: Member) => {
    const { deposit: sent } = await deposited(member.browser, { deposit: { amount: '500.00' } });
    at('2026-11-25T16:00:00Z');
    await approved(staff, sent.id);
    return depositRow(sent.id);
  };
  /**
   * Delete User Transactions' statement for `member`, its transaction held open (the accounts
   * locked, the reversals not yet committed) until `during`'s request waits on a lock; then it
   * commits, and the request's answer is awaited. PostgreSQL only: PGlite runs one at a time.
   */
  const withRunHeld = async <T>(member: Member, during: () => Promise<T>): Promise<T> => {
    let commit = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    let reversed = () => {};
    const running = new Promise<void>((resolve) => (reversed = resolve));
    const run = t.db.transaction(async (tx) => {
      await queryRows(
        tx,
        sql`select ledger_reverse_member(p_user_id => ${member.id}::uuid,
          p_now => ${time.now().toISOString()}::timestamptz, p_created_by => null::uuid, p_reason => 'Clean-up')`,
      );
      reversed();
      await held;
    });
    await running;
    const answer = during();
    await someoneWaitsOnALock(t);
    commit();
    await run;
    return answer;
  };
  /** What the returned-items (receivable) and deposit-clearing accounts hold. */
  const generalLedgerBalances = async () => ({
    returnedItems: await postedBalance(t, generalLedger.returnedItems),
    depositClearing: await postedBalance(t, generalLedger.depositClearing),
  });
  const expectNotReturned = async (id: string) =>
    expect(await depositRow(id)).toMatchObject({ status: 'accepted', returnedAt: null, amountOwed: null });

  describe('a mobile deposit', () => {
    it('whose credit Delete User Transactions reversed is not returned: nothing taken, nothing owed', async () => {
      const robin = await longStandingMember(t, 50_00n);
      const check = await acceptedCheck(robin);
      await reverseAll(robin, 'Clean-up');
      await deposit(t, robin.id, 100_00n);
      expect(await balances(robin.browser)).toEqual(settledBalances('100.00', '0.00'));

      expectRefusal(await review.returnItem(staff, check.id, 'Insufficient funds'), 409, {
        code: 'CONFLICT',
        message: messages.deposits.reversedByStaff,
      });
      expect(await balances(robin.browser)).toEqual(settledBalances('100.00', '0.00'));
      await expectNotReturned(check.id);

      // Staff and the member read that its money was taken back, when and why (from the ledger),
      // and no money of it is on its way any more.
      const reversal = { reversedAt: time.now().toISOString(), reversalReason: 'Clean-up', availability: [] };
      const detail = (await staff.get(`/api/admin/deposits/${check.id}`)).json<StaffDepositDetail>();
      expect(detail.deposit).toMatchObject({ ...reversal, status: 'accepted', reversedBy: staffEmail });
      const mine = (await depositOverview(robin.browser)).deposits.find((d) => d.id === check.id);
      expect(mine).toMatchObject(reversal);
      expect(mine).not.toHaveProperty('reversedBy');
    });

    it('whose credit staff deleted is not returned again: the check bounces once', async () => {
      const robin = await longStandingMember(t, 50_00n);
      const check = await acceptedCheck(robin);
      at('2026-11-30T05:00:00Z');
      expect(await releaseHolds(t)).toEqual({ released: 2, errors: 0 });
      expect(await balances(robin.browser)).toEqual(settledBalances('550.00', '0.00'));

      await deleted(robin, check.pendingTransferId);
      expect(await balances(robin.browser)).toEqual(settledBalances('50.00', '0.00'));
      expectRefusal(await review.returnItem(staff, check.id, 'Account closed'), 409, {
        code: 'CONFLICT',
        message: messages.deposits.reversedByStaff,
      });
      expect(await balances(robin.browser)).toEqual(settledBalances('50.00', '0.00'));
      await expectNotReturned(check.id);
    });

    it('whose credit staff deleted while held: its funds holds close with it', async () => {
      const robin = await longStandingMember(t, 1000_00n);
      const check = await acceptedCheck(robin);
      expect((await balances(robin.browser)).Checking).toEqual({ balance: '1500.00', available: '1000.00' });

      await deleted(robin, check.pendingTransferId);
      expect(await balances(robin.browser)).toEqual(settledBalances('1000.00', '0.00'));
      const holds = await holdsOf(check.id);
      expect(holds.map((hold) => [hold.amount, hold.releasedAt, hold.voidedAt])).toEqual([
        [275_00n, null, time.now()],
        [225_00n, null, time.now()],
      ]);
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.targetUserId, robin.id), eq(auditLog.action, 'transaction.reversed')));
      expect(audit?.after).toMatchObject({
        status: 'Reversed',
        depositId: check.id,
        depositHolds: expect.arrayContaining(holds.map((hold) => hold.id)),
      });
      // Their days come: the release job passes them by; the money stays as it is.
      at('2026-11-30T05:00:00Z');
      expect(await releaseHolds(t)).toEqual({ released: 0, errors: 0 });
      expect(await balances(robin.browser)).toEqual(settledBalances('1000.00', '0.00'));
      expectRefusal(await review.returnItem(staff, check.id, 'Account closed'), 409, {
        code: 'CONFLICT',
        message: messages.deposits.reversedByStaff,
      });
      expect(await balances(robin.browser)).toEqual(settledBalances('1000.00', '0.00'));
    });

    it('whose held credit staff delete with no other money: the held part is not counted twice', async () => {
      const robin = await longStandingMember(t, 50_00n);
      const check = await acceptedCheck(robin);
      expect((await balances(robin.browser)).Checking).toEqual({ balance: '550.00', available: '50.00' });

      await deleted(robin, check.pendingTransferId);
      expect(await balances(robin.browser)).toEqual(settledBalances('50.00', '0.00'));
      expect((await holdsOf(check.id)).every((hold) => hold.voidedAt !== null && hold.releasedAt === null)).toBe(true);
    });

    it('returned and deleted at the same moment: one of them takes the money back, once', async () => {
      const robin = await longStandingMember(t, 1000_00n);
      const check = await acceptedCheck(robin);
      const answers = await Promise.all([
        review.returnItem(staff, check.id, 'Insufficient funds'),
        deleteTransaction(robin, check.pendingTransferId),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      expect(await balances(robin.browser)).toEqual(settledBalances('1000.00', '0.00'));
      expect((await holdsOf(check.id)).every((hold) => hold.voidedAt !== null)).toBe(true);
    });

    it.skipIf(!onPostgres)(
      'returned while Delete User Transactions runs: the return waits for it and refuses',
      async () => {
        const robin = await longStandingMember(t, 50_00n);
        const check = await acceptedCheck(robin);
        at('2026-11-30T05:00:00Z');
        expect(await releaseHolds(t)).toEqual({ released: 2, errors: 0 });
        // No hold left to wait on: only the account's lock stands between the return and the run.
        const returned = await withRunHeld(robin, () => review.returnItem(staff, check.id, 'Account closed'));
        expectRefusal(returned, 409, { code: 'CONFLICT', message: messages.deposits.reversedByStaff });
        expect(await balances(robin.browser)).toEqual(settledBalances('0.00', '0.00'));
        await expectNotReturned(check.id);
      },
    );

    it('already returned in Deposit Review: deleting its credit is refused, the money is not taken twice', async () => {
      const robin = await longStandingMember(t, 1000_00n);
      const check = await acceptedCheck(robin);
      const returned = await review.returnItem(staff, check.id, 'Insufficient funds');
      expect(returned.statusCode, returned.body).toBe(200);
      expect(returned.json<StaffDepositResult>().deposit.status).toBe('returned');
      expect(await balances(robin.browser)).toEqual(settledBalances('1000.00', '0.00'));

      expectRefusal(await deleteTransaction(robin, check.pendingTransferId), 409, {
        code: 'CONFLICT',
        message: messages.admin.depositAlreadyReturned,
      });
      expect(await balances(robin.browser)).toEqual(settledBalances('1000.00', '0.00'));
      // Nor is the return itself deleted: the bounced check's money would come back to the member.
      const { returnTransferId } = await depositRow(check.id);
      expectRefusal(await deleteTransaction(robin, returnTransferId ?? ''), 409, {
        code: 'CONFLICT',
        message: messages.admin.returnHandledElsewhere.deposit,
      });
      expect(await balances(robin.browser)).toEqual(settledBalances('1000.00', '0.00'));
      expect(await depositRow(check.id)).toMatchObject({ status: 'returned' });
    });
    it('returned with money owed, then Delete User Transactions: the receivable goes with the credit', async () => {
      const robin = await longStandingMember(t, 0n);
      const before = await generalLedgerBalances();
      const check = await acceptedCheck(robin);
      at('2026-11-30T05:00:00Z');
      expect(await releaseHolds(t)).toEqual({ released: 2, errors: 0 });
      const spent = await internalTransfer(robin, { amount: '300.00' });
      expect(spent.statusCode, spent.body).toBe(201);
      const returned = await review.returnItem(staff, check.id, 'Insufficient funds');
      expect(returned.statusCode, returned.body).toBe(200);
      expect(await balances(robin.browser)).toEqual(settledBalances('0.00', '300.00'));
      expect(await generalLedgerBalances()).toEqual({
        returnedItems: before.returnedItems - 300_00n,
        depositClearing: before.depositClearing,
      });
      const owing = (await depositOverview(robin.browser)).deposits.find((d) => d.id === check.id);
      expect(owing).toMatchObject({ status: 'returned', amountOwed: '300.00' });

      const run = await staff.post(`/api/admin/users/${robin.id}/transactions/reverse-all`, { reason: 'Clean-up' });
      expect(run.statusCode, run.body).toBe(200);
      // The member's three transactions (the credit, the transfer, the take-back; the released
      // holds are done): the owed part is the credit union's own booking, reversed, not counted.
      expect(run.json()).toEqual({ count: 3, message: messages.admin.transactionsDeleted(3) });
      expect(await balances(robin.browser)).toEqual(settledBalances('0.00', '0.00'));
      // Nothing is owed for a check whose money went back: the books stand where they stood.
      expect(await generalLedgerBalances()).toEqual(before);
      const mine = (await depositOverview(robin.browser)).deposits.find((d) => d.id === check.id);
      expect(mine).toMatchObject({ status: 'returned', amountOwed: null, reversalReason: 'Clean-up' });
      const detail = (await staff.get(`/api/admin/deposits/${check.id}`)).json<StaffDepositDetail>();
      expect(detail.deposit).toMatchObject({ status: 'returned', amountOwed: null, reversedBy: staffEmail });

      // A second run finds nothing, the owed part included.
      const again = await staff.post(`/api/admin/users/${robin.id}/transactions/reverse-all`, { reason: 'Again' });
      expect(again.json()).toMatchObject({ count: 0 });
      expect(await generalLedgerBalances()).toEqual(before);
    });
  });

  describe('a sent bill payment', () => {
    const sentPayment = async (member: Member) => {
      const payee = await addPayee(t, member);
      const { payment } = await scheduled(member, paymentForm(payee.id, '2026-12-01', { amount: '86.40' }));
      expect(await runSendJob(t, cutOffAt('2026-12-01'))).toMatchObject({ sent: 1, errors: 0 });
      at(new Date(cutOffAt('2026-12-01').getTime() + 60_000).toISOString());
      const [row] = await t.db.select().from(billPayments).where(eq(billPayments.id, payment.id));
      if (!row?.pendingTransferId || row.status !== 'sent') throw new Error('not sent');
      return { id: row.id, transferId: row.pendingTransferId };
    };
    const returnPayment = (id: string) =>
      staff.post(`/api/admin/bill-pay/payments/${id}/return`, { code: 'ACCOUNT_NOT_FOUND' });
    const statusOf = async (id: string) =>
      (await t.db.select().from(billPayments).where(eq(billPayments.id, id)))[0]?.status;

    it('whose sending staff deleted is not paid back again by a return', async () => {
      const member = await memberWithMoney(t, 500_00n);
      const payment = await sentPayment(member);
      expect(await balances(member.browser)).toEqual(settledBalances('413.60', '0.00'));

      await deleted(member, payment.transferId);
      expect(await balances(member.browser)).toEqual(settledBalances('500.00', '0.00'));
      expectRefusal(await returnPayment(payment.id), 409, {
        code: 'CONFLICT',
        message: messages.billPay.reversedByStaff,
      });
      expect(await balances(member.browser)).toEqual(settledBalances('500.00', '0.00'));
      expect(await statusOf(payment.id)).toBe('sent');
    });

    it('whose sending Delete User Transactions reversed is not paid back again by a return', async () => {
      const member = await memberWithMoney(t, 500_00n);
      const payment = await sentPayment(member);
      await reverseAll(member, 'Clean-up');
      expect(await balances(member.browser)).toEqual(settledBalances('0.00', '0.00'));

      expectRefusal(await returnPayment(payment.id), 409, {
        code: 'CONFLICT',
        message: messages.billPay.reversedByStaff,
      });
      expect(await balances(member.browser)).toEqual(settledBalances('0.00', '0.00'));
      expect(await statusOf(payment.id)).toBe('sent');
    });

    it.skipIf(!onPostgres)(
      'returned while Delete User Transactions runs: the return waits for it and refuses',
      async () => {
        const member = await memberWithMoney(t, 500_00n);
        const payment = await sentPayment(member);
        const returned = await withRunHeld(member, () => returnPayment(payment.id));
        expectRefusal(returned, 409, { code: 'CONFLICT', message: messages.billPay.reversedByStaff });
        expect(await balances(member.browser)).toEqual(settledBalances('0.00', '0.00'));
      },
    );

    it('already returned: deleting its sending is refused, the money is not paid back twice', async () => {
      const member = await memberWithMoney(t, 500_00n);
      const payment = await sentPayment(member);
      const returned = await returnPayment(payment.id);
      expect(returned.statusCode, returned.body).toBe(200);
      expect(await balances(member.browser)).toEqual(settledBalances('500.00', '0.00'));

      expectRefusal(await deleteTransaction(member, payment.transferId), 409, {
        code: 'CONFLICT',
        message: messages.admin.billPaymentAlreadyReturned,
      });
      expect(await balances(member.browser)).toEqual(settledBalances('500.00', '0.00'));
      // Nor is the refund itself deleted: the member would lose it, the payment still "returned".
      const [row] = await t.db.select().from(billPayments).where(eq(billPayments.id, payment.id));
      expectRefusal(await deleteTransaction(member, row?.returnTransferId ?? ''), 409, {
        code: 'CONFLICT',
        message: messages.admin.returnHandledElsewhere.billPayment,
      });
      expect(await balances(member.browser)).toEqual(settledBalances('500.00', '0.00'));
      expect(await statusOf(payment.id)).toBe('returned');
    });
  });

  it('a settled payment order whose posting staff deleted has no return: Payment Operations refuses it', async () => {
    const member = await memberWithMoney(t, 500_00n);
    const order = await achPayment(t, member, { amount: '120.00' });
    const settled = await settle(staff, order.id);
    expect(settled.statusCode, settled.body).toBe(200);
    expect(await balances(member.browser)).toEqual(settledBalances('380.00', '0.00'));

    await deleted(member, order.transferId);
    expect(await balances(member.browser)).toEqual(settledBalances('500.00', '0.00'));
    expectRefusal(await returnOrder(staff, order.id, { code: 'R01', note: '' }), 409, {
      code: 'CONFLICT',
      message: messages.paymentOps.alreadyResolved,
    });
    expect(await balances(member.browser)).toEqual(settledBalances('500.00', '0.00'));
    expect((await orderIn(staff, 'settled', order.id)).status).toBe('settled');
  });
});
