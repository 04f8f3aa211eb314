import { messages, type StaffBillPaymentPage, type StaffBillPaymentResult } from '@mutual/shared';
import { describe, expect, it } from 'vitest';
import { addPayee, cutOffAt, paymentForm, paymentsOf, runSendJob, scheduled } from '../../test/bill-pay';
import { quotedCsvLines, cellsOf } from '../../test/csv';
import { auditActions, mailsTo, manualClock } from '../../test/identity';
import { balances, memberWithMoney } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { daysLongTestEnv, useLedgerTestApp } from '../../test/test-app';
import { history, notificationsOf } from '../../test/transfer-forms';
import { RECORD_LENGTH } from '../payments/nacha';
import { staffBrowser } from '../payments/payment-ops.fixtures';

const m = messages.billPay;
const STAFF = '/api/admin/bill-pay';

describe('[BILL PAY]: the staff tab of Payment Operations', () => {
  const time = manualClock(new Date('2026-11-30T18:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: daysLongTestEnv });

  it('lists due, scheduled, sent and returned; a return pays the member back, tells them; exports a day', async () => {
    const member = await memberWithMoney(t, 500_00n, 'Jo Payer');
    const electric = await addPayee(t, member, { billerId: 'demo-electric', accountNumber: '5512345678' });
    const water = await addPayee(t, member, { billerId: 'demo-water', accountNumber: '20455102', nickname: 'Water' });
    const toElectric = (await scheduled(member, paymentForm(electric.id, '2026-12-01', { amount: '86.40' }))).payment;
    const toWater = (await scheduled(member, paymentForm(water.id, '2026-12-01', { amount: '42.15' }))).payment;
    const staff = await staffBrowser(t);
    const list = async (query: string) => {
      const response = await staff.get(`${STAFF}/payments?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<StaffBillPaymentPage>();
    };

    // Before 1 December they are Scheduled (soonest first), not due.
    const ahead = await list('view=scheduled');
    expect(ahead.payments.map((p) => p.id).sort()).toEqual([toElectric.id, toWater.id].sort());
    expect(ahead.counts).toMatchObject({ due: 0, scheduled: 2 });

    // Due on 1 December: listed on that day, before the cut-off.
    time.advance(cutOffAt('2026-12-01').getTime() - 3_600_000 - time.now().getTime());
    const due = await list('view=due');
    expect(due.today).toBe('2026-12-01');
    expect(due.payments.map((p) => p.id).sort()).toEqual([toElectric.id, toWater.id].sort());
    expect(due.payments[0]?.member).toEqual(expect.objectContaining({ name: 'Jo Payer', email: member.email }));
    expect(due.counts).toMatchObject({ due: 2, scheduled: 0 });

    await runSendJob(t, cutOffAt('2026-12-01'));
    time.advance(cutOffAt('2026-12-01').getTime() + 60_000 - time.now().getTime());
    const sent = await list('view=sent');
    expect(sent.counts).toEqual({ due: 0, scheduled: 0, sent: 2, returned: 0 });
    expect(sent.payments.find((p) => p.id === toElectric.id)?.biller).toEqual({
      id: 'demo-electric',
      name: 'Riverside Electric Co.',
      delivery: 'electronic',
    });

    // The day's CSV for the processor: every sent payment, with the member's account at the biller.
    const csv = await staff.get(`${STAFF}/export.csv?date=2026-12-01`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="bill-payments-2026-12-01.csv"');
    const lines = quotedCsvLines(csv.body);
    expect(lines).toHaveLength(3);
    const rows = lines.slice(1).map(cellsOf);
    expect(rows.map((r) => [r[3], r[4], r[8], r[9], r[10]]).sort()).toEqual(
      [
        ['City Water Utility', 'check', '20455102', 'Jo Payer', '42.15'],
        ['Riverside Electric Co.', 'electronic', '5512345678', 'Jo Payer', '86.40'],
      ].sort(),
    );
    // NACHA: one CCD batch with the electronic biller only, 94-character records in blocks of ten.
    const ach = await staff.get(`${STAFF}/export.ach?date=2026-12-01`);
    expect(ach.statusCode, ach.body).toBe(200);
    const records = ach.body.trimEnd().split('\n');
    expect(records.every((r) => r.length === RECORD_LENGTH)).toBe(true);
    expect(records.length % 10).toBe(0);
    expect(records[1]?.slice(50, 53)).toBe('CCD');
    const entries = records.filter((r) => r.startsWith('6'));
    expect(entries).toHaveLength(1);
    expect(entries[0]?.slice(3, 12)).toBe('021000021'); // the biller's bank
    expect(entries[0]?.slice(29, 39)).toBe('0000008640');
    expect(entries[0]?.slice(39, 54).trim()).toBe('5512345678'); // the member's account at the biller
    expect(entries[0]?.slice(54, 76).trim()).toBe('RIVERSIDE ELECTRIC CO.');
    expectRefusal(await staff.get(`${STAFF}/export.csv?date=2026-12-02`), 404, {
      code: 'NOT_FOUND',
      message: m.nothingToExport('Wednesday, December 2, 2026'),
    });

    // The biller could not match the account: returned, money back, member told in plain words.
    const returned = await staff.post(`${STAFF}/payments/${toElectric.id}/return`, {
      code: 'ACCOUNT_NOT_FOUND',
      note: 'Please check the number on your bill.',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    const result = returned.json<StaffBillPaymentResult>();
    expect(result.message).toBe(m.returned('$86.40', 'Electric', 'The biller could not match the account number'));
    expect(result.payment).toEqual(
      expect.objectContaining({
        status: 'returned',
        reason: 'The biller could not match the account number',
        returnNote: 'Please check the number on your bill.',
      }),
    );
    expect((await balances(member.browser)).Checking).toEqual({ balance: '457.85', available: '457.85' });
    expect((await notificationsOf(member.browser))[0]).toEqual(
      expect.objectContaining({
        title: 'Bill payment returned',
        body:
          'Your payment of $86.40 to Electric sent on Tuesday, December 1, 2026 came back: the biller could not ' +
          'match the account number. The money is back in your Checking account. Please check the account number ' +
          'you gave for this payee. Note from our payments team: Please check the number on your bill.',
      }),
    );
    const [mail] = await mailsTo(t, member.email, 'bill-payment-returned');
    expect(mail?.subject).toBe('Your bill payment of $86.40 was returned');
    expect(mail?.textBody).toContain('Note from our payments team: Please check the number on your bill.');
    expect(mail?.textBody).not.toContain('5512345678');
    // The payment's details under the words: what, to whom, which account there (its last four), when.
    expect(mail?.textBody).toContain(
      'Amount: $86.40\nPayee: Electric (Riverside Electric Co.)\nYour account there: ••••5678\n' +
        'Date: Tuesday, December 1, 2026',
    );
    expect((await paymentsOf(member, 'history')).payments.find((p) => p.id === toElectric.id)?.status).toBe('returned');
    const refund = (await history(member.browser, 'category=Bill%20Pay&type=credit')).items[0];
    expect(refund).toEqual(expect.objectContaining({ type: 'credit', amount: '86.40', status: 'Completed' }));
    // Once only.
    expectRefusal(await staff.post(`${STAFF}/payments/${toElectric.id}/return`, { code: 'OTHER' }), 409, {
      code: 'CONFLICT',
      message: m.notReturnable,
    });
    expect((await list('view=returned')).payments.map((p) => p.id)).toEqual([toElectric.id]);
    // What went out that day stays in that day's list and file, returned since or not.
    expect((await list('view=sent&date=2026-12-01')).payments.map((p) => p.status).sort()).toEqual([
      'returned',
      'sent',
    ]);
    expect(quotedCsvLines((await staff.get(`${STAFF}/export.csv?date=2026-12-01`)).body)).toHaveLength(3);
    // A scheduled payment cannot be returned; an unknown code is refused.
    const later = (await scheduled(member, paymentForm(water.id, '2026-12-04', { amount: '5.00' }))).payment;
    expectRefusal(await staff.post(`${STAFF}/payments/${later.id}/return`, { code: 'OTHER' }), 409, {
      code: 'CONFLICT',
      message: m.notReturnable,
    });
    expect((await staff.post(`${STAFF}/payments/${toWater.id}/return`, { code: 'R01' })).statusCode).toBe(400);
    expect(await auditActions(t, member.id)).toEqual(expect.arrayContaining(['bill_pay.sent', 'bill_pay.returned']));
  });

  it('is for staff only', async () => {
    const member = await memberWithMoney(t, 0n);
    for (const path of [`${STAFF}/payments`, `${STAFF}/export.csv?date=2026-12-01`]) {
      expect((await member.browser.get(path)).statusCode, path).toBe(403);
    }
  });
});
