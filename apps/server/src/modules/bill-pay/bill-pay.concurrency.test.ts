import { type ApiError, messages } from '@mutual/shared';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { addPayee, cutOffAt, lockWaiters, paymentForm, runSendJob, schedule, scheduled } from '../../test/bill-pay';
import type { Tx } from '../../db/client';
import { manualClock } from '../../test/identity';
import { someoneWaitsOnALock } from '../../test/lock-wait';
import { accountId, balances, memberWithMoney } from '../../test/money';
import { daysLongTestEnv, useLedgerTestApp } from '../../test/test-app';
import { auditLog } from '../audit/audit.tables';
import { billPayees, billPayments, billSeries } from './bill-pay.tables';

/**
 * Bill Pay's commands caught between each other's locks, each interleaving made certain by holding
 * a row in a transaction of the test's own until the others wait on a lock. PGlite runs one
 * statement at a time and cannot interleave, so this file needs PostgreSQL (TEST_DATABASE_URL=…).
 */

const onPostgres = inject('testDatabase').kind === 'postgres';
const describeOnPostgres = onPostgres ? describe : describe.skip;
const title = (name: string) =>
  onPostgres ? name : `${name} (skipped: needs PostgreSQL, run with TEST_DATABASE_URL=postgres://…)`;
const m = messages.billPay;

describeOnPostgres(title('[BILL PAY]: commands racing the send job and each other'), () => {
  // Monday 30 November 2026, 1:00 PM in New York.
  const time = manualClock(new Date('2026-11-30T18:00:00Z'));
  const t = useLedgerTestApp({ clock: time.clock, env: daysLongTestEnv });

  /**
   * Runs `lock` (a statement taking a row lock) in a transaction of the test's own and keeps it
   * open: answers once the lock is held; `release()` lets it go on to `then` and commit (`done`).
   */
  async function holding(lock: SQL, then: (tx: Tx) => Promise<void> = async () => {}) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = () => {};
    const locked = new Promise<void>((resolve) => (held = resolve));
    const done = t.db.transaction(async (tx) => {
      await tx.execute(lock);
      held();
      await released;
      await then(tx);
    });
    await locked;
    return { release, done };
  }

  it('Stop while the send job sends the series’ payment: no deadlock, 200, the next payment cancelled', async () => {
    const member = await memberWithMoney(t, 300_00n);
    const payee = await addPayee(t, member);
    const checking = await accountId(t, member.id, 'Checking');
    const { payment } = await scheduled(
      member,
      paymentForm(payee.id, '2026-12-01', { amount: '10.00', frequency: 'weekly', count: 4 }),
    );
    const seriesId = payment.series?.id ?? '';
    // The member presses Stop a second before the cut-off; the job runs at it. The job is held up
    // inside its send (the payment locked, waiting on the member's account), and Stop reaches the
    // payment while it is: the two wait on each other's rows if they lock in opposite orders.
    time.advance(cutOffAt('2026-12-01').getTime() - 1_000 - time.now().getTime());
    const account = await holding(sql`select id from ledger_accounts where id = ${checking}::uuid for update`);
    const job = runSendJob(t, cutOffAt('2026-12-01'));
    await someoneWaitsOnALock(t);
    const stop = member.browser.post(`/api/bill-pay/series/${seriesId}/stop`);
    await lockWaiters(t, 2);
    account.release();
    await account.done;
    const [stopped, summary] = await Promise.all([stop, job]);

    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(summary).toMatchObject({ sent: 1, errors: 0 });
    // The payment went before Stop; Stop then cancelled the next one the send made.
    expect(stopped.json<{ message: string }>().message).toBe(m.seriesStopped('Electric'));
    const rows = await t.db
      .select()
      .from(billPayments)
      .where(eq(billPayments.seriesId, seriesId))
      .orderBy(asc(billPayments.occurrence));
    expect(rows.map((r) => [r.occurrence, r.payOn, r.status])).toEqual([
      [1, '2026-12-01', 'sent'],
      [2, '2026-12-08', 'cancelled'],
    ]);
    const [series] = await t.db.select().from(billSeries).where(eq(billSeries.id, seriesId));
    expect(series?.status).toBe('stopped');
    expect((await balances(member.browser)).Checking).toEqual({ balance: '290.00', available: '290.00' });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'bill_pay.series_stopped'), eq(auditLog.targetUserId, member.id)));
    expect(audit?.after).toEqual({ status: 'stopped', cancelledPayments: [rows[1]?.id] });
    // Nothing is left for the job.
    expect(await runSendJob(t, cutOffAt('2026-12-08'))).toMatchObject({ held: 0, sent: 0, errors: 0 });
  });

  it('a payment scheduled to a payee being removed at that moment: "Payee not found", nothing held', async () => {
    const member = await memberWithMoney(t, 300_00n);
    const payee = await addPayee(t, member, { accountNumber: '4444555566' });
    // What Remove Payee does: lock the payee, find no scheduled payment, mark it removed, commit.
    const removal = await holding(
      sql`select id from bill_payees where id = ${payee.id}::uuid for update`,
      async (tx) => {
        await tx.update(billPayees).set({ removedAt: time.now() }).where(eq(billPayees.id, payee.id));
      },
    );
    const pay = schedule(member, paymentForm(payee.id, '2026-12-04', { amount: '12.00' }));
    await someoneWaitsOnALock(t);
    removal.release();
    await removal.done;
    const response = await pay;

    expect(response.statusCode, response.body).toBe(404);
    expect(response.json<ApiError>()).toEqual({
      code: 'NOT_FOUND',
      message: m.payeeNotFound,
      fields: { payeeId: m.payeeNotFound },
    });
    expect(await t.db.select().from(billPayments).where(eq(billPayments.payeeId, payee.id))).toEqual([]);
    expect((await balances(member.browser)).Checking).toEqual({ balance: '300.00', available: '300.00' });
  });
});
