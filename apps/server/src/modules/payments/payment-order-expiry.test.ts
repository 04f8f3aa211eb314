import { type AchExportResult, messages, type ScheduledWork } from '@mutual/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { capturedLogger } from '../../test/captured-logger';
import { auditLog } from '../audit/audit.tables';
import type { Mailer } from '../mail/mail.service';
import { deps, latestMail, manualClock, MINUTE, signIn } from '../../test/identity';
import { balances, memberWithMoney } from '../../test/money';
import { createTestApp, useLedgerTestApp } from '../../test/test-app';
import { history, notificationsOf } from '../../test/transfer-forms';
import { achOrder, orderIn, queue, settle, staffBrowser, wireOrder } from './payment-ops.fixtures';
import { paymentOrders } from './payments.tables';
import { expireDueOrders } from './resolve-payment-order';

const HOUR = 60 * MINUTE;

describe('[PAYMENT_OPS]: pending orders expire after PAYMENT_ORDER_EXPIRY_HOURS', () => {
  const start = new Date('2026-11-02T14:00:00Z');
  const time = manualClock(start);
  const t = useLedgerTestApp({ clock: time.clock });

  const statusOf = async (id: string) =>
    (await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]?.status;

  it(
    'expires each order once it is 120 hours old (by the injected clock), ' +
      'as the system: money back, history Failed, member told',
    async () => {
      const member = await memberWithMoney(t, 200_00n, 'Eli Expire');
      const older = await achOrder(t, member, {
        amount: '20.00',
        accountName: 'Jamie Payee',
        accountNumber: '55501234',
      });
      time.advance(10 * MINUTE); // within the session's idle time
      const newer = await wireOrder(member, { amount: '30.00' });
      expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '200.00', available: '150.00' } });

      expect(await expireDueOrders(deps(t), new Date(start.getTime() + 120 * HOUR - MINUTE))).toEqual({
        expired: 0,
        errors: 0,
      });
      expect(await statusOf(older)).toBe('pending');
      expect(await expireDueOrders(deps(t), new Date(start.getTime() + 120 * HOUR))).toEqual({ expired: 1, errors: 0 });
      expect([await statusOf(older), await statusOf(newer)]).toEqual(['expired', 'pending']);
      expect(await expireDueOrders(deps(t), new Date(start.getTime() + 120 * HOUR))).toEqual({ expired: 0, errors: 0 });

      // Days later: sign in again (the old sessions have ended).
      time.advance(120 * HOUR);
      const browser = await signIn(t, member.email);
      const staff = await staffBrowser(t);
      expect(await balances(browser)).toMatchObject({ Checking: { balance: '200.00', available: '170.00' } });
      const row = (await history(browser)).items.find((item) => item.amount === '20.00');
      expect(row).toMatchObject({
        status: 'Failed',
        statusReason: 'The payment could not be sent within 120 hours and expired. The money was released.',
      });
      expect((await notificationsOf(browser)).find((n) => n.title === 'Payment expired')?.body).toBe(
        'Your payment of $20.00 to Jamie Payee at Bank of America (••1234) ' +
          'could not be sent within 120 hours and has expired. The money is back in your Checking account.',
      );
      expect((await latestMail(t, member.email, 'payment-expired')).subject).toBe('Your payment of $20.00 has expired');
      const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'payment_order.expired'));
      expect(audit).toMatchObject({
        actorUserId: null,
        actorEmail: 'system',
        targetUserId: member.id,
        before: { status: 'pending' },
        after: { status: 'expired' },
      });
      expect(await orderIn(staff, 'expired', older)).toMatchObject({
        status: 'expired',
        resolvedBy: 'system',
        returnCode: null,
        expiresAt: null,
      });
      expect((await queue(staff)).counts).toMatchObject({ pending: 1, expired: 1 });

      // The newer order is overdue now too, but staff get there first: the sweep leaves it alone.
      expect((await settle(staff, newer)).statusCode).toBe(200);
      expect(await expireDueOrders(deps(t), time.now())).toEqual({ expired: 0, errors: 0 });
      expect(await statusOf(newer)).toBe('settled');
    },
  );

  it('one order that cannot be read is named by the export, and expires: the money needs no number', async () => {
    const member = await memberWithMoney(t, 200_00n, 'Una Unreadable');
    const bad = await achOrder(t, member, { amount: '10.00', accountName: 'Bad Row' });
    const good = await achOrder(t, member, { amount: '20.00', accountName: 'Good Row' });
    // The bad one's account number sealed for another order: it cannot be opened as its own.
    const [other] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, good));
    await t.db.update(paymentOrders).set({ accountNumber: other?.accountNumber }).where(eq(paymentOrders.id, bad));

    const staff = await staffBrowser(t);
    const exported = await staff.post('/api/admin/payment-orders/ach-export', {});
    expect(exported.statusCode, exported.body).toBe(201);
    expect(exported.json<AchExportResult>().skipped).toEqual([
      expect.objectContaining({ id: bad, beneficiaryName: 'Bad Row', reason: messages.paymentOps.skipUnreadable }),
    ]);
    expect(await orderIn(staff, 'pending', good)).toMatchObject({ exported: expect.anything() });

    const third = await achOrder(t, member, { amount: '30.00', accountName: 'Later Row' });
    expect(await expireDueOrders(deps(t), new Date(time.now().getTime() + 121 * HOUR))).toEqual({
      expired: 2,
      errors: 0,
    });
    expect([await statusOf(bad), await statusOf(third)]).toEqual(['expired', 'expired']);
    // Staff still see it, marked; the member has the money back.
    expect((await orderIn(staff, 'expired', bad)).beneficiary.accountNumberMasked).toBe('(unreadable)');
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '200.00', available: '180.00' } });
  });

  it('never expires a payment already in an ACH file: the money has left, staff settle it or return it', async () => {
    const member = await memberWithMoney(t, 200_00n, 'Ada Exported');
    const order = await achOrder(t, member, {
      amount: '150.00',
      accountName: 'Jamie Payee',
      accountNumber: '55501234',
    });
    const staff = await staffBrowser(t);
    expect((await staff.post('/api/admin/payment-orders/ach-export', {})).statusCode).toBe(201);
    expect(await orderIn(staff, 'pending', order)).toMatchObject({ exported: expect.anything(), expiresAt: null });

    expect(await expireDueOrders(deps(t), new Date(time.now().getTime() + 121 * HOUR))).toEqual({
      expired: 0,
      errors: 0,
    });
    expect(await statusOf(order)).toBe('pending');
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '200.00', available: '50.00' } });
    expect((await settle(staff, order)).statusCode).toBe(200);
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '50.00', available: '50.00' } });
  });
});

describe('[PAYMENT_OPS]: the expiry sweep pages past the orders it cannot expire', () => {
  const time = manualClock(new Date('2026-11-02T14:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock });

  it('orders that fail run after run fill whole pages, yet later ones expire; each run names them', async () => {
    const member = await memberWithMoney(t, 500_00n, 'Una Unmailable');
    const bad: string[] = [];
    for (const accountName of ['Bad One', 'Bad Two', 'Bad Three']) {
      bad.push(await achOrder(t, member, { amount: '10.00', accountName }));
      time.advance(MINUTE);
    }
    const other = await memberWithMoney(t, 100_00n, 'Otto Other');
    const good = await achOrder(t, other, { amount: '20.00', accountName: 'Good Row' });
    // The three oldest orders' member cannot be e-mailed (the outbox refusing, say), so expiring
    // them fails at every run: the e-mail commits with the expiry.
    const refusing: Mailer = {
      mode: t.mailer.mode,
      enqueue: (tx, to, email) =>
        to === member.email ? Promise.reject(new Error('outbox refused')) : t.mailer.enqueue(tx, to, email),
      flush: () => t.mailer.flush(),
      close: () => undefined,
    };
    const sweep = { ...deps(t), mailer: refusing };

    const log = capturedLogger();
    const later = new Date(time.now().getTime() + 121 * HOUR);
    // Pages of two: the three that fail fill the first page and half the second, run after run.
    expect(await expireDueOrders({ ...sweep, logger: log.logger }, later, 2)).toEqual({ expired: 1, errors: 3 });
    expect(await expireDueOrders({ ...sweep, logger: log.logger }, later, 2)).toEqual({ expired: 0, errors: 3 });
    expect(await statusOf(good)).toBe('expired');
    expect((await balances(other.browser)).Checking.available).toBe('100.00');
    for (const id of bad) expect(await statusOf(id)).toBe('pending');
    // Each is named where it failed, and each run's closing line names them all.
    const lines = log
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { msg: string; paymentOrderId?: string; paymentOrderIds?: string[] });
    expect(lines.filter((line) => line.paymentOrderId).map((line) => line.paymentOrderId)).toEqual([...bad, ...bad]);
    expect(lines.filter((line) => line.paymentOrderIds)).toEqual([
      expect.objectContaining({ paymentOrderIds: bad, count: 3 }),
      expect.objectContaining({ paymentOrderIds: bad, count: 3 }),
    ]);
  });

  async function statusOf(id: string) {
    return (await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]?.status;
  }
});

describe('[PAYMENT_OPS]: expiry settings', () => {
  it('PAYMENT_ORDER_EXPIRY_HOURS=0: orders never expire and show no expiry', async () => {
    const time = manualClock(new Date('2026-11-02T14:00:00Z'));
    const t = await createTestApp({ clock: time.clock, env: { PAYMENT_ORDER_EXPIRY_HOURS: '0' } });
    try {
      const member = await memberWithMoney(t, 10_00n);
      const id = await achOrder(t, member, { amount: '1.00' });
      expect((await orderIn(await staffBrowser(t), 'pending', id)).expiresAt).toBeNull();
      expect(await expireDueOrders(deps(t), new Date(time.now().getTime() + 10_000 * HOUR))).toEqual({
        expired: 0,
        errors: 0,
      });
      expect((await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]?.status).toBe('pending');
    } finally {
      await t.close();
    }
  });

  it('the running server expires them on the job queue when staff say "Run now"; Scheduled work shows it', async () => {
    const time = manualClock(new Date('2026-11-02T14:00:00Z'));
    const env = { PAYMENT_ORDER_EXPIRY_HOURS: '1', JOBS_ENABLED: 'true', JOB_POLL_SECONDS: '0.5' };
    const t = await createTestApp({ clock: time.clock, env });
    try {
      const member = await memberWithMoney(t, 10_00n);
      const id = await achOrder(t, member, { amount: '1.00' });
      const status = async () => (await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id)))[0]?.status;
      expect(await status()).toBe('pending');
      time.advance(HOUR);
      const staff = await staffBrowser(t);
      const run = await staff.post('/api/admin/scheduled-work/payment-orders.expire/run');
      expect(run.statusCode, run.body).toBe(202);
      await expect.poll(status, { timeout: 10_000, interval: 100 }).toBe('expired');
      await expect
        .poll(async () => (await staff.get('/api/admin/scheduled-work')).json<ScheduledWork>().jobs, {
          timeout: 10_000,
        })
        .toEqual(
          expect.arrayContaining([
            expect.objectContaining({ name: 'payment-orders.expire', lastCompletedAt: expect.any(String) }),
          ]),
        );
    } finally {
      await t.close();
    }
  });
});
