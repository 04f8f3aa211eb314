import { messages, type StaffDepositPage } from '@mutual/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addPayee, paymentForm, paymentsOf, runSendJob, scheduled, cutOffAt } from '../../test/bill-pay';
import { cardOf, giveCreditCard, plasticOf, Processor, runExpiry } from '../../test/cards';
import {
  approved,
  deposited,
  depositOverview,
  longStandingMember,
  releaseHolds,
  review,
  useDepositDesk,
} from '../../test/deposits';
import { mailsTo } from '../../test/identity';
import { balances, type Member, memberWithMoney, settledBalances } from '../../test/money';
import { notificationsOf } from '../../test/transfer-forms';
import { auditLog } from '../audit/audit.tables';
import { billPayments } from '../bill-pay/bill-pay.tables';
import { cardAuthorizations } from '../cards/cards.tables';
import { depositHolds } from '../deposits/deposits.tables';

/**
 * Delete User Transactions voids every hold still waiting. A hold that belongs to a workflow — a
 * deposit awaiting review, a deposit's funds hold, a scheduled bill payment, a card authorization —
 * ends in that workflow's own record too, in the same transaction and with the run's reason, so
 * nothing is left waiting on money that is no longer held, and the jobs that act later pass it by.
 */

const DAY = 86_400_000;

describe('[ADMIN]: Delete User Transactions closes the workflows of the holds it voids', () => {
  const { t, time, at, staff } = useDepositDesk({ RATE_LIMIT_PER_MINUTE: '100000' });

  const reverseAll = async (member: { id: string }, reason: string) => {
    const response = await staff.post(`/api/admin/users/${member.id}/transactions/reverse-all`, { reason });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ count: number; message: string }>();
  };
  const runAudits = (member: { id: string }) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, member.id), eq(auditLog.action, 'transactions.reversed_all')))
      .orderBy(asc(auditLog.id));
  const auditsOf = (member: { id: string }) =>
    t.db.select().from(auditLog).where(eq(auditLog.targetUserId, member.id)).orderBy(asc(auditLog.id));
  const actionsAfter = async (member: { id: string }, from: number) =>
    (await auditsOf(member)).filter((row) => row.id > from).map((row) => row.action);
  const lastAuditId = async (member: { id: string }) => (await auditsOf(member)).at(-1)?.id ?? 0;
  const noticesTitled = async (member: Member, title: string) =>
    (await notificationsOf(member.browser)).filter((notice) => notice.title === title);

  it('rejects a deposit awaiting review with the reason: out of the queue, not approvable, told', async () => {
    const robin = await longStandingMember(t, 50_00n);
    const { deposit } = await deposited(robin.browser, { deposit: { amount: '120.00' } });
    const before = await lastAuditId(robin);

    const reason = 'Test data clean-up';
    expect(await reverseAll(robin, reason)).toEqual({ count: 2, message: messages.admin.transactionsDeleted(2) });

    const mine = (await depositOverview(robin.browser)).deposits.find((d) => d.id === deposit.id);
    expect(mine).toMatchObject({ status: 'rejected', rejectReason: reason, reviewedAt: time.now().toISOString() });
    const queue = (await staff.get('/api/admin/deposits')).json<StaffDepositPage>();
    expect(queue.deposits.map((d) => d.id)).not.toContain(deposit.id);
    const rejected = (await staff.get('/api/admin/deposits?status=rejected')).json<StaffDepositPage>();
    expect(rejected.deposits.find((d) => d.id === deposit.id)).toMatchObject({
      status: 'rejected',
      rejectReason: reason,
      reviewedBy: expect.any(String),
    });
    // Deposit Review says it was decided, rather than failing on a voided credit.
    for (const decision of [review.approve(staff, deposit.id), review.reject(staff, deposit.id, 'Blurred')]) {
      const response = await decision;
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(messages.deposits.alreadyReviewed);
    }
    expect(await balances(robin.browser)).toEqual(settledBalances('0.00', '0.00'));

    // Told as Deposit Review's rejection tells, once; the run's one audit row names the deposit.
    const told = await noticesTitled(robin, 'Check deposit rejected');
    expect(told).toHaveLength(1);
    expect(told[0]?.body).toContain('was not accepted: test data clean-up. No money was added to your account.');
    expect(await mailsTo(t, robin.email, 'deposit-rejected')).toHaveLength(1);
    expect(await actionsAfter(robin, before)).toEqual(['transactions.reversed_all']);
    expect((await runAudits(robin))[0]?.after).toMatchObject({
      count: 2,
      reason,
      workflows: { deposits: [deposit.id] },
    });
  });

  it("closes an approved deposit's funds holds: the release job skips them, releases everyone else's", async () => {
    const robin = await longStandingMember(t, 50_00n);
    const other = await longStandingMember(t, 0n);
    const { deposit } = await deposited(robin.browser, { deposit: { amount: '500.00' } });
    const { deposit: others } = await deposited(other.browser, { deposit: { amount: '400.00' } });
    at('2026-11-25T16:00:00Z');
    await approved(staff, deposit.id);
    await approved(staff, others.id);

    expect((await reverseAll(robin, 'Opened in error')).count).toBe(4);
    const holds = await t.db.select().from(depositHolds).where(eq(depositHolds.depositId, deposit.id));
    expect(holds).toHaveLength(2);
    expect(holds.every((hold) => hold.voidedAt?.getTime() === time.now().getTime() && !hold.releasedAt)).toBe(true);
    expect((await runAudits(robin))[0]?.after).toMatchObject({
      workflows: { depositHolds: expect.arrayContaining(holds.map((hold) => hold.id)) },
    });
    expect(await balances(robin.browser)).toEqual(settledBalances('0.00', '0.00'));

    // Monday: every hold is due. Robin's are closed; the other member's are released as usual.
    at('2026-11-30T05:00:00Z');
    expect(await releaseHolds(t)).toEqual({ released: 2, errors: 0 });
    expect(await releaseHolds(t)).toEqual({ released: 0, errors: 0 });
    expect((await balances(other.browser)).Checking).toEqual({ balance: '400.00', available: '400.00' });
    expect(await balances(robin.browser)).toEqual(settledBalances('0.00', '0.00'));
  });

  it('fails a scheduled bill payment with the reason; the send job passes it by and a series moves on', async () => {
    const member = await memberWithMoney(t, 300_00n);
    const payee = await addPayee(t, member);
    const once = (await scheduled(member, paymentForm(payee.id, '2026-12-01', { amount: '30.00' }))).payment;
    const series = (
      await scheduled(member, paymentForm(payee.id, '2026-12-01', { amount: '20.00', frequency: 'monthly', count: 3 }))
    ).payment;
    const before = await lastAuditId(member);

    const reason = 'Member asked us to close the account';
    expect((await reverseAll(member, reason)).count).toBe(3);
    const rows = await t.db
      .select()
      .from(billPayments)
      .where(inArray(billPayments.id, [once.id, series.id]));
    expect(rows.map((row) => [row.status, row.reason, row.failedAt?.getTime()])).toEqual([
      ['failed', reason, time.now().getTime()],
      ['failed', reason, time.now().getTime()],
    ]);
    // The series' next payment is made (1 January is a holiday: the 31st), Scheduled without a hold.
    const upcoming = (await paymentsOf(member, 'upcoming')).payments;
    expect(upcoming.map((p) => [p.payOn, p.status, p.held])).toEqual([['2026-12-31', 'scheduled', false]]);
    const history = (await paymentsOf(member, 'history')).payments;
    expect(history.map((p) => [p.status, p.reason])).toEqual([
      ['failed', reason],
      ['failed', reason],
    ]);

    // Its date: nothing to send, nothing to fail again, nothing more said.
    expect(await runSendJob(t, cutOffAt('2026-12-01'))).toMatchObject({ held: 0, sent: 0, failed: 0, errors: 0 });
    const told = await noticesTitled(member, 'Bill payment not sent');
    expect(told.map((notice) => notice.body)).toEqual(
      expect.arrayContaining([expect.stringContaining(`was not sent: ${reason}.`)]),
    );
    expect(told).toHaveLength(2);
    expect(await mailsTo(t, member.email, 'bill-payment-not-sent')).toHaveLength(2);
    expect(await actionsAfter(member, before)).toEqual(['transactions.reversed_all']);
    expect((await runAudits(member))[0]?.after).toMatchObject({
      workflows: { billPayments: expect.arrayContaining([once.id, series.id]) },
    });
    expect(await balances(member.browser)).toEqual(settledBalances('0.00', '0.00'));

    // On its hold day the next payment finds no money: the second of the series in a row not sent,
    // so the series stops by itself and the member is told once.
    expect(await runSendJob(t, cutOffAt(upcoming[0]?.holdsOn ?? ''))).toMatchObject({ failed: 1, errors: 0 });
    expect((await paymentsOf(member, 'upcoming')).total).toBe(0);
    expect((await noticesTitled(member, 'Recurring payment stopped')).map((notice) => notice.body)).toEqual([
      expect.stringContaining('its last 2 payments were not sent'),
    ]);
  });

  it('reverses a pending card authorization: a later clearing is refused, the expiry job skips it', async () => {
    const processor = new Processor(t);
    const member = await memberWithMoney(t, 100_00n);
    const other = await memberWithMoney(t, 100_00n);
    const mine = await processor.authorize(await plasticOf(t, (await cardOf(member.browser)).id), '12.50');
    time.advance(60_000);
    const theirs = await processor.authorize(await plasticOf(t, (await cardOf(other.browser)).id), '8.00');
    expect([mine.decision, theirs.decision]).toEqual(['approved', 'approved']);

    expect((await reverseAll(member, 'Fraud review')).count).toBe(2);
    const [row] = await t.db.select().from(cardAuthorizations).where(eq(cardAuthorizations.processorId, mine.id));
    expect(row).toMatchObject({ status: 'reversed', reversedAt: time.now(), reversalId: null });
    expect((await runAudits(member))[0]?.after).toMatchObject({ workflows: { cardAuthorizations: [row?.id] } });

    const cleared = await processor.clear(mine.id, '12.50');
    expect(cleared.statusCode).toBe(409);
    expect(cleared.json().message).toBe(`Authorization ${mine.id} was reversed.`);
    // A week on: the other member's hold expires; the reversed one is not touched.
    time.advance(8 * DAY);
    expect(await runExpiry(t)).toEqual({ expired: 1, errors: 0 });
    const [after] = await t.db.select().from(cardAuthorizations).where(eq(cardAuthorizations.processorId, mine.id));
    expect(after?.status).toBe('reversed');
    expect(await balances(member.browser)).toEqual(settledBalances('0.00', '0.00'));
    expect((await balances(other.browser)).Checking).toEqual({ balance: '100.00', available: '100.00' });
  });

  it('takes back the reward points of a credit card purchase staff reverse, one by one or all at once', async () => {
    const processor = new Processor(t);
    const member = await memberWithMoney(t, 0n);
    const credit = await plasticOf(t, await giveCreditCard(t, member));
    const points = async () => (await cardOf(member.browser, 'credit')).credit?.rewardsPoints;
    // Cleared as authorized (the hold posts), and for less (a new transfer in its place): 2%.
    const first = await processor.authorize(credit, '50.00');
    expect((await processor.clear(first.id, '50.00')).statusCode).toBe(200);
    const second = await processor.authorize(credit, '30.00');
    expect((await processor.clear(second.id, '25.00')).statusCode).toBe(200);
    expect(await points()).toBe(150);

    const [cleared] = await t.db.select().from(cardAuthorizations).where(eq(cardAuthorizations.processorId, first.id));
    const deleted = await staff.post(`/api/admin/users/${member.id}/transactions/${cleared?.holdTransferId}/reverse`, {
      reason: 'Disputed',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await points()).toBe(50);
    const [audit] = (await auditsOf(member)).filter((row) => row.action === 'transaction.reversed');
    expect(audit?.after).toMatchObject({ pointsTakenBack: 100 });

    await reverseAll(member, 'Fraud review');
    expect(await points()).toBe(0);
    expect((await cardOf(member.browser, 'credit')).credit).toMatchObject({ balance: '0.00' });
    // A second run takes nothing more.
    await reverseAll(member, 'Again');
    expect(await points()).toBe(0);
  });

  it('closes them all in one run with one audit row; a second run finds nothing and says nothing', async () => {
    const processor = new Processor(t);
    const robin = await longStandingMember(t, 300_00n);
    const payee = await addPayee(t, robin);
    const { deposit: waiting } = await deposited(robin.browser, { deposit: { amount: '75.00' } });
    const { deposit: accepted } = await deposited(robin.browser, { deposit: { amount: '400.00' } });
    await approved(staff, accepted.id);
    const bill = (await scheduled(robin, paymentForm(payee.id, '2026-12-01', { amount: '30.00' }))).payment;
    await processor.authorize(await plasticOf(t, (await cardOf(robin.browser)).id), '9.99');
    const before = await lastAuditId(robin);

    // The opening deposit, the accepted check, and five holds: waiting, two funds holds, bill, card.
    expect(await reverseAll(robin, 'Clean-up')).toEqual({ count: 7, message: messages.admin.transactionsDeleted(7) });
    const [audit, ...more] = await runAudits(robin);
    expect(more).toHaveLength(0);
    expect(audit?.after).toMatchObject({
      count: 7,
      workflows: {
        deposits: [waiting.id],
        depositHolds: expect.any(Array),
        billPayments: [bill.id],
        cardAuthorizations: [expect.any(String)],
      },
    });
    expect(await actionsAfter(robin, before)).toEqual(['transactions.reversed_all']);
    expect(await balances(robin.browser)).toEqual(settledBalances('0.00', '0.00'));

    const notices = (await notificationsOf(robin.browser)).length;
    const mails = (await mailsTo(t, robin.email)).length;
    time.advance(60_000);
    expect(await reverseAll(robin, 'Again')).toEqual({ count: 0, message: messages.admin.transactionsDeleted(0) });
    expect((await notificationsOf(robin.browser)).length).toBe(notices);
    expect((await mailsTo(t, robin.email)).length).toBe(mails);
    const [, second] = await runAudits(robin);
    expect(second?.after).not.toHaveProperty('workflows');
  });
});
