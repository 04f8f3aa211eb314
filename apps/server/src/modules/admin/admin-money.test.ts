import {
  type AccountSummary,
  accountTypes,
  IDEMPOTENCY_HEADER,
  messages,
  STAFF_TRANSACTIONS_MAX,
  type StaffTransactionPage,
  type StaffTransactionRowInput,
  transactionCategories,
  type TransactionPage,
  type TransactionPreview,
  type UserDetail,
} from '@mutual/shared';
import { desc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Browser, DEMO, seedDemoPeople, signIn, uniqueEmail } from '../../test/identity';
import {
  accountId,
  balances,
  deposit,
  type Member,
  memberWithMoney,
  newKey,
  overview,
  settledBalances,
} from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { internalTransfer, userTransfer } from '../../test/transfer-forms';
import { auditLog } from '../audit/audit.tables';
import { ledgerAccounts, ledgerEntries } from '../ledger/ledger.tables';
import { createPaymentOrder } from '../payments/create-payment-order';
import { paymentOrders } from '../payments/payments.tables';

const a = messages.admin;
// A fixed "now" (14:00 in New York): backdated rows and the future check are exact.
const NOW = new Date('2026-11-20T19:00:00Z');

describe('[ADMIN MONEY]: staff edit accounts, add and reverse transactions through the ledger', () => {
  let staff: Browser;

  const t = useLedgerTestApp({ clock: () => NOW, env: { TIME_ZONE: 'America/New_York' } });
  beforeAll(async () => {
    await seedDemoPeople(t);
    staff = await signIn(t, DEMO.staff);
  });

  const userPath = (member: { id: string }, suffix = '') => `/api/admin/users/${member.id}${suffix}`;
  const detail = async (member: { id: string }) => (await staff.get(userPath(member))).json<UserDetail>();
  const history = async (member: { id: string }, query = '') =>
    (await staff.get(userPath(member, `/transactions?pageSize=100${query}`))).json<StaffTransactionPage>();
  const row = (overrides: Partial<StaffTransactionRowInput> = {}): StaffTransactionRowInput => ({
    account: 'Checking',
    type: 'credit',
    amount: '100.00',
    description: 'Branch deposit',
    category: 'Deposit',
    date: '2026-11-19',
    time: '09:30',
    status: 'Completed',
    ...overrides,
  });
  const add = (member: { id: string }, rows: StaffTransactionRowInput[], key: string = newKey()) =>
    staff.post(userPath(member, '/transactions'), { rows }, { headers: { [IDEMPOTENCY_HEADER]: key } });
  const reverse = (member: { id: string }, transferId: string, reason = 'Entered in error') =>
    staff.post(userPath(member, `/transactions/${transferId}/reverse`), { reason });
  /** The member's audit rows, newest first, straight from the table (the audit screens are tested on their own). */
  const audit = (member: { id: string }) =>
    t.db.select().from(auditLog).where(eq(auditLog.targetUserId, member.id)).orderBy(desc(auditLog.id));

  describe('account editing', () => {
    it('changes the account and routing number, audited with before and after', async () => {
      const member = await memberWithMoney(t, 0n);
      const checking = await accountId(t, member.id, 'Checking');
      const response = await staff.patch(userPath(member, `/accounts/${checking}`), {
        accountNumber: '4000000017',
        routingNumber: '011000015',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: a.accountUpdated('Checking') });
      const account = (await detail(member)).accounts.find((x) => x.type === 'Checking');
      expect(account).toMatchObject({ accountNumber: '4000000017', routingNumber: '011000015' });
      const [entry] = await audit(member);
      expect(entry).toMatchObject({ action: 'account.updated', actorEmail: DEMO.staff, ipAddress: staff.ip });
      expect(entry?.before).toMatchObject({ type: 'Checking' });
      expect(entry?.after).toMatchObject({ accountNumber: '4000000017', routingNumber: '011000015' });
    });

    it.each([
      ['0123456789', '011000015', 'accountNumber', a.accountNumberInvalid],
      ['123456789', '011000015', 'accountNumber', a.accountNumberInvalid],
      ['12345678901', '011000015', 'accountNumber', a.accountNumberInvalid],
      ['12345abcde', '011000015', 'accountNumber', a.accountNumberInvalid],
      ['1234567890', '011000016', 'routingNumber', a.routingNumberInvalid],
      ['1234567890', '01100001', 'routingNumber', a.routingNumberInvalid],
    ])(
      'refuses account %s / routing %s with the spec message and changes nothing',
      async (accountNumber, routingNumber, field, message) => {
        const member = await memberWithMoney(t, 0n);
        const before = (await detail(member)).accounts;
        const checking = await accountId(t, member.id, 'Checking');
        const response = await staff.patch(userPath(member, `/accounts/${checking}`), { accountNumber, routingNumber });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields[field]).toBe(message);
        expect((await detail(member)).accounts).toEqual(before);
      },
    );

    it('keeps account numbers unique, and an account belongs to the member in the path', async () => {
      const [one, two] = [await memberWithMoney(t, 0n), await memberWithMoney(t, 0n)];
      const taken = (await detail(one)).accounts[0]?.accountNumber ?? '';
      const twoChecking = await accountId(t, two.id, 'Checking');
      const clash = await staff.patch(userPath(two, `/accounts/${twoChecking}`), {
        accountNumber: taken,
        routingNumber: '011000015',
      });
      expect(clash.statusCode).toBe(409);
      expect(clash.json()).toMatchObject({
        message: a.accountNumberInUse,
        fields: { accountNumber: a.accountNumberInUse },
      });
      const elsewhere = await staff.patch(userPath(one, `/accounts/${twoChecking}`), {
        accountNumber: '5000000001',
        routingNumber: '011000015',
      });
      expect(elsewhere.statusCode).toBe(404);
    });
  });

  describe('balance editing', () => {
    it('posts an adjustment for the difference against the adjustments account, with the reason', async () => {
      const member = await memberWithMoney(t, 250_00n);
      const checking = await accountId(t, member.id, 'Checking');
      const response = await staff.request('PUT', userPath(member, `/accounts/${checking}/balance`), {
        json: { balance: '100.50', reason: 'Goodwill correction' },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await balances(member.browser)).Checking).toEqual({ balance: '100.50', available: '100.50' });
      const adjustment = (await history(member)).items.find((x) => x.category === 'Other');
      expect(adjustment).toMatchObject({
        type: 'debit',
        amount: '149.50',
        description: 'Balance adjustment: Goodwill correction',
        status: 'Completed',
      });
      const [entry] = await audit(member);
      expect(entry).toMatchObject({
        action: 'account.balance_adjusted',
        before: { balance: '250.00' },
        after: { balance: '100.50', reason: 'Goodwill correction' },
      });

      const noReason = await staff.request('PUT', userPath(member, `/accounts/${checking}/balance`), {
        json: { balance: '5.00', reason: ' ' },
      });
      expect(noReason.json().fields.reason).toBe(a.adjustmentReasonRequired);
      const negative = await staff.request('PUT', userPath(member, `/accounts/${checking}/balance`), {
        json: { balance: '-1.00', reason: 'x' },
      });
      expect(negative.json().fields.balance).toBe(a.balanceInvalid);
      expect((await balances(member.browser)).Checking.balance).toBe('100.50');
    });
  });

  describe('adding transactions', () => {
    it(
      'posts Completed rows, holds Pending ones and records ' + 'Failed ones with no effect, each with its own date',
      async () => {
        const member = await memberWithMoney(t, 0n);
        const response = await add(member, [
          row({ amount: '500.00', date: '2026-11-01', time: '08:15' }),
          row({
            type: 'debit',
            amount: '42.10',
            description: 'Grocer',
            category: 'Food',
            status: 'Pending',
            date: '2026-11-18',
            time: '17:45',
          }),
          row({
            type: 'debit',
            amount: '9999.00',
            description: 'Declined card',
            category: 'Shopping',
            status: 'Failed',
            date: '2026-11-19',
            time: '12:00',
          }),
          row({
            account: 'Savings',
            amount: '25.00',
            description: 'Interest',
            category: 'Income',
            date: '2026-10-31',
            time: '23:59',
          }),
        ]);
        expect(response.statusCode, response.body).toBe(201);
        expect(response.json()).toEqual({ message: a.transactionsAdded, count: 4 });

        expect(await balances(member.browser)).toEqual({
          Checking: { balance: '500.00', available: '457.90' },
          Savings: { balance: '25.00', available: '25.00' },
        });
        const items = (await history(member)).items;
        expect(items.map((x) => [x.description, x.status, x.date])).toEqual([
          ['Declined card', 'Failed', '2026-11-19T17:00:00.000Z'],
          ['Grocer', 'Pending', '2026-11-18T22:45:00.000Z'],
          // 08:15 on 1 November is after the end of daylight saving time in New York (UTC-5).
          ['Branch deposit', 'Completed', '2026-11-01T13:15:00.000Z'],
          ['Interest', 'Completed', '2026-11-01T03:59:00.000Z'],
        ]);
        // Backdated rows keep their date and also say when they were really posted.
        expect(items.every((x) => x.postedAt === NOW.toISOString())).toBe(true);
        // The member sees exactly the same rows.
        const own = (await member.browser.get('/api/me/transactions?pageSize=100')).json<TransactionPage>();
        expect(own.items.map((x) => x.description)).toEqual(items.map((x) => x.description));
        const [entry] = await audit(member);
        expect(entry).toMatchObject({
          action: 'transactions.added',
          actorEmail: DEMO.staff,
          after: { count: 4, balances: { Checking: '500.00' } },
        });
      },
    );

    it('posts a batch in date order, so a backdated credit funds a later debit listed first', async () => {
      const member = await memberWithMoney(t, 0n);
      const response = await add(member, [
        row({ type: 'debit', amount: '60.00', description: 'Rent share', category: 'Bill Pay', date: '2026-11-10' }),
        row({ amount: '100.00', date: '2026-11-09' }),
      ]);
      expect(response.statusCode, response.body).toBe(201);
      expect((await balances(member.browser)).Checking.balance).toBe('40.00');
    });

    it('is all or nothing: a row the ledger refuses posts nothing, and says which row and why', async () => {
      const member = await memberWithMoney(t, 10_00n);
      const response = await add(member, [
        row({ amount: '5.00' }),
        row({
          type: 'debit',
          amount: '50.00',
          description: 'Too much',
          category: 'Withdrawal',
          date: '2026-11-19',
          time: '10:00',
        }),
      ]);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({
        message: a.addTransactionsFailed(a.rowFailed(2, messages.transfers.insufficientFunds)),
        fields: { '2.row': messages.transfers.insufficientFunds },
      });
      expect((await balances(member.browser)).Checking.balance).toBe('10.00');
      expect((await history(member)).items).toHaveLength(1);
    });

    it('refuses invalid rows with the spec messages, a date in the future, and an empty batch', async () => {
      const member = await memberWithMoney(t, 0n);
      const bad = await add(member, [row({ amount: '0', description: '', category: 'Gifts' as never, time: '25:00' })]);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().fields).toMatchObject({
        'rows.0.amount': a.rowAmountInvalid,
        'rows.0.description': a.rowRequired('Description'),
        'rows.0.time': a.rowTimeInvalid,
      });
      const future = await add(member, [row({ date: '2026-11-20', time: '14:01' })]);
      expect(future.json()).toMatchObject({ message: a.addTransactionsFailed(a.rowFailed(1, a.rowInFuture)) });
      expect((await add(member, [row({ date: '2026-11-20', time: '14:00' })])).statusCode).toBe(201);
      expect((await add(member, [])).json().fields.rows).toBe(a.atLeastOneRow);
    });

    it('dates a row from 7 years back to today, on the credit union’s calendar', async () => {
      // Today is 20 November 2026 (New York): rows may be dated from 20 November 2019.
      const member = await memberWithMoney(t, 50_00n);
      const before = { balances: await balances(member.browser), rows: (await history(member)).items.length };
      const unchanged = async () => {
        expect(await balances(member.browser)).toEqual(before.balances);
        expect((await history(member)).items).toHaveLength(before.rows);
      };
      const refused = (rowNumber: number, reason: string) => ({
        code: 'VALIDATION_FAILED',
        message: a.addTransactionsFailed(a.rowFailed(rowNumber, reason)),
        fields: { [`${rowNumber}.date`]: reason },
      });
      const tooOld = a.rowTooOld('November 20, 2019');

      const dayTooEarly = await add(member, [row({ date: '2019-11-19', time: '23:59' })]);
      expect(dayTooEarly.statusCode).toBe(400);
      expect(dayTooEarly.json()).toEqual(refused(1, tooOld));
      const mistyped = await add(member, [row({ account: 'Savings', date: '1926-11-19' })]);
      expect(mistyped.json()).toEqual(refused(1, tooOld));
      const tomorrow = await add(member, [row({ date: '2026-11-21', time: '00:00' })]);
      expect(tomorrow.statusCode).toBe(400);
      expect(tomorrow.json()).toEqual(refused(1, a.rowInFuture));
      await unchanged();

      // A CSV batch: the first bad row is named by its number, the preview names each, and nothing is added.
      const batch = [
        row({ amount: '1.00', date: '2026-11-05' }),
        row({ amount: '2.00', date: '1900-01-01', time: '00:00' }),
        row({ amount: '3.00', date: '2026-11-21' }),
      ];
      const csv = await add(member, batch, `csv-${'cd34'.repeat(10)}`);
      expect(csv.statusCode).toBe(400);
      expect(csv.json()).toEqual(refused(2, tooOld));
      const preview = (
        await staff.post(userPath(member, '/transactions/preview'), { rows: batch })
      ).json<TransactionPreview>();
      expect(preview).toMatchObject({
        ok: false,
        rows: [
          { row: 1, errors: {} },
          { row: 2, errors: { date: tooOld } },
          { row: 3, errors: { date: a.rowInFuture } },
        ],
      });
      await unchanged();

      // The window's first day itself, history from before the member joined (40 days back, the
      // member was created today) and today up to now are accepted.
      const inRange = await add(member, [
        row({ amount: '4.00', date: '2019-11-20', time: '00:00' }),
        row({ amount: '5.00', account: 'Savings', date: '2026-10-11', time: '08:00' }),
        row({ amount: '6.00', date: '2026-11-20', time: '14:00' }),
      ]);
      expect(inRange.statusCode, inRange.body).toBe(201);
      expect(await balances(member.browser)).toEqual({
        Checking: { balance: '60.00', available: '60.00' },
        Savings: { balance: '5.00', available: '5.00' },
      });
    });

    it('posts once per key: the same upload twice posts once, the same key with other rows is refused', async () => {
      const member = await memberWithMoney(t, 0n);
      const key = `csv-${'ab12'.repeat(10)}`;
      const first = await add(member, [row()], key);
      const again = await add(member, [row()], key);
      expect(first.statusCode).toBe(201);
      expect(again.statusCode).toBe(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect((await balances(member.browser)).Checking.balance).toBe('100.00');
      const other = await add(member, [row({ amount: '1.00' })], key);
      expect(other.statusCode).toBe(422);
      expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    });

    it('does not keep a refused batch: once the cause is fixed the same batch and key post', async () => {
      const member = await memberWithMoney(t, 0n);
      const rows = [row({ type: 'debit', amount: '30.00', category: 'Withdrawal', description: 'ATM' })];
      const key = newKey();
      expect((await add(member, rows, key)).statusCode).toBe(422);
      await deposit(t, member.id, 30_00n);
      expect((await add(member, rows, key)).statusCode).toBe(201);
      expect((await balances(member.browser)).Checking.balance).toBe('0.00');
    });

    it('takes a full batch of the largest size, long descriptions and all (the body limit fits it)', async () => {
      const member = await memberWithMoney(t, 0n);
      const rows = Array.from({ length: STAFF_TRANSACTIONS_MAX }, (_, i) =>
        row({
          amount: '1.00',
          description: `${'Long description '.repeat(8).slice(0, 130)} ${String(i).padStart(4, '0')}`,
          time: `0${i % 10}:${String(i % 60).padStart(2, '0')}`,
        }),
      );
      const preview = await staff.post(userPath(member, '/transactions/preview'), { rows });
      expect(preview.statusCode, preview.body.slice(0, 200)).toBe(200);
      expect(preview.json<TransactionPreview>().ok).toBe(true);
      const added = await add(member, rows);
      expect(added.statusCode, added.body.slice(0, 200)).toBe(201);
      expect((await balances(member.browser)).Checking.balance).toBe(`${STAFF_TRANSACTIONS_MAX}.00`);
    });

    it('previews every row’s problems and the balances after, posting nothing', async () => {
      const member = await memberWithMoney(t, 20_00n);
      const preview = await staff.post(userPath(member, '/transactions/preview'), {
        rows: [
          { ...row({ amount: '5.00' }) },
          { ...row({ type: 'debit', amount: '500.00', category: 'Withdrawal' }) },
          {
            account: 'Brokerage',
            type: 'credit',
            amount: 'abc',
            description: 'x',
            category: 'Bogus',
            date: '2026-02-30',
            time: '10:00',
            status: 'Completed',
          },
          { ...row({ date: '2026-12-01' }) },
        ],
      });
      expect(preview.statusCode, preview.body).toBe(200);
      const body = preview.json<TransactionPreview>();
      expect(body.ok).toBe(false);
      expect(body.rows).toEqual([
        { row: 1, errors: {} },
        { row: 2, errors: { row: messages.transfers.insufficientFunds } },
        {
          row: 3,
          errors: {
            account: a.rowNotAChoice('Account', accountTypes),
            amount: a.rowAmountInvalid,
            category: a.rowNotAChoice('Category', transactionCategories),
            date: a.rowDateInvalid,
          },
        },
        { row: 4, errors: { date: a.rowInFuture } },
      ]);
      const good = (
        await staff.post(userPath(member, '/transactions/preview'), { rows: [row({ amount: '5.00' })] })
      ).json<TransactionPreview>();
      expect(good).toMatchObject({
        ok: true,
        balancesAfter: [
          { account: 'Checking', balance: '25.00', available: '25.00' },
          { account: 'Savings', balance: '0.00' },
        ],
      });
      expect((await balances(member.browser)).Checking.balance).toBe('20.00');
      expect((await history(member)).items).toHaveLength(1);
    });
  });

  describe('reversing ("deleting") transactions', () => {
    let member: Member;
    beforeAll(async () => {
      member = await memberWithMoney(t, 0n);
      await add(member, [
        row({ amount: '300.00', description: 'Payroll', category: 'Income', date: '2026-11-02' }),
        row({ type: 'debit', amount: '45.00', description: 'Dinner', category: 'Food', date: '2026-11-03' }),
        row({
          type: 'debit',
          amount: '20.00',
          description: 'Card hold',
          category: 'Shopping',
          status: 'Pending',
          date: '2026-11-04',
        }),
        row({
          type: 'debit',
          amount: '1.00',
          description: 'Declined',
          category: 'Shopping',
          status: 'Failed',
          date: '2026-11-05',
        }),
      ]);
    });
    const find = async (description: string, query = '&corrections=true') => {
      const item = (await history(member, query)).items.find(
        (x) => x.description === description || x.description === `Reversal: ${description}`,
      );
      if (!item) throw new Error(`no ${description}`);
      return item;
    };

    it('posts a reversal, restores the balance, and hides the pair from the member unless asked', async () => {
      const dinner = await find('Dinner');
      const response = await reverse(member, dinner.transferId, 'Duplicate entry');
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ message: a.transactionDeleted });
      expect((await balances(member.browser)).Checking).toEqual({ balance: '300.00', available: '280.00' });

      const own = (await member.browser.get('/api/me/transactions?pageSize=100')).json<TransactionPage>();
      expect(own.items.map((x) => x.description)).not.toContain('Dinner');
      // Staff entries and the reversal are corrections, shown apart from income and outgoing:
      // +300.00 payroll entered, −45.00 dinner entered, +45.00 its reversal (the pending hold is not posted).
      expect(await overview(member.browser)).toMatchObject({
        monthIncome: '0.00',
        monthOutgoing: '0.00',
        monthCorrections: '300.00',
      });
      const withCorrections = (
        await member.browser.get('/api/me/transactions?pageSize=100&corrections=true')
      ).json<TransactionPage>();
      expect(
        withCorrections.items.filter((x) => x.correction).map((x) => [x.description, x.correction, x.type]),
      ).toEqual([
        ['Reversal: Dinner', 'reversal', 'credit'],
        ['Dinner', 'reversed', 'debit'],
      ]);
      const [entry] = await audit(member);
      expect(entry).toMatchObject({
        action: 'transaction.reversed',
        before: { description: 'Dinner', amount: '45.00' },
        after: { reason: 'Duplicate entry' },
      });

      const twice = await reverse(member, dinner.transferId);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toBe(a.alreadyReversed);
    });

    it(
      'voids a pending row (the hold is released, ' + 'the row shows Failed) and refuses failed rows and reversals',
      async () => {
        const hold = await find('Card hold');
        expect((await reverse(member, hold.transferId, 'Merchant cancelled')).statusCode).toBe(200);
        expect((await find('Card hold')).status).toBe('Failed');
        expect((await find('Card hold')).statusReason).toBe('Merchant cancelled');
        expect((await balances(member.browser)).Checking.available).toBe('300.00');

        expect((await reverse(member, (await find('Declined')).transferId)).statusCode).toBe(409);
        const reversal = (await history(member, '&corrections=true')).items.find((x) => x.correction === 'reversal');
        expect((await reverse(member, reversal?.transferId ?? '')).statusCode).toBe(409);
        expect((await reverse(member, (await find('Card hold')).transferId)).statusCode).toBe(409);
      },
    );

    it('answers "Transaction not found" for an unknown id or another member’s transaction', async () => {
      const unknown = await reverse(member, '00000000-0000-4000-8000-00000000abcd');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(a.transactionNotFound);
      const other = await memberWithMoney(t, 5_00n);
      const theirs = (await history(other)).items[0]?.transferId ?? '';
      const crossed = await reverse(member, theirs);
      expect(crossed.statusCode).toBe(404);
      expect((await balances(other.browser)).Checking.balance).toBe('5.00');
      expect((await staff.post(userPath(member, '/transactions/not-a-uuid/reverse'), { reason: 'x' })).statusCode).toBe(
        400,
      );
      expect((await reverse(member, theirs, '')).json().fields.reason).toBe(a.reversalReasonRequired);
    });

    it('completes a staff-entered pending row, and refuses anything else', async () => {
      await add(member, [
        row({ amount: '12.00', description: 'Cheque (clearing)', status: 'Pending', date: '2026-11-06' }),
      ]);
      const cheque = await find('Cheque (clearing)');
      expect(cheque).toMatchObject({ status: 'Pending', workflow: 'staffEntry' });
      const done = await staff.post(userPath(member, `/transactions/${cheque.transferId}/complete`));
      expect(done.statusCode, done.body).toBe(200);
      expect((await find('Cheque (clearing)')).status).toBe('Completed');
      expect((await balances(member.browser)).Checking.balance).toBe('312.00');
      const again = await staff.post(userPath(member, `/transactions/${cheque.transferId}/complete`));
      expect(again.json().message).toBe(a.notPendingTransaction);
    });
  });

  describe('Delete User Transactions', () => {
    it('reverses every transaction of the member, newest first, and the balances return to zero', async () => {
      const member = await memberWithMoney(t, 400_00n);
      const recipient = await memberWithMoney(t, 0n);
      await internalTransfer(member, { amount: '150.00' });
      const toSavings = await internalTransfer(member, {
        fromAccount: 'Savings',
        toAccount: 'Checking',
        amount: '25.00',
      });
      expect(toSavings.statusCode).toBe(201);
      await userTransfer(member, recipient, { amount: '10.00', reference: 'Lunch' });
      await add(member, [
        row({ type: 'debit', amount: '5.00', category: 'Food', description: 'Coffee', status: 'Pending' }),
        row({ type: 'debit', amount: '7.00', category: 'Food', description: 'No funds', status: 'Failed' }),
      ]);
      const response = await staff.post(userPath(member, '/transactions/reverse-all'), {
        reason: 'Test data clean-up',
      });
      expect(response.statusCode, response.body).toBe(200);
      // deposit, two internal transfers, the member transfer, the pending row (Failed rows moved nothing).
      expect(response.json()).toEqual({ count: 5, message: a.transactionsDeleted(5) });
      expect(await balances(member.browser)).toEqual(settledBalances('0.00', '0.00'));
      expect((await balances(recipient.browser)).Checking.balance).toBe('0.00');
      const own = (await member.browser.get('/api/me/transactions?pageSize=100')).json<TransactionPage>();
      expect(own.items.map((x) => [x.description, x.status]).sort()).toEqual([
        ['Coffee', 'Failed'],
        ['No funds', 'Failed'],
      ]);
      const [entry] = await audit(member);
      expect(entry).toMatchObject({
        action: 'transactions.reversed_all',
        before: { balances: { Checking: '265.00', Savings: '125.00' } },
        after: { count: 5 },
      });

      const again = await staff.post(userPath(member, '/transactions/reverse-all'), { reason: 'Again' });
      expect(again.json()).toEqual({ count: 0, message: a.transactionsDeleted(0) });
    });

    it('returns a pending payment order with the reason, so the order and the ledger agree', async () => {
      const alex = await signIn(t, DEMO.alex);
      const alexId = (await alex.get('/api/me')).json<{ id: string }>().id;
      const [order] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.userId, alexId));
      expect(order?.status).toBe('pending');
      const held = (await history({ id: alexId })).items.find((x) => x.transferId === order?.pendingTransferId);
      expect(held).toMatchObject({ status: 'Pending', paymentOrder: true, workflow: 'paymentOrder' });
      // A single reversal refuses it: payment orders belong to Payment Operations.
      const single = await reverse({ id: alexId }, order?.pendingTransferId ?? '');
      expect(single.json().message).toBe(a.pendingHandledElsewhere.paymentOrder);
      const response = await staff.post(`/api/admin/users/${alexId}/transactions/reverse-all`, {
        reason: 'Closing the demo',
      });
      expect(response.statusCode, response.body).toBe(200);
      const [after] = await t.db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.id, order?.id ?? ''));
      expect(after).toMatchObject({ status: 'returned', returnReason: 'Closing the demo' });
      const accounts = (await alex.get('/api/me/accounts')).json<{ accounts: AccountSummary[] }>().accounts;
      expect(accounts.map((x) => x.balance)).toEqual(['0.00', '0.00']);
    });

    it('leaves a payment already sent in an ACH file to Payment Operations, and changes nothing', async () => {
      const member = await memberWithMoney(t, 90_00n);
      const checking = await accountId(t, member.id, 'Checking');
      await t.db.transaction((tx) =>
        createPaymentOrder(tx, t.secrets, {
          userId: member.id,
          rail: 'ach',
          fromAccountId: checking,
          amount: 40_00n,
          beneficiaryName: 'Pat Doe',
          bankName: 'TD Bank',
          routingNumber: '031101266',
          accountNumber: '4410023356',
          reference: null,
          debitMemo: 'Transfer to Pat Doe',
          now: NOW,
        }),
      );
      const exported = await staff.post('/api/admin/payment-orders/ach-export', {});
      expect(exported.statusCode, exported.body).toBe(201);
      const response = await staff.post(userPath(member, '/transactions/reverse-all'), { reason: 'Clean-up' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain(a.exportedPaymentOrder);
      expect(await balances(member.browser)).toEqual({
        Checking: { balance: '90.00', available: '50.00' },
        Savings: { balance: '0.00', available: '0.00' },
      });
    });

    it('changes nothing when one transaction cannot be undone, and says which', async () => {
      const sender = await memberWithMoney(t, 50_00n);
      const receiver = await memberWithMoney(t, 0n);
      await userTransfer(sender, receiver, { amount: '50.00', reference: 'Rent' });
      // The receiver spends it: the transfer can no longer be taken back.
      await internalTransfer(receiver, { amount: '50.00' });
      const response = await staff.post(userPath(sender, '/transactions/reverse-all'), { reason: 'Clean-up' });
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toContain(a.deleteTransactionsFailed);
      expect(response.json().message).toContain('Nothing was changed');
      expect(response.json().message).toContain(
        '(50.00) could not be reversed: the money it brought in has since been spent',
      );
      expect((await balances(sender.browser)).Checking.balance).toBe('0.00');
      expect((await history(sender)).items.every((x) => x.correction === null)).toBe(true);
      expect(
        (
          await staff.post(userPath({ id: '00000000-0000-4000-8000-00000000abcd' }, '/transactions/reverse-all'), {
            reason: 'x',
          })
        ).json().message,
      ).toBe(a.userNotFound);
    });
    it(
      'weighs the whole set: money that came back from the same ' +
        'member can be taken back, and no balance dips on the way',
      async () => {
        const member = await memberWithMoney(t, 0n);
        const friend = await memberWithMoney(t, 50_00n);
        await userTransfer(friend, member, { amount: '50.00', reference: 'Loan' });
        await userTransfer(member, friend, { amount: '50.00', reference: 'Repaid' });
        // The friend moves the repayment away: taken one by one, newest first, "Repaid" could not come back.
        await internalTransfer(friend, { amount: '50.00' });
        const response = await staff.post(userPath(member, '/transactions/reverse-all'), { reason: 'Clean-up' });
        expect(response.statusCode, response.body).toBe(200);
        expect(response.json()).toEqual({ count: 2, message: a.transactionsDeleted(2) });
        expect(await balances(member.browser)).toEqual(settledBalances('0.00', '0.00'));
        expect(await balances(friend.browser)).toEqual(settledBalances('0.00', '50.00'));
        const friendChecking = await accountId(t, friend.id, 'Checking');
        const entries = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.accountId, friendChecking));
        expect(entries.every((entry) => entry.balanceAfter >= 0n && entry.availableAfter >= 0n)).toBe(true);
      },
    );
  });

  describe('Create New User with opening balances', () => {
    it('posts the balances as opening deposits', async () => {
      const form = {
        name: 'Dana Opening',
        email: uniqueEmail('opening'),
        phone: '(207) 555-0142',
        password: 'a-long-enough-passphrase',
        role: 'user',
        address: { street: '1 Pier Rd', city: 'Portland', state: 'ME', zipCode: '04101' },
        checkingBalance: '1250.75',
        savingsBalance: '0',
      };
      const response = await staff.post('/api/admin/users', form);
      expect(response.statusCode, response.body).toBe(201);
      const id = response.json().user.id as string;
      const member = await detail({ id });
      expect(member.accounts.map((x) => [x.type, x.balance])).toEqual([
        ['Checking', '1250.75'],
        ['Savings', '0.00'],
      ]);
      expect((await history({ id })).items.map((x) => [x.description, x.category, x.amount])).toEqual([
        ['Opening deposit', 'Deposit', '1250.75'],
      ]);
      const bad = await staff.post('/api/admin/users', { ...form, email: uniqueEmail('x'), savingsBalance: '-5' });
      expect(bad.json().fields.savingsBalance).toBe(a.balanceInvalid);
    });
  });

  describe('races', () => {
    it('of ten staff reversing the same transaction at once, exactly one wins', async () => {
      const member = await memberWithMoney(t, 80_00n);
      const [deposited] = (await history(member)).items;
      const results = await Promise.all(Array.from({ length: 10 }, () => reverse(member, deposited?.transferId ?? '')));
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, ...Array.from({ length: 9 }, () => 409)]);
      expect((await balances(member.browser)).Checking.balance).toBe('0.00');
      const accounts = await t.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, member.id));
      expect(accounts.every((x) => x.debitsPosted === x.creditsPosted)).toBe(true);
    });
  });
});
