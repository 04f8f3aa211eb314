import { randomBytes } from 'node:crypto';
import {
  BILL_PAY_SKIPPED_HEADER,
  type BillPaymentResult,
  type BillSeriesResult,
  messages,
  type StaffBillPaymentPage,
  type StaffBillPaymentResult,
} from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../crypto/secret-box';
import {
  addPayee,
  BILL_PAY,
  billPayOverview,
  cutOffAt,
  PAYMENTS,
  paymentForm,
  paymentsOf,
  runSendJob,
  schedule,
  scheduled,
} from '../../test/bill-pay';
import { cellsOf, quotedCsvLines } from '../../test/csv';
import { latestMail, manualClock, signInStaff } from '../../test/identity';
import { balances, type Member, memberWithMoney } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { daysLongTestEnv, useLedgerTestApp } from '../../test/test-app';
import { notificationsOf } from '../../test/transfer-forms';
import { auditLog } from '../audit/audit.tables';
import { billPayees, billPayments } from './bill-pay.tables';
import { payeeAccountContext } from './payee-number';
import { sendDueBillPayments } from './send-bill-payments';

const m = messages.billPay;
const STAFF = '/api/admin/bill-pay';

/**
 * A payee's account number that cannot be opened — sealed under a key this server does not hold, or
 * damaged — is that one payment's problem: the processor's CSV and NACHA file leave it out and name
 * it, the staff lists show it marked, the send job fails it in plain words (or, under another
 * instance's newer key, leaves it for a run that can open it), and Delete User Transactions is not
 * stopped by it. Every other member's payments go out as always. The member's own screens show it
 * "(unreadable)": a new payment to it is refused in plain words; cancelling, stopping and removing work.
 */
describe('[BILL PAY]: a payee number that cannot be opened holds up only its own payment', () => {
  const time = manualClock(new Date('2026-11-30T18:00:00Z'));
  const key = randomBytes(32);
  const t = useLedgerTestApp({ clock: time.clock, env: daysLongTestEnv, secrets: new SecretBox(key) });
  /** The key another instance seals with while the instances are restarted for a rotation. */
  const newerKey = randomBytes(32);

  const stored = async (payeeId: string) =>
    (await t.db.select().from(billPayees).where(eq(billPayees.id, payeeId)))[0]?.accountNumber ?? '';
  const store = (payeeId: string, accountNumber: string) =>
    t.db.update(billPayees).set({ accountNumber }).where(eq(billPayees.id, payeeId));
  /** The number sealed under a key this instance does not hold (another instance's newer key). */
  const sealUnderNewerKey = (payeeId: string, number: string) =>
    store(payeeId, new SecretBox(newerKey).seal(number, payeeAccountContext(payeeId)));
  /** The stored bytes damaged: one character of the ciphertext changed, so its tag no longer checks. */
  const damage = async (payeeId: string) => {
    const value = await stored(payeeId);
    await store(payeeId, `${value.slice(0, -2)}${value.at(-2) === 'A' ? 'B' : 'A'}${value.at(-1)}`);
  };
  const paymentRow = async (id: string) => (await t.db.select().from(billPayments).where(eq(billPayments.id, id)))[0];
  const skippedHeader = (headers: Record<string, unknown>) =>
    decodeURIComponent(String(headers[BILL_PAY_SKIPPED_HEADER] ?? '')).split(' | ');
  const moveTo = (at: Date) => time.advance(at.getTime() - time.now().getTime());
  const notSent = async (member: Member) =>
    (await notificationsOf(member.browser)).filter((notice) => notice.title === 'Bill payment not sent');

  it('the CSV, the NACHA file and the staff list name the payment; every other member’s go out', async () => {
    const ann = await memberWithMoney(t, 500_00n, 'Ann Good');
    const ben = await memberWithMoney(t, 500_00n, 'Ben Rotated');
    const cy = await memberWithMoney(t, 500_00n, 'Cy Damaged');
    const annElectric = await addPayee(t, ann, { billerId: 'demo-electric', accountNumber: '5512345678' });
    const annWater = await addPayee(t, ann, { billerId: 'demo-water', accountNumber: '20455102', nickname: 'Water' });
    const benNet = await addPayee(t, ben, { billerId: 'demo-internet', accountNumber: '8812345678', nickname: 'Net' });
    const cyPhone = await addPayee(t, cy, { billerId: 'demo-mobile', accountNumber: '6612345678', nickname: 'Phone' });
    const toElectric = (await scheduled(ann, paymentForm(annElectric.id, '2026-12-01', { amount: '86.40' }))).payment;
    const toWater = (await scheduled(ann, paymentForm(annWater.id, '2026-12-01', { amount: '42.15' }))).payment;
    const toNet = (await scheduled(ben, paymentForm(benNet.id, '2026-12-01', { amount: '10.00' }))).payment;
    const toPhone = (await scheduled(cy, paymentForm(cyPhone.id, '2026-12-01', { amount: '20.00' }))).payment;
    const netAgain = (await scheduled(ben, paymentForm(benNet.id, '2026-12-02', { amount: '11.00' }))).payment;
    expect(await runSendJob(t, cutOffAt('2026-12-01'))).toMatchObject({ sent: 4, failed: 0, errors: 0 });
    expect(await runSendJob(t, cutOffAt('2026-12-02'))).toMatchObject({ sent: 1, failed: 0, errors: 0 });
    moveTo(new Date(cutOffAt('2026-12-02').getTime() + 60_000));

    // Sent, then unreadable: Ben's under a key this server does not hold, Cy's damaged.
    await sealUnderNewerKey(benNet.id, '8812345678');
    await damage(cyPhone.id);
    const named = async (id: string, what: string) =>
      `${(await paymentRow(id))?.confirmationNumber} (${what}, account (unreadable)): ${m.skipUnreadable}`;
    const benNamed = await named(toNet.id, '$10.00 to FastNet Internet');
    const cyNamed = await named(toPhone.id, '$20.00 to Horizon Mobile');
    const staff = await signInStaff(t);

    // The CSV: Ann's two payments, the two others left out and named beside the file and in the audit row.
    const csv = await staff.get(`${STAFF}/export.csv?date=2026-12-01`);
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = quotedCsvLines(csv.body).slice(1).map(cellsOf);
    expect(rows.map((row) => [row[0], row[8], row[9]]).sort()).toEqual(
      [
        [(await paymentRow(toElectric.id))?.confirmationNumber, '5512345678', 'Ann Good'],
        [(await paymentRow(toWater.id))?.confirmationNumber, '20455102', 'Ann Good'],
      ].sort(),
    );
    expect(skippedHeader(csv.headers).sort()).toEqual([benNamed, cyNamed].sort());
    const exports = await t.db.select().from(auditLog).where(eq(auditLog.action, 'bill_pay.exported'));
    expect(exports.map((row) => row.after)).toEqual([
      { format: 'csv', day: '2026-12-01', payments: 2, skipped: expect.arrayContaining([benNamed, cyNamed]) },
    ]);

    // The NACHA file: Ann's electronic payment as its one entry; Ben's and Cy's named in its skipped part.
    const ach = await staff.get(`${STAFF}/export.ach?date=2026-12-01`);
    expect(ach.statusCode, ach.body).toBe(200);
    const entries = ach.body.split('\n').filter((record) => record.startsWith('6'));
    expect(entries.map((entry) => entry.slice(39, 54).trim())).toEqual(['5512345678']);
    expect(skippedHeader(ach.headers).sort()).toEqual([benNamed, cyNamed].sort());

    // The staff list: all four, the two numbers shown as unreadable, as the payment-order list shows its own.
    const sent = await staff.get(`${STAFF}/payments?view=sent&date=2026-12-01`);
    expect(sent.statusCode, sent.body).toBe(200);
    const masked = Object.fromEntries(
      sent.json<StaffBillPaymentPage>().payments.map((p) => [p.id, p.payee.accountNumberMasked]),
    );
    expect(masked).toEqual({
      [toElectric.id]: '••••5678',
      [toWater.id]: '••••5102',
      [toNet.id]: '(unreadable)',
      [toPhone.id]: '(unreadable)',
    });

    // A day whose only payment is unreadable: nothing to write, and the refusal names it.
    const benOnly = await named(netAgain.id, '$11.00 to FastNet Internet');
    for (const format of ['csv', 'ach']) {
      const refused = await staff.get(`${STAFF}/export.${format}?date=2026-12-02`);
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json<{ message: string }>().message).toBe(
        `${m.nothingWritable('Wednesday, December 2, 2026')} Skipped: ${benOnly}`,
      );
    }

    // Staff can still give Cy the money back: the number is not needed for that.
    const returned = await staff.post(`${STAFF}/payments/${toPhone.id}/return`, { code: 'OTHER', note: '' });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json<StaffBillPaymentResult>().payment).toMatchObject({
      status: 'returned',
      payee: { accountNumberMasked: '(unreadable)' },
    });
    expect((await balances(cy.browser)).Checking).toEqual({ balance: '500.00', available: '500.00' });
    const mail = await latestMail(t, cy.email, 'bill-payment-returned');
    expect(mail.textBody).toContain('Payee: Phone (Horizon Mobile)');
    expect(mail.textBody).not.toContain('Your account there');
  });

  it('the send job fails a payment whose payee number is damaged: hold released, member told, staff see', async () => {
    const dee = await memberWithMoney(t, 200_00n, 'Dee Damaged');
    const eve = await memberWithMoney(t, 200_00n, 'Eve Good');
    const fay = await memberWithMoney(t, 200_00n, 'Fay Copied');
    const deePayee = await addPayee(t, dee, { billerId: 'demo-electric', accountNumber: '5500000001' });
    const evePayee = await addPayee(t, eve, { billerId: 'demo-electric', accountNumber: '5500000002' });
    const fayPayee = await addPayee(t, fay, { billerId: 'demo-water', accountNumber: '5500000003', nickname: 'Water' });
    const deePays = (await scheduled(dee, paymentForm(deePayee.id, '2026-12-04', { amount: '40.00' }))).payment;
    const evePays = (await scheduled(eve, paymentForm(evePayee.id, '2026-12-04', { amount: '50.00' }))).payment;
    const fayPays = (await scheduled(fay, paymentForm(fayPayee.id, '2026-12-04', { amount: '60.00' }))).payment;
    expect((await balances(dee.browser)).Checking.available).toBe('160.00');
    // Dee's bytes damaged; Fay's replaced by another payee's sealed number (as a bad restore would).
    await damage(deePayee.id);
    await store(fayPayee.id, await stored(evePayee.id));

    // The morning of the 4th: staff see all three due, the two numbers marked.
    moveTo(new Date(cutOffAt('2026-12-04').getTime() - 3_600_000));
    const staff = await signInStaff(t);
    const due = await staff.get(`${STAFF}/payments?view=due`);
    expect(due.statusCode, due.body).toBe(200);
    expect(
      Object.fromEntries(due.json<StaffBillPaymentPage>().payments.map((p) => [p.id, p.payee.accountNumberMasked])),
    ).toEqual({ [deePays.id]: '(unreadable)', [evePays.id]: '••••0002', [fayPays.id]: '(unreadable)' });

    expect(await runSendJob(t, cutOffAt('2026-12-04'))).toEqual({ held: 0, sent: 1, failed: 2, errors: 0 });
    expect((await paymentRow(evePays.id))?.status).toBe('sent');
    const reason =
      'your account number at Riverside Electric Co. could not be read from our records. Please contact us.';
    expect(await paymentRow(deePays.id)).toMatchObject({ status: 'failed', reason });
    expect((await paymentRow(fayPays.id))?.status).toBe('failed');
    // The money held for it is Dee's again, and Dee is told, in the bell and by e-mail (no account digits).
    expect((await balances(dee.browser)).Checking).toEqual({ balance: '200.00', available: '200.00' });
    expect((await notSent(dee)).map((notice) => notice.body)).toEqual([
      `Your payment of $40.00 to Electric due Friday, December 4, 2026 was not sent: ${reason}`,
    ]);
    const mail = await latestMail(t, dee.email, 'bill-payment-not-sent');
    expect(mail.textBody).toContain(reason);
    expect(mail.textBody).not.toContain('Your account there');
    expect((await balances(fay.browser)).Checking.available).toBe('200.00');
    expect(await notSent(fay)).toHaveLength(1);
    // Staff read why in the audit log: the member's words and the payee whose number did not open.
    const [failed] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bill_pay.failed'), eq(auditLog.targetUserId, dee.id)));
    expect(failed?.after).toEqual({
      status: 'failed',
      reason,
      payeeId: deePayee.id,
      payeeNumber: 'unreadable (refused)',
    });
    // Done with: the next run has nothing more to do or say.
    expect(await runSendJob(t, cutOffAt('2026-12-04'))).toEqual({ held: 0, sent: 0, failed: 0, errors: 0 });
    expect(await notSent(dee)).toHaveLength(1);
  });

  it('under another instance’s newer key it is left for a run that can open it; the others are sent', async () => {
    const gus = await memberWithMoney(t, 200_00n, 'Gus Newer Key');
    const hal = await memberWithMoney(t, 200_00n, 'Hal Good');
    const gusPayee = await addPayee(t, gus, { billerId: 'demo-electric', accountNumber: '5500000004' });
    const halPayee = await addPayee(t, hal, { billerId: 'demo-electric', accountNumber: '5500000005' });
    const gusPays = (await scheduled(gus, paymentForm(gusPayee.id, '2026-12-08', { amount: '30.00' }))).payment;
    const halPays = (await scheduled(hal, paymentForm(halPayee.id, '2026-12-08', { amount: '35.00' }))).payment;
    await sealUnderNewerKey(gusPayee.id, '5500000004');

    expect(await runSendJob(t, cutOffAt('2026-12-08'))).toEqual({ held: 0, sent: 1, failed: 0, errors: 1 });
    expect((await paymentRow(halPays.id))?.status).toBe('sent');
    expect((await paymentRow(gusPays.id))?.status).toBe('scheduled');
    expect(await notSent(gus)).toEqual([]);
    // An instance restarted with the newer key (and this one's as the old) sends it.
    const restarted = { ...t, secrets: new SecretBox(newerKey, [key]), logger: pino({ level: 'silent' }) };
    const at = cutOffAt('2026-12-08');
    expect(await sendDueBillPayments({ ...restarted, clock: () => at }, at)).toMatchObject({ sent: 1, errors: 0 });
    expect((await paymentRow(gusPays.id))?.status).toBe('sent');
  });

  it('Delete User Transactions is not stopped by it: the payment fails, its hold released, member told', async () => {
    const ivy = await memberWithMoney(t, 300_00n, 'Ivy Deleted');
    const payee = await addPayee(t, ivy, { billerId: 'demo-electric', accountNumber: '5500000006' });
    const payment = (await scheduled(ivy, paymentForm(payee.id, '2026-12-15', { amount: '25.00' }))).payment;
    await sealUnderNewerKey(payee.id, '5500000006');

    const staff = await signInStaff(t);
    const reason = 'Test data clean-up';
    const run = await staff.post(`/api/admin/users/${ivy.id}/transactions/reverse-all`, { reason });
    expect(run.statusCode, run.body).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'failed', reason });
    expect(await notSent(ivy)).toEqual([
      expect.objectContaining({ body: expect.stringContaining(`was not sent: ${reason}.`) }),
    ]);
    const mail = await latestMail(t, ivy.email, 'bill-payment-not-sent');
    expect(mail.textBody).not.toContain('Your account there');
  });

  it('the member’s own screens show it unreadable; paying it is refused, cancelling and removing work', async () => {
    const kim = await memberWithMoney(t, 500_00n, 'Kim Member');
    const electric = await addPayee(t, kim, { billerId: 'demo-electric', accountNumber: '5500000007' });
    const water = await addPayee(t, kim, { billerId: 'demo-water', accountNumber: '5500000008', nickname: 'Water' });
    const net = await addPayee(t, kim, { billerId: 'demo-internet', accountNumber: '5500000009', nickname: 'Net' });
    const toElectric = (await scheduled(kim, paymentForm(electric.id, '2026-12-15', { amount: '40.00' }))).payment;
    const toWater = (await scheduled(kim, paymentForm(water.id, '2026-12-15', { amount: '30.00' }))).payment;
    const netForm = paymentForm(net.id, '2026-12-16', { amount: '20.00', frequency: 'monthly', count: 3 });
    const toNet = (await scheduled(kim, netForm)).payment;
    await damage(water.id);
    await sealUnderNewerKey(net.id, '5500000009');

    // The overview and Upcoming Bills: every payee and payment there, the two numbers marked.
    const overview = await billPayOverview(kim);
    expect(overview.payees.map((p) => [p.nickname, p.accountNumberMasked])).toEqual([
      ['Electric', '••••0007'],
      ['Net', '(unreadable)'],
      ['Water', '(unreadable)'],
    ]);
    expect(overview.series.map((s) => [s.id, s.payee.accountNumberMasked])).toEqual([
      [toNet.series?.id, '(unreadable)'],
    ]);
    const masked = (payments: { id: string; payee: { accountNumberMasked: string } }[]) =>
      Object.fromEntries(payments.map((p) => [p.id, p.payee.accountNumberMasked]));
    expect(masked((await paymentsOf(kim, 'upcoming')).payments)).toEqual({
      [toElectric.id]: '••••0007',
      [toWater.id]: '(unreadable)',
      [toNet.id]: '(unreadable)',
    });

    // A new payment to it is refused before any money is held; one to another payee still goes.
    const unreadable = m.payeeNumberUnreadable('Water');
    const refused = await schedule(kim, paymentForm(water.id, '2026-12-16', { amount: '10.00' }));
    expectRefusal(refused, 409, { code: 'CONFLICT', message: unreadable, fields: { payeeId: unreadable } });
    expect((await balances(kim.browser)).Checking).toEqual({ balance: '500.00', available: '410.00' });

    // Cancelling its payment and stopping the series give the money back; Payment History shows them.
    const cancelled = await kim.browser.post(`${PAYMENTS}/${toWater.id}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<BillPaymentResult>().payment).toMatchObject({
      status: 'cancelled',
      payee: { accountNumberMasked: '(unreadable)' },
    });
    const stopped = await kim.browser.post(`${BILL_PAY}/series/${toNet.series?.id}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<BillSeriesResult>()).toMatchObject({
      message: m.seriesStopped('Net'),
      series: { status: 'stopped', payee: { accountNumberMasked: '(unreadable)' } },
    });
    expect((await balances(kim.browser)).Checking).toEqual({ balance: '500.00', available: '460.00' });
    expect(masked((await paymentsOf(kim, 'history')).payments)).toEqual({
      [toWater.id]: '(unreadable)',
      [toNet.id]: '(unreadable)',
    });

    // Added again beside the unreadable one (it cannot be shown to be the same account), then that one removed.
    const netAgain = await addPayee(t, kim, {
      billerId: 'demo-internet',
      accountNumber: '5500000009',
      nickname: 'Net',
    });
    expect(netAgain.accountNumberMasked).toBe('••••0009');
    for (const [payee, name] of [
      [water, 'Water'],
      [net, 'Net'],
    ] as const) {
      const removed = await kim.browser.delete(`${BILL_PAY}/payees/${payee.id}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json<{ message: string }>().message).toBe(m.payeeRemoved(name));
    }
    expect((await billPayOverview(kim)).payees.map((p) => [p.id, p.accountNumberMasked])).toEqual([
      [electric.id, '••••0007'],
      [netAgain.id, '••••0009'],
    ]);
    expect((await scheduled(kim, paymentForm(netAgain.id, '2026-12-16', { amount: '20.00' }))).payment).toMatchObject({
      status: 'scheduled',
      payee: { id: netAgain.id, accountNumberMasked: '••••0009' },
    });
  });
});
