import { messages, type PaymentOrderResult } from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit.tables';
import {
  Browser,
  latestMail,
  mailsTo,
  manualClock,
  MINUTE,
  signIn,
  signUp,
  validApplication,
} from '../../test/identity';
import { balances, memberWithMoney } from '../../test/money';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { useLedgerTestApp } from '../../test/test-app';
import { errorOf, history, notificationsOf } from '../../test/transfer-forms';
import {
  achOrder,
  achPayment,
  ORDERS,
  orderIn,
  queue,
  returnOrder,
  settle,
  staffBrowser,
  wireOrder,
} from './payment-ops.fixtures';

const m = messages.paymentOps;
const HOUR = 60 * MINUTE;

describe('[PAYMENT_OPS]: the staff queue of ACH and international orders', () => {
  let staff: Browser;
  const time = manualClock(new Date('2026-11-20T15:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: { TRANSFER_LIMIT_COUNT: '0' } });
  beforeAll(async () => {
    staff = await staffBrowser(t);
  });

  /** The member's history row for a payment (its pending transfer). */
  const rowOf = async (browser: Browser, transferId: string) =>
    (await history(browser)).items.find((item) => item.transferId === transferId);
  const auditOf = async (action: string, paymentOrderId: string) => {
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.action, action));
    return rows.filter((row) => (row.after as { paymentOrderId?: string }).paymentOrderId === paymentOrderId);
  };

  it(
    'lists pending orders oldest first: member, amount, beneficiary with ' +
      'the account masked, age, expiry and export state, with counts per tab',
    async () => {
      const member = await memberWithMoney(t, 1_000_00n, 'Casey Member');
      const ach = await achOrder(t, member, {
        amount: '25.00',
        accountNumber: '000123456789',
        accountName: 'Jamie Payee',
        toBank: 'TD Bank',
        routingNumber: '031101266',
        reference: 'Rent share',
      });
      time.advance(5 * MINUTE);
      const wire = await wireOrder(member, { amount: '40.00', iban: 'DE89 3704 0044 0532 0130 00' });
      time.advance(2 * MINUTE);

      const response = await staff.get(ORDERS);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('000123456789');
      expect(response.body).not.toContain('DE89370400440532013000');
      const page = await queue(staff);
      expect(page).toMatchObject({
        total: 2,
        page: 1,
        pageSize: 25,
        counts: { pending: 2, settled: 0, returned: 0, expired: 0 },
        achToExport: 1,
      });
      expect(page.orders.map((o) => o.id)).toEqual([ach, wire]);
      const [first, second] = page.orders;
      expect(first).toMatchObject({
        rail: 'ach',
        status: 'pending',
        amount: '25.00',
        member: { id: member.id, name: 'Casey Member', email: member.email },
        fromAccount: 'Checking',
        beneficiary: {
          name: 'Jamie Payee',
          bankName: 'TD Bank',
          routingNumber: '031101266',
          accountNumberMasked: '••6789',
          swiftCode: null,
          ibanMasked: null,
        },
        reference: 'Rent share',
        ageMinutes: 7,
        expiresAt: new Date(new Date(first?.createdAt ?? 0).getTime() + 120 * HOUR).toISOString(),
        exported: null,
        resolvedAt: null,
        resolvedBy: null,
      });
      expect(second).toMatchObject({
        rail: 'international',
        amount: '40.00',
        ageMinutes: 2,
        beneficiary: {
          name: 'Lena Vogel',
          bankName: 'Deutsche Bank',
          routingNumber: null,
          swiftCode: 'DEUTDEFF',
          ibanMasked: 'DE89••3000',
          accountNumberMasked: '••5678',
          country: 'DE',
          currency: 'EUR',
        },
      });
      expect((await queue(staff, 'settled')).orders).toEqual([]);
      expect((await queue(staff, 'pending', 2)).orders).toEqual([]);
      expect((await staff.get(`${ORDERS}?status=lost`)).statusCode).toBe(400);
      // Leave the queue empty for the tests below.
      for (const id of [ach, wire]) expect((await settle(staff, id)).statusCode).toBe(200);
    },
  );

  it(
    'settle: the held money leaves the account, the member is told the payment was sent, ' +
      'and it is audited; it cannot be settled or returned again',
    async () => {
      const member = await memberWithMoney(t, 100_00n, 'Sol Settle');
      const { id, transferId } = await achPayment(t, member, {
        amount: '25.00',
        accountName: 'Jamie Payee',
        toBank: 'TD Bank',
        routingNumber: '031101266',
        accountNumber: '4410023356',
      });
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '75.00' } });
      // Later than the sender's own "submitted" notice, so the outcome is the newest.
      time.advance(MINUTE);

      const response = await settle(staff, id);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<PaymentOrderResult>();
      expect(result.message).toBe(m.settled('$25.00', 'Jamie Payee'));
      expect(result.order).toMatchObject({
        id,
        status: 'settled',
        resolvedAt: time.now().toISOString(),
        returnCode: null,
        returnNote: null,
      });
      expect(result.order.resolvedBy).toMatch(/@example\.com$/);

      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '75.00', available: '75.00' } });
      expect(await rowOf(member.browser, transferId)).toMatchObject({
        status: 'Completed',
        amount: '25.00',
        statusReason: null,
      });
      expect((await notificationsOf(member.browser))[0]).toEqual(
        expect.objectContaining({
          kind: 'transfer',
          title: 'Payment sent',
          body: 'Your payment of $25.00 to Jamie Payee at TD Bank (••3356) has been sent.',
        }),
      );
      expect(await mailsTo(t, member.email, 'payment-returned')).toEqual([]);
      const [audit] = await auditOf('payment_order.settled', id);
      expect(audit).toMatchObject({
        targetUserId: member.id,
        before: { status: 'pending', amount: '25.00', rail: 'ach' },
        after: { status: 'settled' },
      });
      expect(audit?.actorEmail).toBe(result.order.resolvedBy);
      expect(await orderIn(staff, 'settled', id)).toMatchObject({ status: 'settled' });

      for (const again of [await settle(staff, id), await returnOrder(staff, id, { code: 'R01' })]) {
        expectRefusal(again, 409, { code: 'CONFLICT', message: m.alreadyResolved });
      }
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '75.00', available: '75.00' } });
    },
  );

  it(
    'return with R03: the money is back, the history shows the payment Failed ' +
      'with the plain words, and the member is notified and e-mailed why',
    async () => {
      const member = await memberWithMoney(t, 100_00n, 'Rae Return');
      const { id, transferId } = await achPayment(t, member, {
        amount: '30.00',
        accountName: 'Jamie Payee',
        accountNumber: '000987654321',
      });
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '70.00' } });
      time.advance(MINUTE);

      const note = 'Bank of America has no account with that number.';
      const response = await returnOrder(staff, id, { code: 'R03', note });
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<PaymentOrderResult>();
      expect(result.message).toBe(m.returned('$30.00', 'Jamie Payee', 'No account / unable to locate account'));
      // The note is kept on the order, for Payment Operations to show, not only in the audit row.
      expect(result.order).toMatchObject({
        status: 'returned',
        returnCode: 'R03',
        returnReason: 'No account / unable to locate account',
        returnNote: note,
      });

      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '100.00' } });
      expect(await rowOf(member.browser, transferId)).toMatchObject({
        status: 'Failed',
        statusReason: 'No account / unable to locate account',
        amount: '30.00',
      });
      const [notice] = await notificationsOf(member.browser);
      expect(notice).toEqual(
        expect.objectContaining({
          title: 'Payment returned',
          body:
            'Your payment of $30.00 to Jamie Payee at Bank of America (••4321) was returned: ' +
            'No account / unable to locate account. The money is back in your Checking account. ' +
            `Note from our payments team: ${note}`,
        }),
      );
      const mail = await latestMail(t, member.email, 'payment-returned');
      expect(mail.subject).toBe('Your payment of $30.00 was returned');
      expect(mail.textBody).toContain('No account / unable to locate account');
      expect(mail.textBody).toContain('The money is back in your Checking account');
      expect(mail.textBody).toContain(note);
      expect(mail.textBody).not.toContain('000987654321');
      const [audit] = await auditOf('payment_order.returned', id);
      expect(audit?.after).toEqual({
        paymentOrderId: id,
        status: 'returned',
        returnCode: 'R03',
        returnReason: 'No account / unable to locate account',
        note,
      });
      expect(await orderIn(staff, 'returned', id)).toMatchObject({ returnCode: 'R03', returnNote: note });

      const late = await settle(staff, id);
      expectRefusal(late, 409, { code: 'CONFLICT', message: m.alreadyResolved });
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '100.00' } });
    },
  );

  it(
    'an international order returns with a wire reason (not an ACH code); ' +
      'a member with e-mail notifications off is notified but not e-mailed',
    async () => {
      const member = await memberWithMoney(t, 100_00n, 'Ines Wire');
      const off = await member.browser.patch('/api/me/settings', {
        notifications: { email: false, sms: false, push: true },
        security: { loginAlerts: true },
      });
      expect(off.statusCode, off.body).toBe(200);
      const id = await wireOrder(member, { amount: '12.50' });
      time.advance(MINUTE);

      const achCode = await returnOrder(staff, id, { code: 'R03' });
      expectRefusal(achCode, 400, fieldRefusal('code', m.returnCodeWrongRail('International wire')));

      const response = await returnOrder(staff, id, { code: 'COMPLIANCE' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<PaymentOrderResult>().order).toMatchObject({
        returnCode: 'COMPLIANCE',
        returnReason: 'Sanctions or compliance review failed',
        returnNote: null,
      });
      expect((await notificationsOf(member.browser))[0]?.body).toContain(
        'was returned: Sanctions or compliance review failed.',
      );
      expect(await mailsTo(t, member.email, 'payment-returned')).toEqual([]);
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '100.00' } });
    },
  );

  it(
    'refuses unknown orders, unknown or missing return codes, ' + 'long notes and extra fields, and changes nothing',
    async () => {
      const member = await memberWithMoney(t, 50_00n);
      const id = await achOrder(t, member, { amount: '5.00' });
      const unknown = '00000000-0000-4000-8000-00000000dead';
      for (const response of [await settle(staff, unknown), await returnOrder(staff, unknown, { code: 'R01' })]) {
        expectRefusal(response, 404, { code: 'NOT_FOUND', message: m.orderNotFound });
      }
      expect((await settle(staff, 'not-an-id')).statusCode).toBe(400);
      const cases: Array<[unknown, string, Record<string, string>]> = [
        [{ code: 'R99' }, m.returnCodeInvalid, { code: m.returnCodeInvalid }],
        [{}, m.returnCodeRequired, { code: m.returnCodeRequired }],
        [{ code: ' ' }, m.returnCodeRequired, { code: m.returnCodeRequired }],
        [{ code: 'R01', note: 'x'.repeat(501) }, m.noteTooLong, { note: m.noteTooLong }],
      ];
      for (const [body, message, fields] of cases) {
        const response = await returnOrder(staff, id, body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorOf(response), JSON.stringify(body)).toEqual({ code: 'VALIDATION_FAILED', message, fields });
      }
      expect((await returnOrder(staff, id, { code: 'R01', status: 'settled' })).statusCode).toBe(400);
      expect(await orderIn(staff, 'pending', id)).toMatchObject({ status: 'pending', returnCode: null });
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '50.00', available: '45.00' } });
      expect((await settle(staff, id)).statusCode).toBe(200);
    },
  );

  it(
    'Delete User Transactions cancels a pending order and tells the member as a return does: ' +
      'a notice and an e-mail with the reason, once',
    async () => {
      const member = await memberWithMoney(t, 100_00n, 'Dee Delete');
      const id = await achOrder(t, member, {
        amount: '20.00',
        accountName: 'Jamie Payee',
        toBank: 'TD Bank',
        routingNumber: '031101266',
        accountNumber: '4410023356',
      });
      const settledId = await wireOrder(member, { amount: '5.00' });
      expect((await settle(staff, settledId)).statusCode).toBe(200);
      time.advance(MINUTE);
      const reason = 'Opened in error; the member asked us to cancel it';
      const response = await staff.post(`/api/admin/users/${member.id}/transactions/reverse-all`, { reason });
      expect(response.statusCode, response.body).toBe(200);
      expect(await orderIn(staff, 'returned', id)).toMatchObject({ status: 'returned', returnReason: reason });
      // Everything is undone, the opening deposit too: nothing is held any more.
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '0.00', available: '0.00' } });

      const notices = await notificationsOf(member.browser);
      const cancelled = notices.filter((notice) => notice.title === 'Payment cancelled');
      expect(cancelled).toEqual([
        expect.objectContaining({
          kind: 'transfer',
          body:
            'Your payment of $20.00 to Jamie Payee at TD Bank (••3356) was cancelled by our staff before it was ' +
            `sent: ${reason}. The money is back in your Checking account.`,
        }),
      ]);
      const mail = await latestMail(t, member.email, 'payment-cancelled');
      expect(mail.subject).toBe('Your payment of $20.00 was cancelled');
      expect(mail.textBody).toContain(reason);
      expect(mail.textBody).toContain('The money is back in your Checking account');

      // A second run finds nothing open: nothing more is said.
      const again = await staff.post(`/api/admin/users/${member.id}/transactions/reverse-all`, { reason: 'Again' });
      expect(again.statusCode, again.body).toBe(200);
      expect((await notificationsOf(member.browser)).filter((n) => n.title === 'Payment cancelled')).toHaveLength(1);
      expect(await mailsTo(t, member.email, 'payment-cancelled')).toHaveLength(1);
    },
  );

  it('is for staff only: anonymous callers get 401, applicants and members 403', async () => {
    const member = await memberWithMoney(t, 20_00n);
    const id = await achOrder(t, member, { amount: '2.00' });
    const application = validApplication();
    expect((await signUp(t, application)).statusCode).toBe(201);
    const applicant = await signIn(t, application.email, application.password);
    const calls: Array<[string, (b: Browser) => ReturnType<Browser['get']>]> = [
      ['list', (b) => b.get(ORDERS)],
      ['settle', (b) => settle(b, id)],
      ['return', (b) => returnOrder(b, id, { code: 'R01' })],
      ['export', (b) => b.post(`${ORDERS}/ach-export`, {})],
      ['files', (b) => b.get(`${ORDERS}/ach-exports`)],
      ['file', (b) => b.get(`${ORDERS}/ach-exports/${id}/file`)],
    ];
    for (const [name, call] of calls) {
      expect((await call(new Browser(t))).statusCode, `${name} anonymous`).toBe(401);
      for (const browser of [applicant, member.browser]) {
        const response = await call(browser);
        expect(response.statusCode, name).toBe(403);
        expect(errorOf(response).code).toBe('FORBIDDEN');
      }
    }
    expect(await orderIn(staff, 'pending', id)).toMatchObject({ status: 'pending', exported: null });
    const rows = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetUserId, member.id), eq(auditLog.action, 'payment_order.settled')));
    expect(rows).toEqual([]);
    expect((await settle(staff, id)).statusCode).toBe(200);
  });
});
