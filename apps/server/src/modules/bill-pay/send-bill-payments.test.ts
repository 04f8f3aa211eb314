import { type BillPaymentResult, messages } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { SecretBox } from '../../crypto/secret-box';
import {
  addPayee,
  billPayOverview,
  cutOffAt,
  paymentForm,
  paymentsOf,
  PAYMENTS,
  runSendJob,
  scheduled,
} from '../../test/bill-pay';
import { auditActions, mailsTo, manualClock } from '../../test/identity';
import { balances, cashEntry, type Member, memberWithMoney } from '../../test/money';
import { createTestApp, daysLongTestEnv, useLedgerTestApp } from '../../test/test-app';
import { history, notificationsOf } from '../../test/transfer-forms';
import { auditLog } from '../audit/audit.tables';
import { ledgerTransfers } from '../ledger/ledger.tables';
import { resolvePending } from '../ledger/post-transfer';
import { staffBrowser } from '../payments/payment-ops.fixtures';
import { billPayees, billPayments, billSeries } from './bill-pay.tables';
import { payeeAccountContext } from './payee-number';
import { sendDueBillPayments } from './send-bill-payments';

const SECOND = 1_000;

describe('[BILL PAY]: the send job', () => {
  // Monday 30 November 2026, 1:00 PM in New York.
  const time = manualClock(new Date('2026-11-30T18:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: daysLongTestEnv });

  const paymentRow = async (id: string) => (await t.db.select().from(billPayments).where(eq(billPayments.id, id)))[0];
  const runDeps = (now: Date) => ({ ...t, clock: () => now, logger: pino({ level: 'silent' }) });
  const posts = async (pendingId: string) =>
    t.db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.pendingId, pendingId), eq(ledgerTransfers.kind, 'post')));

  it('sends at the cut-off on its date: the hold posts, Sent with a confirmation number, told; once', async () => {
    const member = await memberWithMoney(t, 300_00n);
    const payee = await addPayee(t, member);
    const { payment } = await scheduled(member, paymentForm(payee.id, '2026-12-01', { amount: '86.40' }));

    expect(await runSendJob(t, new Date(cutOffAt('2026-12-01').getTime() - SECOND))).toMatchObject({ sent: 0 });
    expect((await paymentRow(payment.id))?.status).toBe('scheduled');
    expect(await runSendJob(t, cutOffAt('2026-12-01'))).toMatchObject({ sent: 1, failed: 0, errors: 0 });
    expect(await runSendJob(t, cutOffAt('2026-12-01'))).toMatchObject({ sent: 0 });

    const [sent] = (await paymentsOf(member, 'history')).payments;
    expect(sent).toEqual(
      expect.objectContaining({
        id: payment.id,
        status: 'sent',
        cancelUntil: null,
        sentAt: '2026-12-01T19:00:00.000Z',
      }),
    );
    expect(sent?.confirmationNumber).toMatch(/^BP-[2-9A-Z]{8}$/);
    expect((await balances(member.browser)).Checking).toEqual({ balance: '213.60', available: '213.60' });
    const [item] = (await history(member.browser, 'category=Bill%20Pay')).items;
    expect(item).toEqual(expect.objectContaining({ status: 'Completed', amount: '86.40' }));
    const [notice] = await notificationsOf(member.browser);
    expect(notice).toEqual(
      expect.objectContaining({
        title: 'Bill payment sent',
        body:
          'Your payment of $86.40 to Electric was sent on Tuesday, December 1, 2026. ' +
          `Confirmation number: ${sent?.confirmationNumber}.`,
      }),
    );
    expect(await posts((await paymentRow(payment.id))?.pendingTransferId ?? '')).toHaveLength(1);
    expect(await auditActions(t, member.id)).toContain('bill_pay.sent');
  });

  it('racing cancel and send on one payment: exactly one wins, and the money agrees', async () => {
    for (let round = 0; round < 4; round += 1) {
      const member = await memberWithMoney(t, 100_00n);
      const payee = await addPayee(t, member, { accountNumber: `5050${round}000` });
      const { payment } = await scheduled(member, paymentForm(payee.id, '2026-12-01', { amount: '40.00' }));
      const before = time.now();
      // The member presses Cancel a moment before the cut-off; the job runs at it.
      time.advance(cutOffAt('2026-12-01').getTime() - SECOND - before.getTime());
      const [cancel, job] = await Promise.all([
        member.browser.post(`${PAYMENTS}/${payment.id}/cancel`),
        runSendJob(t, cutOffAt('2026-12-01')),
      ]);
      time.advance(before.getTime() - time.now().getTime());
      const row = await paymentRow(payment.id);
      if (cancel.statusCode === 200) {
        expect(row?.status).toBe('cancelled');
        expect((await balances(member.browser)).Checking).toEqual({ balance: '100.00', available: '100.00' });
      } else {
        expect(cancel.json()).toEqual({ code: 'CONFLICT', message: messages.billPay.cannotCancel });
        expect(job.sent).toBeGreaterThanOrEqual(1);
        expect(row?.status).toBe('sent');
        expect((await balances(member.browser)).Checking).toEqual({ balance: '60.00', available: '60.00' });
      }
    }
  });

  it('two instances sending at once send each due payment exactly once', async () => {
    const members: Member[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const member = await memberWithMoney(t, 100_00n);
      const payee = await addPayee(t, member, { accountNumber: `7070${i}000` });
      for (const amount of ['10.00', '15.00']) {
        ids.push((await scheduled(member, paymentForm(payee.id, '2026-12-02', { amount }))).payment.id);
      }
      members.push(member);
    }
    const [a, b] = await Promise.all([runSendJob(t, cutOffAt('2026-12-02')), runSendJob(t, cutOffAt('2026-12-02'))]);
    expect(a.errors + b.errors).toBe(0);
    for (const id of ids) {
      const row = await paymentRow(id);
      expect(row?.status).toBe('sent');
      expect(await posts(row?.pendingTransferId ?? '')).toHaveLength(1);
    }
    for (const member of members) {
      expect((await balances(member.browser)).Checking).toEqual({ balance: '75.00', available: '75.00' });
    }
  });

  it('monthly: later payments hold the business day before, avoid Fed holidays, stop at the count', async () => {
    const member = await memberWithMoney(t, 300_00n);
    const payee = await addPayee(t, member, { accountNumber: '8080808080' });
    const first = (
      await scheduled(member, paymentForm(payee.id, '2026-12-15', { amount: '100.00', frequency: 'monthly', count: 3 }))
    ).payment;
    expect(first).toEqual(expect.objectContaining({ held: true, series: expect.objectContaining({ occurrence: 1 }) }));
    const [series] = (await billPayOverview(member)).series;
    expect(series).toEqual(
      expect.objectContaining({ status: 'active', frequency: 'monthly', count: 3, nextPayOn: '2026-12-15' }),
    );
    expect((await balances(member.browser)).Checking.available).toBe('200.00');

    await runSendJob(t, cutOffAt('2026-12-15'));
    const [second] = (await paymentsOf(member, 'upcoming')).payments;
    // Friday 15 January 2027; its money is held on Thursday the 14th.
    expect(second).toEqual(
      expect.objectContaining({ payOn: '2027-01-15', holdsOn: '2027-01-14', held: false, status: 'scheduled' }),
    );
    expect((await balances(member.browser)).Checking).toEqual({ balance: '200.00', available: '200.00' });
    expect(await runSendJob(t, new Date(cutOffAt('2027-01-14').getTime() - SECOND))).toMatchObject({ held: 0 });
    expect(await runSendJob(t, cutOffAt('2027-01-14'))).toMatchObject({ held: 1, sent: 0 });
    expect((await balances(member.browser)).Checking).toEqual({ balance: '200.00', available: '100.00' });
    await runSendJob(t, cutOffAt('2027-01-15'));

    // 15 February 2027 is Washington's Birthday: the third payment goes on Friday the 12th.
    const [third] = (await paymentsOf(member, 'upcoming')).payments;
    expect(third).toEqual(expect.objectContaining({ payOn: '2027-02-12', holdsOn: '2027-02-11', held: false }));
    // Short of money on its hold day, it fails in plain words and the member is told.
    await cashEntry(t, member.id, 50_00n, { side: 'debit' });
    expect(await runSendJob(t, cutOffAt('2027-02-11'))).toMatchObject({ failed: 1 });
    const failedReason = 'there was not enough money in your Checking account to pay it.';
    expect((await paymentsOf(member, 'history')).payments[0]).toEqual(
      expect.objectContaining({ status: 'failed', reason: failedReason, payOn: '2027-02-12' }),
    );
    expect((await notificationsOf(member.browser))[0]).toEqual(
      expect.objectContaining({
        title: 'Bill payment not sent',
        body: `Your payment of $100.00 to Electric due Friday, February 12, 2027 was not sent: ${failedReason}`,
      }),
    );
    // …and e-mailed (they keep e-mail on), without the full account number at the biller.
    const [mail] = await mailsTo(t, member.email, 'bill-payment-not-sent');
    expect(mail?.subject).toBe('Your bill payment of $100.00 was not sent');
    expect(mail?.textBody).toContain(failedReason);
    expect(mail?.textBody).not.toContain('8080808080');
    // Three payments were its count: the series is complete, nothing more is scheduled.
    expect((await paymentsOf(member, 'upcoming')).total).toBe(0);
    expect((await t.db.select().from(billSeries).where(eq(billSeries.userId, member.id)))[0]?.status).toBe('completed');
    expect((await balances(member.browser)).Checking).toEqual({ balance: '50.00', available: '50.00' });
  });

  it('a series stops by itself after two payments in a row are not sent; a sent one starts again', async () => {
    const member = await memberWithMoney(t, 150_00n);
    const payee = await addPayee(t, member, { accountNumber: '5151515151', nickname: 'Gym' });
    await scheduled(member, paymentForm(payee.id, '2026-12-15', { amount: '100.00', frequency: 'monthly' }));
    const seriesRow = async () => (await t.db.select().from(billSeries).where(eq(billSeries.userId, member.id)))[0];
    /** The series' next payment: its hold day's run, then its date's; what became of it. */
    const runNext = async () => {
      const [next] = (await paymentsOf(member, 'upcoming')).payments;
      if (!next) throw new Error('the series has no next payment');
      if (!next.held) await runSendJob(t, cutOffAt(next.holdsOn ?? next.payOn));
      await runSendJob(t, cutOffAt(next.payOn));
      return (await paymentRow(next.id))?.status;
    };
    const stopped = () => notificationsOf(member.browser).then((all) => all.filter((n) => n.title.includes('stopped')));

    expect(await runNext()).toBe('sent'); // December: $50.00 left
    expect(await runNext()).toBe('failed'); // January: short of money
    expect(await seriesRow()).toEqual(expect.objectContaining({ status: 'active', missedInRow: 1 }));
    await cashEntry(t, member.id, 100_00n);
    expect(await runNext()).toBe('sent'); // February: sent, the count starts again
    expect(await seriesRow()).toEqual(expect.objectContaining({ status: 'active', missedInRow: 0 }));
    expect(await runNext()).toBe('failed'); // March
    expect((await seriesRow())?.status).toBe('active');
    expect(await stopped()).toEqual([]);
    expect(await runNext()).toBe('failed'); // April: the second in a row

    expect(await seriesRow()).toEqual(
      expect.objectContaining({ status: 'stopped', missedInRow: 2, stopReason: '2 payments in a row were not sent' }),
    );
    expect((await paymentsOf(member, 'upcoming')).total).toBe(0);
    // Recurring payments shows it stopped, and why; so do the bell and an e-mail.
    expect((await billPayOverview(member)).series).toEqual([
      expect.objectContaining({ status: 'stopped', stopReason: '2 payments in a row were not sent', nextPayOn: null }),
    ]);
    expect(await stopped()).toEqual([
      expect.objectContaining({
        title: 'Recurring payment stopped',
        body:
          'Your recurring payment of $100.00 to Gym is stopped: its last 2 payments were not sent. ' +
          'No more payments will be made to Gym; to pay them again, set up a payment under Bill Pay.',
      }),
    ]);
    const [mail] = await mailsTo(t, member.email, 'bill-series-stopped');
    expect(mail?.subject).toBe('Your recurring payment to Gym is stopped');
    expect(mail?.textBody).not.toContain('5151515151');
    expect(mail?.textBody).toMatch(/Amount: \$100\.00\nPayee: Gym \(.+\)\n\n/);
    expect((await auditActions(t, member.id)).filter((a) => a === 'bill_pay.series_stopped')).toHaveLength(1);
    // Stopped, it is over: the member cannot stop it again, and no later run makes a payment.
    expect((await member.browser.post(`/api/bill-pay/series/${(await seriesRow())?.id}/stop`)).statusCode).toBe(409);
    await runSendJob(t, cutOffAt('2027-05-14'));
    expect((await paymentsOf(member, 'upcoming')).total).toBe(0);
    expect((await balances(member.browser)).Checking).toEqual({ balance: '50.00', available: '50.00' });
    // It stays in the list for 30 days after it stopped (the stop moved back, as if that long ago).
    const stoppedDaysAgo = (days: number) =>
      t.db
        .update(billSeries)
        .set({ stoppedAt: new Date(time.now().getTime() - days * 86_400_000) })
        .where(eq(billSeries.userId, member.id));
    await stoppedDaysAgo(29);
    expect((await billPayOverview(member)).series).toHaveLength(1);
    await stoppedDaysAgo(31);
    expect((await billPayOverview(member)).series).toEqual([]);
  });

  it('an every-two-weeks series with an end date; stopping it cancels its scheduled payment', async () => {
    const member = await memberWithMoney(t, 300_00n);
    const payee = await addPayee(t, member, { accountNumber: '9191919191' });
    const form = paymentForm(payee.id, '2026-12-03', { amount: '20.00', frequency: 'biweekly', endsOn: '2026-12-31' });
    const first = (await scheduled(member, form)).payment;
    await runSendJob(t, cutOffAt('2026-12-03'));
    const [second] = (await paymentsOf(member, 'upcoming')).payments;
    expect(second).toEqual(
      expect.objectContaining({ payOn: '2026-12-17', series: expect.objectContaining({ occurrence: 2 }) }),
    );
    // The business day before its date, the second payment's money is held.
    await runSendJob(t, cutOffAt('2026-12-16'));
    expect((await paymentsOf(member, 'upcoming')).payments[0]?.held).toBe(true);
    const stop = await member.browser.post(`/api/bill-pay/series/${first.series?.id}/stop`);
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json()).toEqual(
      expect.objectContaining({
        message: messages.billPay.seriesStopped('Electric'),
        series: expect.objectContaining({ status: 'stopped' }),
      }),
    );
    expect((await paymentsOf(member, 'upcoming')).total).toBe(0);
    expect((await paymentsOf(member, 'history')).payments.map((p) => p.status)).toEqual(['cancelled', 'sent']);
    expect((await member.browser.post(`/api/bill-pay/series/${first.series?.id}/stop`)).statusCode).toBe(409);
    // Its transactions: the sent one Completed, the held one the member stopped Cancelled (not Failed).
    expect((await history(member.browser, 'category=Bill%20Pay')).items.map((i) => [i.status, i.statusReason])).toEqual(
      [
        ['Cancelled', 'Recurring payment stopped'],
        ['Completed', null],
      ],
    );
  });

  it('payments an unexpected error stops fill whole pages, and the payments after them are still sent', async () => {
    const member = await memberWithMoney(t, 500_00n);
    const good = await addPayee(t, member, { accountNumber: '7070707070', nickname: 'Water' });
    const bad = await addPayee(t, member, { accountNumber: '7171717171', nickname: 'Broken' });
    // Three payments on a payee whose account number this instance cannot open yet (sealed under
    // another instance's newer key, mid-rotation: an error, retried), due before the one that can go:
    // with pages of two, they fill the first page and more.
    const stuck = [];
    for (const day of ['2026-12-01', '2026-12-01', '2026-12-02'])
      stuck.push((await scheduled(member, paymentForm(bad.id, day, { amount: '10.00' }))).payment.id);
    const { payment } = await scheduled(member, paymentForm(good.id, '2026-12-03', { amount: '20.00' }));
    const [own] = await t.db.select().from(billPayees).where(eq(billPayees.id, bad.id));
    const elsewhere = SecretBox.withNewKey().seal('7171717171', payeeAccountContext(bad.id));
    await t.db.update(billPayees).set({ accountNumber: elsewhere }).where(eq(billPayees.id, bad.id));
    try {
      const summary = await sendDueBillPayments(runDeps(cutOffAt('2026-12-03')), cutOffAt('2026-12-03'), 2);
      expect(summary).toEqual({ held: 0, sent: 1, failed: 0, errors: 3 });
      expect((await paymentRow(payment.id))?.status).toBe('sent');
      for (const id of stuck) expect((await paymentRow(id))?.status).toBe('scheduled');
    } finally {
      await t.db.update(billPayees).set({ accountNumber: own?.accountNumber }).where(eq(billPayees.id, bad.id));
    }
    // Readable again, they go at the next run.
    expect(await runSendJob(t, cutOffAt('2026-12-03'))).toMatchObject({ sent: 3, errors: 0 });
  });

  it('a payment whose held money staff released fails in plain words; it is never sent', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const payee = await addPayee(t, member, { accountNumber: '6161616161' });
    const { payment } = await scheduled(member, paymentForm(payee.id, '2026-12-01', { amount: '30.00' }));
    const pendingId = (await paymentRow(payment.id))?.pendingTransferId ?? '';
    await t.db.transaction((tx) =>
      resolvePending(tx, { pendingId, kind: 'void', reason: 'Reversed by staff', now: time.now(), createdBy: null }),
    );
    expect(await runSendJob(t, cutOffAt('2026-12-01'))).toMatchObject({ sent: 0, failed: 1 });
    expect((await paymentsOf(member, 'history')).payments[0]).toEqual(
      expect.objectContaining({
        status: 'failed',
        reason: 'the money held for it was released by the credit union. Please contact us.',
      }),
    );
    expect((await balances(member.browser)).Checking).toEqual({ balance: '100.00', available: '100.00' });
    // The member did not cancel it: their transactions say Failed, with the credit union's reason.
    const [item] = (await history(member.browser, 'category=Bill%20Pay')).items;
    expect(item).toEqual(expect.objectContaining({ status: 'Failed', statusReason: 'Reversed by staff' }));
  });

  it('Stop after the cut-off on its payment’s date: it is still sent, and the answer and audit say so', async () => {
    const member = await memberWithMoney(t, 300_00n);
    const payee = await addPayee(t, member, { accountNumber: '9292929292' });
    const form = paymentForm(payee.id, '2026-12-01', { amount: '10.00', frequency: 'weekly', count: 4 });
    const { payment } = await scheduled(member, form);
    const before = time.now();
    // A second past the cut-off on its date, before the job's next run comes round.
    time.advance(cutOffAt('2026-12-01').getTime() + SECOND - before.getTime());
    try {
      const stop = await member.browser.post(`/api/bill-pay/series/${payment.series?.id}/stop`);
      expect(stop.statusCode, stop.body).toBe(200);
      expect(stop.json()).toEqual({
        message: messages.billPay.seriesStoppedStillSent('Electric', '$10.00', 'Tuesday, December 1, 2026'),
        series: expect.objectContaining({ status: 'stopped', nextPayOn: '2026-12-01' }),
      });
      const [audit] = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'bill_pay.series_stopped'), eq(auditLog.targetUserId, member.id)));
      expect(audit?.after).toEqual({ status: 'stopped', cancelledPayments: [], stillSentPayments: [payment.id] });

      expect(await runSendJob(t, time.now())).toMatchObject({ sent: 1, errors: 0 });
      expect((await paymentRow(payment.id))?.status).toBe('sent');
      expect((await balances(member.browser)).Checking).toEqual({ balance: '290.00', available: '290.00' });
      // …and it was the last: the stopped series makes no next payment.
      expect((await paymentsOf(member, 'upcoming')).total).toBe(0);
      expect(
        await t.db
          .select()
          .from(billPayments)
          .where(eq(billPayments.seriesId, payment.series?.id ?? '')),
      ).toHaveLength(1);
    } finally {
      time.advance(before.getTime() - time.now().getTime());
    }
  });

  it('a payment caught up after an outage: its notices give the day it was sent, beside its due date', async () => {
    const member = await memberWithMoney(t, 100_00n);
    const payee = await addPayee(t, member, { accountNumber: '9393939393' });
    const { payment } = await scheduled(member, paymentForm(payee.id, '2026-12-01', { amount: '25.00' }));
    // No instance ran on the 1st or the 2nd; one starts at 10:00 AM on Thursday the 3rd.
    expect(await runSendJob(t, new Date('2026-12-03T15:00:00Z'))).toMatchObject({ sent: 1, errors: 0 });
    const { confirmationNumber } = (await paymentRow(payment.id)) ?? {};
    expect((await notificationsOf(member.browser))[0]).toEqual(
      expect.objectContaining({
        title: 'Bill payment sent',
        body:
          'Your payment of $25.00 to Electric due Tuesday, December 1, 2026 was sent on Thursday, December 3, 2026. ' +
          `Confirmation number: ${confirmationNumber}.`,
      }),
    );
    // The biller sends it back the next week: the notice names the day it went too.
    const staff = await staffBrowser(t);
    const before = time.now();
    time.advance(new Date('2026-12-08T15:00:00Z').getTime() - before.getTime());
    try {
      const returned = await staff.post(`/api/admin/bill-pay/payments/${payment.id}/return`, { code: 'REFUSED' });
      expect(returned.statusCode, returned.body).toBe(200);
      expect((await notificationsOf(member.browser))[0]).toEqual(
        expect.objectContaining({
          title: 'Bill payment returned',
          body:
            'Your payment of $25.00 to Electric due Tuesday, December 1, 2026, sent on Thursday, December 3, 2026, ' +
            'came back: the biller refused the payment. The money is back in your Checking account.',
        }),
      );
    } finally {
      time.advance(before.getTime() - time.now().getTime());
    }
  });
});

describe('[BILL PAY]: a payment due while every instance was down', () => {
  it('is sent when an instance starts (the job catches up at start)', async () => {
    const time = manualClock(new Date('2026-11-30T18:00:00Z'));
    const t = await createTestApp({ clock: time.clock, env: daysLongTestEnv });
    try {
      const member = await memberWithMoney(t, 100_00n);
      const payee = await addPayee(t, member);
      const { payment }: BillPaymentResult = await scheduled(member, paymentForm(payee.id, '2026-12-01'));
      // The server was stopped over its date; one starts two days later, with its job queue on.
      const config = loadConfig({ NODE_ENV: 'test', JOBS_ENABLED: 'true', JOB_POLL_SECONDS: '0.5' });
      const later = new Date('2026-12-03T15:00:00Z');
      const started = await buildApp({
        config,
        database: t.database,
        db: t.db,
        mailer: t.mailer,
        storage: t.storage,
        secrets: t.secrets,
        cardKeys: t.cardKeys,
        clock: () => later,
        logger: pino({ level: 'silent' }),
      });
      await started.ready();
      try {
        const status = async () =>
          (await t.db.select().from(billPayments).where(eq(billPayments.id, payment.id)))[0]?.status;
        await expect.poll(status, { timeout: 15_000, interval: 200 }).toBe('sent');
      } finally {
        await started.close();
      }
      expect((await balances(member.browser)).Checking).toEqual({ balance: '75.00', available: '75.00' });
    } finally {
      await t.close();
    }
  });
});
