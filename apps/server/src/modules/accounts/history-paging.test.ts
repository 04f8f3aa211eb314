import type { Transaction, TransactionPage } from '@mutual/shared';
import { describe, expect, it } from 'vitest';
import { type Browser, manualClock, MINUTE } from '../../test/identity';
import { cashEntry, type Member, memberWithMoney } from '../../test/money';
import { useLedgerTestApp } from '../../test/test-app';
import { history, internalTransfer } from '../../test/transfer-forms';

const NOW = new Date('2026-03-15T16:00:00.000Z');

/** Every page from the newest, following `older`; `between` runs after each page. */
async function walk(
  browser: Browser,
  query: string,
  between: () => Promise<void> = async () => undefined,
): Promise<TransactionPage[]> {
  const pages: TransactionPage[] = [];
  let page = await history(browser, query);
  pages.push(page);
  while (page.older) {
    await between();
    page = await history(browser, `${query}&olderThan=${page.older}`);
    pages.push(page);
  }
  return pages;
}

const rowsOf = (pages: TransactionPage[]) => pages.flatMap((page) => page.items);
/** Newest first by date, then posting time: the order the history promises. */
const inOrder = (rows: Transaction[]) =>
  rows.every(
    (row, i) =>
      i === 0 || [rows[i - 1]?.date ?? '', rows[i - 1]?.postedAt ?? ''].join() >= [row.date, row.postedAt].join(),
  );

describe('[ACCOUNTS]: keyset pages of the history', () => {
  const time = manualClock(NOW);
  const t = useLedgerTestApp({ clock: time.clock });

  /** A deposit into Checking dated `at`, posted now (several share an instant: the id breaks ties). */
  const deposit = (member: Member, at: Date, memo: string) => cashEntry(t, member.id, 1_00n, { memo, effectiveAt: at });

  it(
    'gives every row exactly once, in order, ' + 'while new transactions arrive between pages; and back again',
    async () => {
      const member = await memberWithMoney(t, 1_000_00n);
      for (let i = 0; i < 30; i += 1)
        await deposit(member, new Date(NOW.getTime() - Math.floor(i / 3) * MINUTE), `Deposit ${i}`);
      // Moves between the member's own accounts are two rows of one transfer: a page never splits them.
      for (let i = 0; i < 4; i += 1) expect((await internalTransfer(member, { amount: '1.00' })).statusCode).toBe(201);
      const before = rowsOf(await walk(member.browser, 'pageSize=10'));
      expect(before).toHaveLength(1 + 30 + 8);

      let arrived = 0;
      const pages = await walk(member.browser, 'pageSize=10', async () => {
        arrived += 1;
        time.advance(1_000);
        await deposit(member, time.now(), `Arrived ${arrived}`);
      });
      const seen = rowsOf(pages);
      expect(arrived).toBeGreaterThan(2);
      expect(seen.map((row) => row.id)).toEqual(before.map((row) => row.id));
      expect(new Set(seen.map((row) => row.id)).size).toBe(seen.length);
      expect(inOrder(seen)).toBe(true);
      for (const page of pages.slice(0, -1)) expect(page.items.length === 10 || page.items.length === 11).toBe(true);
      for (const page of pages) {
        const last = page.items[page.items.length - 1];
        expect(page.items.filter((row) => row.transferId === last?.transferId)).toHaveLength(
          seen.filter((row) => row.transferId === last?.transferId).length,
        );
      }

      // Newer pages lead back to the top, where the rows that arrived meanwhile now are.
      let page = pages[pages.length - 1];
      const back: Transaction[][] = [];
      while (page?.newer) {
        page = await history(member.browser, `pageSize=10&newerThan=${page.newer}`);
        back.unshift(page.items);
      }
      const top = back.flat();
      expect(top.slice(0, arrived).map((row) => row.description)).toEqual(
        Array.from({ length: arrived }, (_, i) => `Arrived ${arrived - i}`),
      );
      expect(top.slice(arrived).map((row) => row.id)).toEqual(seen.slice(0, top.length - arrived).map((row) => row.id));
    },
  );

  it('moves a member only within their own history, whatever cursor they send', async () => {
    const mine = await memberWithMoney(t, 5_00n);
    const theirs = await memberWithMoney(t, 7_00n);
    for (let i = 0; i < 3; i += 1) await deposit(theirs, new Date(NOW.getTime() + (i + 1) * MINUTE), `Theirs ${i}`);
    const theirPage = await history(theirs.browser, 'pageSize=10');
    const theirRow = theirPage.items[0];
    if (!theirRow) throw new Error('no row');
    // Their cursor, and one forged from their newest transfer's key, shown to me: only my rows.
    const forged = Buffer.from(
      `2100-01-01T00:00:00.000000Z|2100-01-01T00:00:00.000000Z|${theirRow.transferId}`,
    ).toString('base64url');
    const forgedEarly = Buffer.from(
      `1900-01-01T00:00:00.000000Z|1900-01-01T00:00:00.000000Z|${theirRow.transferId}`,
    ).toString('base64url');
    for (const cursor of [`olderThan=${forged}`, `newerThan=${forgedEarly}`]) {
      const page = await history(mine.browser, cursor);
      expect(page.items.map((row) => row.description)).toEqual(['Cash deposit']);
      expect(page.items.every((row) => row.transferId !== theirRow.transferId)).toBe(true);
    }
    const staffView = await mine.browser.get(`/api/admin/users/${theirs.id}/transactions?olderThan=${forged}`);
    expect(staffView.statusCode).toBe(403);

    for (const query of [
      'olderThan=bm90LWEtY3Vyc29y',
      'olderThan=%3Cscript%3E',
      `olderThan=${forged}&newerThan=${forged}`,
      'page=2',
    ]) {
      expect((await mine.browser.get(`/api/me/transactions?${query}`)).statusCode, query).toBe(400);
    }
  });
});
