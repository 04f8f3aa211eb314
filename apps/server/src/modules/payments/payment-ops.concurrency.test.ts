import { type AchExportResult, messages, type PaymentOrderResult } from '@mutual/shared';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, deps } from '../../test/identity';
import { balances, memberWithMoney } from '../../test/money';
import { expectRefusal } from '../../test/responses';
import { someoneWaitsOnALock } from '../../test/lock-wait';
import { useLedgerTestApp } from '../../test/test-app';
import { ledgerTransfers } from '../ledger/ledger.tables';
import { achOrder, returnOrder, settle, staffBrowser } from './payment-ops.fixtures';
import { achExports, paymentOrders } from './payments.tables';
import { expireDueOrders } from './resolve-payment-order';

/**
 * Staff settling, staff returning and the expiry sweep, all at once on one order, through the
 * app's pool of PostgreSQL connections. PGlite runs one statement at a time and cannot race, so
 * this file needs PostgreSQL (TEST_DATABASE_URL=postgres://…).
 */

const onPostgres = inject('testDatabase').kind === 'postgres';
const describeOnPostgres = onPostgres ? describe : describe.skip;
const title = (name: string) =>
  onPostgres ? name : `${name} (skipped: needs PostgreSQL, run with TEST_DATABASE_URL=postgres://…)`;
const HOUR = 3_600_000;

describeOnPostgres(title('[PAYMENT_OPS]: settle, return, expire and export racing'), () => {
  let staff: Browser[];
  const t = useLedgerTestApp({
    env: { TRANSFER_LIMIT_COUNT: '0', RATE_LIMIT_PER_MINUTE: '100000', PAYMENT_ORDER_EXPIRY_HOURS: '1' },
  });
  beforeAll(async () => {
    // Two staff members, as two operators clicking at once would be.
    staff = [await staffBrowser(t), await staffBrowser(t)];
  });

  it('Delete User Transactions while the ACH export writes the order into a file: it waits, then refuses', async () => {
    const member = await memberWithMoney(t, 100_00n, 'Erin Exported');
    // The export, held open: its order locked and written into a file, not yet committed.
    let commit = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    let locked = () => {};
    const exporting = new Promise<void>((resolve) => (locked = resolve));
    // A file the export writes (another member's payment makes one).
    await achOrder(t, await memberWithMoney(t, 10_00n, 'Olly Other'), { amount: '1.00' });
    expect((await (staff[0] as Browser).post('/api/admin/payment-orders/ach-export', {})).statusCode).toBe(201);
    const [file] = await t.db.select({ id: achExports.id }).from(achExports).orderBy(desc(achExports.createdAt));
    const exportId = file?.id ?? '';
    // Which leaves this member's order out: it is made after the file.
    const id = await achOrder(t, member, { amount: '40.00' });
    const run = t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from payment_orders where id = ${id}::uuid for update`);
      await tx.update(paymentOrders).set({ achExportId: exportId }).where(eq(paymentOrders.id, id));
      locked();
      await held;
    });
    await exporting;
    const answer = (staff[1] as Browser).post(`/api/admin/users/${member.id}/transactions/reverse-all`, {
      reason: 'Clean-up',
    });
    // The run waits on the order's lock before it reads whether the order is in a file.
    await someoneWaitsOnALock(t);
    commit();
    await run;
    const refused = await answer;
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ message: string }>().message).toContain(messages.admin.exportedPaymentOrder);
    const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
    expect(order).toMatchObject({ status: 'pending', achExportId: exportId });
    expect(await balances(member.browser)).toMatchObject({ Checking: { balance: '100.00', available: '60.00' } });
  });

  // A direct sweep call starts faster than a request through the app: later rounds hold the
  // sweeps back a little, so staff requests win some rounds and the sweep others.
  it.each([0, 5, 15, 40, 80])(
    'sweeps %i ms behind: of 10 racing calls exactly one wins, the rest are told it is already done; ' +
      'no 500, ledger consistent',
    async (sweepDelayMs) => {
      const member = await memberWithMoney(t, 100_00n, 'Rita Race');
      const id = await achOrder(t, member, { amount: '40.00' });
      const later = new Date(Date.now() + 2 * HOUR);

      const calls: Array<
        Promise<{ kind: string; status: number; body: string } | { kind: 'expire'; expired: number }>
      > = [];
      for (let i = 0; i < 10; i++) {
        const who = staff[i % 2] as Browser;
        if (i % 3 === 0) {
          const sweep = new Promise((resolve) => setTimeout(resolve, sweepDelayMs)).then(() =>
            expireDueOrders(deps(t), later),
          );
          calls.push(sweep.then(({ expired }) => ({ kind: 'expire' as const, expired })));
        } else if (i % 3 === 1)
          calls.push(settle(who, id).then((r) => ({ kind: 'settle', status: r.statusCode, body: r.body })));
        else
          calls.push(
            returnOrder(who, id, { code: 'R01' }).then((r) => ({ kind: 'return', status: r.statusCode, body: r.body })),
          );
      }
      const outcomes = await Promise.all(calls);

      const http = outcomes.filter((o): o is { kind: string; status: number; body: string } => 'status' in o);
      for (const o of http) {
        expect(o.status, o.body).toBeLessThan(500);
        expect(o.body).not.toMatch(/deadlock|serializ|could not|duplicate key/i);
      }
      const wins = http.filter((o) => o.status === 200).map((o) => o.kind);
      const expiries = outcomes.reduce((sum, o) => sum + ('expired' in o ? o.expired : 0), 0);
      expect(wins.length + expiries).toBe(1);
      for (const o of http.filter((o) => o.status !== 200)) {
        expect(o.status).toBe(409);
        expect(JSON.parse(o.body)).toEqual({ code: 'CONFLICT', message: messages.paymentOps.alreadyResolved });
      }

      const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
      const winner = expiries === 1 ? 'expired' : wins[0] === 'settle' ? 'settled' : 'returned';
      expect(order?.status).toBe(winner);
      if (wins.length === 1)
        expect(JSON.parse(http.find((o) => o.status === 200)?.body ?? '{}') as PaymentOrderResult).toMatchObject({
          order: { id, status: winner },
        });
      const resolutions = await t.db
        .select()
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.pendingId, order?.pendingTransferId ?? ''));
      expect(resolutions.map((r) => r.kind)).toEqual([
        { settled: 'post', returned: 'void', expired: 'expire' }[winner],
      ]);
      expect(await balances(member.browser)).toMatchObject(
        winner === 'settled'
          ? { Checking: { balance: '60.00', available: '60.00' } }
          : { Checking: { balance: '100.00', available: '100.00' } },
      );
    },
  );

  it(
    '5 racing ACH exports: one file holds every waiting order, ' +
      'each exactly once; the others find nothing left to export',
    async () => {
      const member = await memberWithMoney(t, 100_00n, 'Eve Export');
      const ids = [
        await achOrder(t, member, { amount: '1.00' }),
        await achOrder(t, member, { amount: '2.00' }),
        await achOrder(t, member, { amount: '3.00' }),
      ];
      const responses = await Promise.all(
        Array.from({ length: 5 }, (_v, i) =>
          (staff[i % 2] as Browser).post('/api/admin/payment-orders/ach-export', {}),
        ),
      );
      for (const response of responses) expect(response.statusCode, response.body).toBeLessThan(500);
      const made = responses.filter((r) => r.statusCode === 201).map((r) => r.json<AchExportResult>().export);
      expect(made).toHaveLength(1);
      expect(made[0]).toMatchObject({ entryCount: 3, totalAmount: '6.00' });
      for (const refused of responses.filter((r) => r.statusCode !== 201)) {
        expectRefusal(refused, 409, { code: 'CONFLICT', message: messages.paymentOps.nothingToExport });
      }
      const orders = await t.db.select().from(paymentOrders).where(inArray(paymentOrders.id, ids));
      expect(orders.map((o) => o.achExportId)).toEqual(ids.map(() => made[0]?.id));
      for (const id of ids) expect((await settle(staff[0] as Browser, id)).statusCode).toBe(200);
    },
  );
});
