import { type DepositView, messages, type StaffDepositDetail, type StaffDepositPage } from '@mutual/shared';
import fs from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  approved,
  checkPhoto,
  deposited,
  depositOverview,
  longStandingMember,
  releaseHolds,
  review,
  useDepositDesk,
} from '../../test/deposits';
import { auditActions, Browser, mailsTo } from '../../test/identity';
import { balances, expectCheckingFigures, type Member, postedBalance } from '../../test/money';
import { useFailingInsert } from '../../test/failing-insert';
import { expectRefusal, fieldRefusal } from '../../test/responses';
import { history, internalTransfer, notificationsOf } from '../../test/transfer-forms';
import { generalLedger } from '../ledger/general-ledger';
import { ledgerTransfers } from '../ledger/ledger.tables';
import { depositHolds, mobileDeposits } from './deposits.tables';

const m = messages.deposits;
const HOUR = 3_600_000;

describe('[DEPOSITS]: staff review, funds availability and returned checks', () => {
  const { t, time, at, staff } = useDepositDesk();

  const depositOf = async (member: Member, id: string): Promise<DepositView | undefined> =>
    (await depositOverview(member.browser)).deposits.find((d) => d.id === id);

  it('approves: the balance rises at once, $275 is available the next business day, the rest the second', async () => {
    const robin = await longStandingMember(t, 50_00n);
    const { deposit } = await deposited(robin.browser, { deposit: { amount: '500.00' } });
    at('2026-11-25T16:00:00Z');
    const result = await approved(staff, deposit.id);
    expect(result.message).toBe(m.approved('$500.00', 'Monday, November 30, 2026'));
    expect(result.deposit).toMatchObject({
      status: 'accepted',
      availableOn: '2026-11-30',
      reviewedBy: expect.any(String),
    });
    await expectCheckingFigures(robin.browser, { balance: '550.00', available: '50.00', pending: '500.00' });
    // The deposit is Completed in the history; the holds are not transactions.
    const items = (await history(robin.browser)).items;
    expect(items.find((i) => i.amount === '500.00')).toMatchObject({ status: 'Completed', category: 'Deposit' });
    expect(items.some((i) => /hold/i.test(i.description))).toBe(false);
    expect((await depositOf(robin, deposit.id))?.availability).toEqual([
      { amount: '275.00', availableOn: '2026-11-27', released: false },
      { amount: '225.00', availableOn: '2026-11-30', released: false },
    ]);
    const [notice] = await notificationsOf(robin.browser);
    expect(notice).toMatchObject({ kind: 'deposit', title: 'Check deposit accepted' });
    expect(notice?.body).toContain(
      '$275.00 is available on Friday, November 27, 2026 and $225.00 on Monday, November 30, 2026.',
    );
    expect(await auditActions(t, robin.id)).toContain('deposit.approved');

    // Thanksgiving: nothing is released.
    at('2026-11-27T04:59:00Z');
    expect((await releaseHolds(t)).released).toBe(0);
    at('2026-11-27T05:00:00Z');
    expect((await releaseHolds(t)).released).toBe(1);
    expect((await balances(robin.browser)).Checking).toEqual({ balance: '550.00', available: '325.00' });
    // The weekend: still held.
    at('2026-11-29T23:00:00Z');
    expect((await releaseHolds(t)).released).toBe(0);
    at('2026-11-30T05:00:00Z');
    expect((await releaseHolds(t)).released).toBe(1);
    await expectCheckingFigures(robin.browser, { balance: '550.00', available: '550.00', pending: '0.00' });
    expect((await depositOf(robin, deposit.id))?.availability.every((part) => part.released)).toBe(true);
    // Released twice? Never.
    expect((await releaseHolds(t)).released).toBe(0);
  });

  it('counts a deposit sent after the cut-off on a Friday from Monday; a small one is in one part', async () => {
    const robin = await longStandingMember(t, 0n);
    at('2026-11-27T23:00:00Z'); // Friday 6:00 PM in New York, after the 5:00 PM cut-off.
    const late = await deposited(robin.browser, { deposit: { amount: '1000.00' } });
    const small = await deposited(robin.browser, { deposit: { amount: '100.00' }, front: await checkPhoto(31) });
    at('2026-11-28T15:00:00Z');
    expect((await approved(staff, late.deposit.id)).deposit.availability).toEqual([
      { amount: '275.00', availableOn: '2026-12-01', released: false },
      { amount: '725.00', availableOn: '2026-12-02', released: false },
    ]);
    expect((await approved(staff, small.deposit.id)).deposit.availability).toEqual([
      { amount: '100.00', availableOn: '2026-12-01', released: false },
    ]);
  });

  it('holds nothing when the review comes after the money’s days', async () => {
    const robin = await longStandingMember(t, 0n);
    const { deposit } = await deposited(robin.browser, { deposit: { amount: '800.00' } });
    at('2026-12-03T15:00:00Z');
    const result = await approved(staff, deposit.id);
    expect(result.deposit.availability.every((part) => part.released)).toBe(true);
    expect((await balances(robin.browser)).Checking).toEqual({ balance: '800.00', available: '800.00' });
  });

  it('rejects with a reason: the pending credit is voided and shown Failed with it; the member is told', async () => {
    const robin = await longStandingMember(t, 20_00n);
    const { deposit } = await deposited(robin.browser, { deposit: { amount: '300.00' } });
    const reason = 'The check is not endorsed "For mobile deposit only"';
    const response = await review.reject(staff, deposit.id, reason);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(m.rejected('$300.00'));
    await expectCheckingFigures(robin.browser, { balance: '20.00', available: '20.00', pending: '0.00' });
    const row = (await history(robin.browser)).items.find((i) => i.amount === '300.00');
    expect(row).toMatchObject({ status: 'Failed', statusReason: reason, category: 'Deposit' });
    expect(await depositOf(robin, deposit.id)).toMatchObject({ status: 'rejected', rejectReason: reason });
    const [notice] = await notificationsOf(robin.browser);
    expect(notice).toMatchObject({ title: 'Check deposit rejected' });
    expect(notice?.body).toContain(`was not accepted: the check is not endorsed "For mobile deposit only". No money`);
    expect(await mailsTo(t, robin.email, 'deposit-rejected')).toHaveLength(1);
    expect(await auditActions(t, robin.id)).toContain('deposit.rejected');

    // Decided once: neither a second rejection nor an approval changes anything.
    expectRefusal(await review.reject(staff, deposit.id, 'again'), 409, {
      code: 'CONFLICT',
      message: m.alreadyReviewed,
    });
    expectRefusal(await review.approve(staff, deposit.id), 409, { code: 'CONFLICT', message: m.alreadyReviewed });
    expectRefusal(await review.reject(staff, deposit.id, ' '), 400, fieldRefusal('reason', m.reasonRequired));
  });

  it('credits a check once: a second deposit of one photo cannot be approved, even at the same moment', async () => {
    const robin = await longStandingMember(t, 0n);
    const front = await checkPhoto(4242);
    // Sent twice while the first waited: both are taken (the second flagged for staff).
    const first = await deposited(robin.browser, { front, deposit: { amount: '900.00', checkNumber: '1001' } });
    const second = await deposited(robin.browser, { front, deposit: { amount: '900.00', checkNumber: '1001' } });
    await approved(staff, first.deposit.id);
    const refusal = { code: 'CONFLICT' as const, message: m.sameCheckAccepted('Wednesday, November 25, 2026') };
    expectRefusal(await review.approve(staff, second.deposit.id), 409, refusal);
    expect((await balances(robin.browser)).Checking?.balance).toBe('900.00');
    expect((await depositOf(robin, second.deposit.id))?.status).toBe('pending_review');

    // Two members' deposits of one photo, approved at once: exactly one is credited.
    const [ann, ben] = [await longStandingMember(t, 0n), await longStandingMember(t, 0n)];
    const shared = await checkPhoto(4343);
    const deposits = [
      await deposited(ann.browser, { front: shared, deposit: { amount: '75.00' } }),
      await deposited(ben.browser, { front: shared, deposit: { amount: '75.00' } }),
    ];
    const answers = await Promise.all(deposits.map(({ deposit }) => review.approve(staff, deposit.id)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const credited = [(await balances(ann.browser)).Checking?.balance, (await balances(ben.browser)).Checking?.balance];
    expect(credited.sort()).toEqual(['0.00', '75.00']);
  });

  it('lets exactly one of an approval and a rejection racing on one deposit win', async () => {
    const robin = await longStandingMember(t, 0n);
    for (let round = 0; round < 3; round += 1) {
      const { deposit } = await deposited(robin.browser, {
        deposit: { amount: '40.00' },
        front: await checkPhoto(40 + round),
      });
      const [approve, reject] = await Promise.all([
        review.approve(staff, deposit.id),
        review.reject(staff, deposit.id, 'Unreadable'),
      ]);
      expect([approve.statusCode, reject.statusCode].sort()).toEqual([200, 409]);
      const status = (await depositOf(robin, deposit.id))?.status;
      expect(status).toBe(approve.statusCode === 200 ? 'accepted' : 'rejected');
    }
  });

  it('returns an item: the money is taken back and the member sees why', async () => {
    const robin = await longStandingMember(t, 50_00n);
    const { deposit } = await deposited(robin.browser, { deposit: { amount: '500.00' } });
    await approved(staff, deposit.id);
    expectRefusal(await review.returnItem(staff, deposit.id, ''), 400, fieldRefusal('reason', m.reasonRequired));
    const reason = 'Insufficient funds in the check writer’s account';
    time.advance(HOUR);
    const response = await review.returnItem(staff, deposit.id, reason);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(m.returned('$500.00'));
    // Still held money is released by the return, and the rest taken back: $50 as before.
    await expectCheckingFigures(robin.browser, { balance: '50.00', available: '50.00', pending: '0.00' });
    const taken = (await history(robin.browser)).items.find((i) => i.type === 'debit' && i.amount === '500.00');
    expect(taken).toMatchObject({ status: 'Completed', category: 'Deposit' });
    expect(taken?.description).toBe(`Returned check: mobile deposit of Wednesday, November 25, 2026 (${reason})`);
    expect(await depositOf(robin, deposit.id)).toMatchObject({
      status: 'returned',
      returnReason: reason,
      amountOwed: null,
    });
    const [notice] = await notificationsOf(robin.browser);
    expect(notice).toMatchObject({ title: 'Deposited check returned' });
    expect(notice?.body).toContain('We took $500.00 back from your account.');
    expect(await mailsTo(t, robin.email, 'deposit-returned')).toHaveLength(1);
    expect(await auditActions(t, robin.id)).toContain('deposit.returned');
    // Its holds were voided, not released: the release job, on their days, leaves them alone.
    at('2026-12-01T15:00:00Z');
    await releaseHolds(t);
    const holds = await t.db
      .select()
      .from(depositHolds)
      .where(eq(depositHolds.depositId, deposit.id))
      .orderBy(depositHolds.releaseAt);
    expect(holds.map((h) => [h.amount, h.releasedAt, h.voidedAt !== null])).toEqual([
      [275_00n, null, true],
      [225_00n, null, true],
    ]);
    expect((await balances(robin.browser)).Checking).toEqual({ balance: '50.00', available: '50.00' });
    expectRefusal(await review.returnItem(staff, deposit.id, reason), 409, {
      code: 'CONFLICT',
      message: m.notReturnable,
    });
  });

  it('returns an item whose money was spent: the account gives what it has, the rest is owed', async () => {
    const robin = await longStandingMember(t, 0n);
    const owedBefore = await postedBalance(t, generalLedger.returnedItems);
    const { deposit } = await deposited(robin.browser, { deposit: { amount: '500.00' } });
    await approved(staff, deposit.id);
    at('2026-11-27T06:00:00Z');
    await releaseHolds(t);
    const spent = await internalTransfer(robin, { amount: '250.00' });
    expect(spent.statusCode, spent.body).toBe(201);
    expect((await balances(robin.browser)).Checking).toEqual({ balance: '250.00', available: '25.00' });
    const response = await review.returnItem(staff, deposit.id, 'Payment was stopped by the check writer');
    expect(response.statusCode, response.body).toBe(200);
    expect((await balances(robin.browser)).Checking).toEqual({ balance: '0.00', available: '0.00' });
    expect(await depositOf(robin, deposit.id)).toMatchObject({ status: 'returned', amountOwed: '250.00' });
    const [notice] = await notificationsOf(robin.browser);
    expect(notice?.body).toContain('We took $250.00 back from your account.');
    expect(notice?.body).toContain('$250.00 is still owed');
    expect((await postedBalance(t, generalLedger.returnedItems)) - owedBefore).toBe(-250_00n);
  });

  it('names the transfers a return made; the migration finds them for checks returned before it', async () => {
    const [robin, sam] = [await longStandingMember(t, 0n), await longStandingMember(t, 1000_00n)];
    const spent = await deposited(robin.browser, { deposit: { amount: '400.00' } });
    const covered = await deposited(sam.browser, { deposit: { amount: '80.00' }, front: await checkPhoto(61) });
    await approved(staff, spent.deposit.id);
    await approved(staff, covered.deposit.id);
    at('2026-11-30T06:00:00Z');
    await releaseHolds(t);
    const transfer = await internalTransfer(robin, { amount: '150.00' });
    expect(transfer.statusCode, transfer.body).toBe(201);
    for (const id of [spent.deposit.id, covered.deposit.id]) {
      const response = await review.returnItem(staff, id, 'Account closed');
      expect(response.statusCode, response.body).toBe(200);
    }
    const recorded = await returnTransfers([spent.deposit.id, covered.deposit.id]);
    const amountOf = async (id: string | null) =>
      id ? (await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id)))[0]?.amount : undefined;
    expect(await Promise.all(recorded.map((row) => amountOf(row?.returnTransferId ?? null)))).toEqual([
      250_00n,
      80_00n,
    ]);
    expect(await Promise.all(recorded.map((row) => amountOf(row?.owedTransferId ?? null)))).toEqual([
      150_00n,
      undefined,
    ]);

    // The backfill of migration 0018, on the same deposits with their ids taken away.
    await t.db
      .update(mobileDeposits)
      .set({ returnTransferId: null, owedTransferId: null })
      .where(inArray(mobileDeposits.id, [spent.deposit.id, covered.deposit.id]));
    const migration = fs.readFileSync(
      new URL('../../../drizzle/0018_deposit_return_transfers.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint').filter((s) => /^\s*UPDATE/m.test(s)))
      await t.db.execute(sql.raw(statement));
    expect(await returnTransfers([spent.deposit.id, covered.deposit.id])).toEqual(recorded);
  });

  it('returns only an accepted deposit', async () => {
    const robin = await longStandingMember(t, 0n);
    const { deposit } = await deposited(robin.browser, { deposit: { amount: '60.00' } });
    expectRefusal(await review.returnItem(staff, deposit.id, 'Account closed'), 409, {
      code: 'CONFLICT',
      message: m.notReturnable,
    });
  });

  it('serves the check photos to their member and to staff only', async () => {
    const [robin, sam] = [await longStandingMember(t, 0n), await longStandingMember(t, 0n)];
    const { deposit } = await deposited(robin.browser);
    for (const url of [deposit.frontImageUrl, deposit.backImageUrl]) {
      expect((await robin.browser.get(url)).statusCode).toBe(200);
      expect((await staff.get(url)).statusCode).toBe(200);
      expectRefusal(await sam.browser.get(url), 404, { code: 'NOT_FOUND', message: messages.generic.notFound });
      expect((await new Browser(t).get(url)).statusCode).toBe(401);
    }
    // Nor can another member see the deposit itself, or decide it.
    expect((await depositOverview(sam.browser)).deposits.map((d) => d.id)).not.toContain(deposit.id);
    expect((await sam.browser.post(`/api/admin/deposits/${deposit.id}/approve`)).statusCode).toBe(403);
  });

  it('lists the queue oldest first with counts; a deposit with the member’s history and usual amount', async () => {
    const robin = await longStandingMember(t, 0n);
    const first = await deposited(robin.browser, { deposit: { amount: '100.00' }, front: await checkPhoto(51) });
    time.advance(HOUR);
    const second = await deposited(robin.browser, { deposit: { amount: '120.00' }, front: await checkPhoto(52) });
    await approved(staff, first.deposit.id);
    await approved(staff, second.deposit.id);
    time.advance(HOUR);
    const big = await deposited(robin.browser, { deposit: { amount: '900.00' }, front: await checkPhoto(53) });
    time.advance(HOUR);
    const later = await deposited(robin.browser, { deposit: { amount: '5.00' }, front: await checkPhoto(54) });

    const queue = (await staff.get('/api/admin/deposits')).json<StaffDepositPage>();
    const mine = queue.deposits.filter((d) => d.member.id === robin.id).map((d) => d.id);
    expect(mine).toEqual([big.deposit.id, later.deposit.id]);
    expect(queue.counts.pending_review).toBe(queue.total);
    expect(queue.counts.accepted).toBeGreaterThanOrEqual(2);

    const detail = (await staff.get(`/api/admin/deposits/${big.deposit.id}`)).json<StaffDepositDetail>();
    expect(detail.deposit.member).toMatchObject({ id: robin.id, email: robin.email, memberSince: '2025-01-02' });
    expect(detail.usual).toEqual({ count: 2, average: '110.00' });
    expect(detail.deposit.flags).toContainEqual({
      kind: 'over_usual',
      label: 'Over their usual amount: 2 accepted deposit(s), $110.00 on average',
      depositId: null,
    });
    expect(detail.history.map((d) => d.id)).toEqual([later.deposit.id, second.deposit.id, first.deposit.id]);
    const accepted = (await staff.get('/api/admin/deposits?status=accepted')).json<StaffDepositPage>();
    expect(accepted.deposits.every((d) => d.status === 'accepted')).toBe(true);
    expectRefusal(await staff.get('/api/admin/deposits/00000000-0000-4000-8000-000000000000'), 404, {
      code: 'NOT_FOUND',
      message: m.notFound,
    });
  });

  async function returnTransfers(ids: string[]) {
    const rows = await t.db
      .select({
        id: mobileDeposits.id,
        returnTransferId: mobileDeposits.returnTransferId,
        owedTransferId: mobileDeposits.owedTransferId,
      })
      .from(mobileDeposits)
      .where(inArray(mobileDeposits.id, ids));
    return ids.map((id) => rows.find((row) => row.id === id));
  }
});

describe('[DEPOSITS]: one hold that cannot be released does not hold up the others', () => {
  const { t, at, staff } = useDepositDesk();
  const failing = useFailingInsert(t, 'fail_one_hold_release', 'ledger_transfers');

  it('releases the rest, names the one in the log, and leaves it for the next run', async () => {
    const robin = await longStandingMember(t, 0n);
    const sam = await longStandingMember(t, 0n);
    const checks = [];
    for (const member of [robin, sam]) {
      const { deposit } = await deposited(member.browser, { deposit: { amount: '100.00' } });
      checks.push(deposit.id);
    }
    at('2026-11-25T16:00:00Z');
    for (const id of checks) await approved(staff, id);
    const [robinsHold] = await t.db
      .select({ transferId: depositHolds.transferId })
      .from(depositHolds)
      .where(eq(depositHolds.depositId, checks[0] ?? ''));
    await failing.start(`new.pending_id = '${robinsHold?.transferId}'::uuid`, `raise exception 'disk full'`);

    at('2026-11-27T05:00:00Z');
    expect(await releaseHolds(t)).toEqual({ released: 1, errors: 1 });
    expect((await balances(sam.browser)).Checking.available).toBe('100.00');
    expect((await balances(robin.browser)).Checking.available).toBe('0.00');

    await t.db.execute(sql`drop trigger fail_one_hold_release on ledger_transfers`);
    expect(await releaseHolds(t)).toEqual({ released: 1, errors: 0 });
    expect((await balances(robin.browser)).Checking.available).toBe('100.00');
  });
});
