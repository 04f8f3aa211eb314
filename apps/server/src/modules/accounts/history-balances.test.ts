import { type Transaction, type TransactionPage, transactionQuerySchema } from '@mutual/shared';
import type { SQL } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { cellsOf, quotedCsvLines } from '../../test/csv';
import { approved, deposited, depositTestEnv, longStandingMember } from '../../test/deposits';
import { type Browser, manualClock, signInStaff, uniqueEmail } from '../../test/identity';
import { type DatedRow, postDated } from '../../test/history';
import { accountId, balances, cashEntry, type Member, memberWithMoney } from '../../test/money';
import { daysLongTestEnv, expectLedgerConsistent, useTestApp } from '../../test/test-app';
import { history } from '../../test/transfer-forms';
import { generalLedger } from '../ledger/general-ledger';
import { resolvePending, reverseTransfer } from '../ledger/post-transfer';
import { EXPORT_READS_AT_ONCE, transactionsCsv } from './export-transactions';

/**
 * "Balance after" in the history's CSV: the account's balance in the order the history lists
 * rows (by date), not in the order the ledger recorded them. A check deposited on Monday and
 * approved on Wednesday is listed on Monday, so Monday's balance includes it and Tuesday's too.
 */

interface CsvRow {
  date: string;
  posted: string;
  description: string;
  account: string;
  type: string;
  amount: string;
  status: string;
  balanceAfter: string;
}

async function exportRows(browser: Browser, query: string): Promise<CsvRow[]> {
  const response = await browser.get(`/api/me/transactions/export?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return quotedCsvLines(response.body)
    .slice(1)
    .map((line) => {
      const [
        date = '',
        posted = '',
        description = '',
        ,
        account = '',
        type = '',
        amount = '',
        status = '',
        ,
        balanceAfter = '',
      ] = cellsOf(line);
      return { date, posted, description, account, type, amount, status, balanceAfter };
    });
}

/** Cents of a wire amount ("-12.50" too: a balance may be below zero in the order rows are dated). */
const cents = (text: string) => (/^-?\d+\.\d{2}$/.test(text) ? Math.round(Number(text) * 100) : Number.NaN);
const signed = (row: { type: string; amount: string }) => (row.type === 'credit' ? 1 : -1) * cents(row.amount);

/**
 * Read from the oldest row up, as a reader of the file adds it up: each Completed row's balance is
 * the one before plus its signed amount (from zero: the account was opened empty); a row that
 * moved no money (Pending, Failed, Cancelled) has none. Returns where the sum ends.
 */
function expectChain(rows: CsvRow[]) {
  let running = 0;
  const seen: string[] = [];
  for (const row of [...rows].reverse()) {
    if (row.status === 'Completed') {
      running += signed(row);
      seen.push(`${row.amount} → ${row.balanceAfter}`);
      expect(cents(row.balanceAfter), seen.join('\n')).toBe(running);
    } else expect(row.balanceAfter).toBe('');
  }
  return running;
}

const moneyOf = (text: string) => cents(text);

describe('[ACCOUNTS]: the history CSV\'s "Balance after" adds up in the order the rows are listed', () => {
  describe('a mobile deposit approved after later transactions', () => {
    // Monday 2 November 2026, 10:00 in New York.
    const start = new Date('2026-11-02T15:00:00Z');
    const time = manualClock(start);
    const t = useTestApp({ clock: time.clock, env: depositTestEnv });
    let staff: Browser;
    const DAY = 86_400_000;

    beforeAll(async () => {
      staff = await signInStaff(t, { email: uniqueEmail('staff') });
    });

    it('lists the check on the day it was deposited, and every balance after it includes it', async () => {
      const alex = await longStandingMember(t, 0n);
      // A: Monday, payroll in.
      await cashEntry(t, alex.id, 2_000_00n, { memo: 'A: payroll', category: 'Income' });
      // Tuesday: the check is deposited (Pending).
      time.advance(DAY);
      const { deposit } = await deposited(alex.browser, { deposit: { amount: '500.00' } });
      // Wednesday: B, rent out, while the check waits for review.
      time.advance(DAY);
      await cashEntry(t, alex.id, 1_200_00n, { side: 'debit', memo: 'B: rent' });
      // Thursday: staff approve the check (its money posts now; part of it is held).
      time.advance(DAY);
      await approved(staff, deposit.id);

      const rows = await exportRows(alex.browser, 'account=Checking');
      expect(rows.map((row) => [row.description, row.status, row.balanceAfter])).toEqual([
        ['B: rent', 'Completed', '1300.00'],
        ['Mobile check deposit', 'Completed', '2500.00'],
        ['A: payroll', 'Completed', '2000.00'],
      ]);
      const current = (await balances(alex.browser)).Checking.balance;
      expect(current).toBe('1300.00');
      expect(expectChain(rows)).toBe(moneyOf(current));

      // The page lists the same rows in the same order.
      const page = await history(alex.browser, 'account=Checking');
      expect(page.items.map((row) => row.description)).toEqual(rows.map((row) => row.description));
      await expectLedgerConsistent(t);
    });
  });

  /**
   * A history written out of order on purpose: rows dated before rows recorded earlier
   * (backdated entries), held payments posted or voided days later, staff reversals of old rows
   * (hidden unless corrections are shown), moves between the member's own accounts. Every export —
   * all accounts or one, corrections hidden or shown — adds up and lists the rows the pages list,
   * and every filtered export shows each row with the balance the unfiltered one gives it.
   */
  describe('a long history recorded out of order', () => {
    const NOW = new Date('2026-03-15T16:00:00.000Z');
    const time = manualClock(NOW);
    const t = useTestApp({ clock: time.clock, env: daysLongTestEnv });
    let member: Member;

    beforeAll(async () => {
      member = await memberWithMoney(t, 0n);
      const checking = await accountId(t, member.id, 'Checking');
      const savings = await accountId(t, member.id, 'Savings');
      const dated = (i: number) => new Date(Date.UTC(2026, 1, 1, 12, 0) + i * 3_600_000);
      await t.db.transaction(async (tx) => {
        const post = (i: number, kind: DatedRow['kind'], debit: string, credit: string, amount: bigint, memo: string) =>
          postDated(tx, {
            kind,
            debit,
            credit,
            amount,
            memo,
            // Recorded in a shuffled order: dates jump back and forth.
            effectiveAt: dated(i % 3 === 0 ? 300 - i : i),
            now: new Date(NOW.getTime() + i * 1000),
          });
        await post(0, 'single', generalLedger.cash, checking, 5_000_00n, 'Opening deposit');
        const held: string[] = [];
        for (let i = 1; i <= 260; i += 1) {
          if (i % 50 === 0) await post(i, 'single', checking, savings, 100_00n + BigInt(i), `Move ${i}`);
          else if (i % 11 === 0)
            held.push(
              (await post(i, 'pending', checking, generalLedger.cardSettlement, BigInt(i), `Held ${i}`)).transferId,
            );
          else if (i % 13 === 0)
            await post(i, 'pending', generalLedger.achClearing, checking, BigInt(i * 3), `Arriving ${i}`);
          else if (i % 23 === 0)
            await post(i, 'failed', checking, generalLedger.cardSettlement, BigInt(i), `Declined ${i}`);
          else if (i % 4 === 0)
            await post(i, 'single', generalLedger.achClearing, checking, BigInt(i * 7), `Income ${i}`);
          else {
            const spent = await post(i, 'single', checking, generalLedger.cardSettlement, BigInt(i), `Spent ${i}`);
            if (i % 19 === 0)
              await reverseTransfer(tx, {
                transferId: spent.transferId,
                reason: 'Duplicate',
                now: NOW,
                createdBy: null,
              });
          }
        }
        // Days later: some holds post (listed on their own day), some are let go; one posted is reversed.
        for (const [n, pendingId] of held.entries()) {
          const resolved = await resolvePending(tx, {
            pendingId,
            kind: n % 3 === 2 ? 'void' : 'post',
            now: new Date(NOW.getTime() + 900_000 + n * 1000),
            createdBy: null,
          });
          if (n === 1)
            await reverseTransfer(tx, {
              transferId: resolved.transferId,
              reason: 'Charged twice',
              now: new Date(NOW.getTime() + 990_000),
              createdBy: null,
            });
        }
      });
      time.advance(3_600_000);
    });

    /** Every row of a query, page after page (small pages, so they are many). */
    async function everyRow(query: string): Promise<Transaction[]> {
      const rows: Transaction[] = [];
      let page: TransactionPage | undefined = await history(member.browser, `pageSize=10&${query}`);
      while (page) {
        rows.push(...page.items);
        page = page.older ? await history(member.browser, `pageSize=10&${query}&olderThan=${page.older}`) : undefined;
      }
      return rows;
    }

    /** A CSV row's identity: its account and side, when the ledger recorded it, and its words. */
    const keyOf = (row: CsvRow) => [row.account, row.type, row.posted, row.description].join(' | ');

    it.each(['', 'corrections=true'])(
      'adds up for each account, listing the rows the pages list (%s)',
      async (query) => {
        const current = await balances(member.browser);
        for (const account of ['Checking', 'Savings'] as const) {
          const csv = await exportRows(member.browser, `account=${account}&${query}`);
          expect(csv.length).toBeGreaterThan(account === 'Checking' ? 250 : 4);
          expect(expectChain(csv)).toBe(moneyOf(current[account].balance));
          const pages = await everyRow(`account=${account}&${query}`);
          expect(csv.map((row) => [row.description, row.amount, row.status])).toEqual(
            pages.map((row) => [row.description, row.amount, row.status]),
          );
        }
      },
    );

    it('gives each row the same balance in every filtered export, and with several accounts', async () => {
      for (const corrections of ['', 'corrections=true']) {
        const all = await exportRows(member.browser, corrections);
        const balanceOf = new Map(all.map((row) => [keyOf(row), row.balanceAfter]));
        expect(balanceOf.size).toBe(all.length);
        const filters = ['account=Checking', 'account=Savings', 'type=debit', 'q=income', 'status=Completed'];
        for (const filter of [...filters, 'from=2026-02-05&to=2026-02-08']) {
          const rows = await exportRows(member.browser, `${filter}&${corrections}`);
          expect(rows.length, filter).toBeGreaterThan(0);
          expect(
            rows.map((row) => [keyOf(row), row.balanceAfter]),
            filter,
          ).toEqual(rows.map((row) => [keyOf(row), balanceOf.get(keyOf(row))]));
        }
      }
    });

    it('streams in small batches of rows and of movements counted, to the same file', async () => {
      for (const query of ['', 'corrections=true', 'account=Checking', 'type=credit&corrections=true', 'q=spent']) {
        const response = await member.browser.get(`/api/me/transactions/export?${query}`);
        expect(response.statusCode).toBe(200);
        const {
          olderThan: _o,
          newerThan: _n,
          pageSize: _p,
          ...filters
        } = transactionQuerySchema.parse(Object.fromEntries(new URLSearchParams(query)));
        let small = '';
        for await (const part of transactionsCsv(t.db, member.id, filters, t.config.timeZone, 7)) small += part;
        expect(small, query).toBe(response.body);
      }
    });

    it('reads ahead while it writes, but never more than EXPORT_READS_AT_ONCE reads at once', async () => {
      let running = 0;
      let most = 0;
      const counted = {
        execute: async (query: SQL) => {
          running += 1;
          most = Math.max(most, running);
          try {
            return await t.db.execute(query);
          } finally {
            running -= 1;
          }
        },
      } as unknown as Executor;
      let file = '';
      for await (const part of transactionsCsv(counted, member.id, { corrections: false }, t.config.timeZone, 7))
        file += part;
      expect(file).toBe((await member.browser.get('/api/me/transactions/export')).body);
      expect(most).toBeGreaterThan(1);
      expect(most).toBeLessThanOrEqual(EXPORT_READS_AT_ONCE);
    });
  });
});
