import { TRANSACTIONS_CSV_HEADER } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, hasHorizontalScroll, headingText, screenshot } from './support/browser';
import { downloadFrom, parseCsv } from './support/downloads';
import { apiSignIn, pathname, staffApi, unexpectedErrors } from './support/identity';
import {
  SAM_EMAIL,
  SETTLED,
  demoMember,
  expectBalances,
  fundedMember,
  markPage,
  openDashboard,
  recentTransactions,
  samePage,
  sendToMember,
} from './support/money';

/** Clicks "Export CSV" and reads the file the browser saved. */
async function exportCsv(page: Page): Promise<{ name: string; rows: string[][] }> {
  const file = await downloadFrom(page, page.getByTestId('export-csv'));
  return { name: file.name, rows: parseCsv(file.text) };
}

/** The pager's count: "20 transactions, Feb 2, 2026 – Mar 14, 2026", or "3 transactions" when that is all. */
async function pagerCount(page: Page): Promise<{ count: number; all: boolean }> {
  const text = (await page.getByTestId('history-range').innerText()).trim();
  const match = /^(\d+) transactions?(,.*)?$/.exec(text);
  if (!match) throw new Error(`unexpected range "${text}"`);
  return { count: Number(match[1]), all: match[2] === undefined };
}

const historyRows = (page: Page) => page.getByTestId('transaction-row');

/** The cells of every row on the history page: [date, description, category, account, status, amount]. */
const rowCells = (page: Page) =>
  historyRows(page).evaluateAll((rows) =>
    rows.map((row) => Array.from(row.querySelectorAll('td')).map((td) => (td as HTMLElement).innerText.trim())),
  );

/** True when there are rows and every one passes `rule`. */
const allRows = (rows: string[][], rule: (cells: string[]) => boolean) => rows.length > 0 && rows.every(rule);

browserSuite('[LIVE]: changes reach an open dashboard; [HISTORY]: the full transaction history', (browser) => {
  test(
    '[LIVE]: money from another member and a staff balance ' + 'change appear on an open dashboard without a reload',
    async () => {
      const receiver = await fundedMember('live-a', {}, 'Lena');
      const sender = await fundedMember('live-b', { Checking: '200.00' }, 'Boris');
      const { page, errors } = await openDashboard(browser, receiver);
      await expectBalances(page, 'Checking', { Balance: '$0.00', Available: '$0.00' });
      await markPage(page);

      await sendToMember(await apiSignIn(sender.email, sender.password), receiver.email, '35.00', 'Ferry tickets');
      await expectBalances(page, 'Checking', { Balance: '$35.00', Available: '$35.00' });
      const received = recentTransactions(page)
        .getByTestId('transaction-row')
        .filter({ hasText: `Transfer from ${sender.name}` });
      await received.waitFor({ state: 'visible', ...SETTLED });
      expect(await received.innerText()).toContain('Ferry tickets');

      await staffApi.setBalance(receiver.id, 'Checking', '1000.00', 'e2e live check');
      await expectBalances(page, 'Checking', { Balance: '$1,000.00', Available: '$1,000.00' });
      await recentTransactions(page)
        .getByTestId('transaction-row')
        .filter({ hasText: 'Balance adjustment: e2e live check' })
        .waitFor({ state: 'visible', ...SETTLED });
      await expect.poll(() => page.getByTestId('available-balance').innerText(), SETTLED).toBe('$1,000.00');

      expect(await samePage(page), 'no reload').toBe(true);
      await screenshot(page, 'dashboard-live-update');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[HISTORY]: "View All" opens Statements, whose "View all transactions" opens the history; paging by ' +
      'cursor, type, category and search filters live in the address; "Export CSV" matches',
    async () => {
      const { page, errors } = await openDashboard(browser, demoMember(SAM_EMAIL));
      await page.getByRole('link', { name: 'View All' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '#quick-actions-statements');
      const statements = page.locator('#quick-actions-statements');
      await statements.waitFor({ state: 'visible' });
      await statements.getByRole('link', { name: 'View all transactions' }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard/transactions');
      await expect.poll(() => headingText(page)).toBe('Transaction History');
      await expect.poll(() => historyRows(page).count(), SETTLED).toBe(20);
      expect(await pagerCount(page), 'six months of history is more than a page').toEqual({ count: 20, all: false });
      await screenshot(page, 'history');

      // Paging by cursor: Older, then Newer back to the same rows (the rows and the range change together).
      const pageOne = await rowCells(page);
      await page.getByRole('link', { name: 'Older' }).click();
      await page.waitForURL((url) => url.searchParams.has('olderThan'));
      await expect
        .poll(async () => JSON.stringify(await rowCells(page)) !== JSON.stringify(pageOne), SETTLED)
        .toBe(true);
      await page.getByRole('link', { name: 'Newer', exact: true }).click();
      await page.waitForURL((url) => url.searchParams.has('newerThan'));
      await expect.poll(() => rowCells(page), SETTLED).toEqual(pageOne);
      await page.getByRole('link', { name: 'Older' }).click();
      await page.waitForURL((url) => url.searchParams.has('olderThan'));
      await page.getByRole('link', { name: 'Newest' }).click();
      await page.waitForURL((url) => !url.searchParams.has('olderThan') && !url.searchParams.has('newerThan'));
      await expect.poll(() => rowCells(page), SETTLED).toEqual(pageOne);

      // Type: debits only. (Until the filtered page arrives the old rows stay, so wait for the rule to hold.)
      await page.getByLabel('Type', { exact: true }).selectOption('debit');
      await page.waitForURL((url) => url.searchParams.get('type') === 'debit');
      await expect
        .poll(async () => allRows(await rowCells(page), (cells) => /^Debit\s*−\$/.test(cells[5] ?? '')), SETTLED)
        .toBe(true);

      // Category: Income (the paydays), all credits.
      await page.getByLabel('Type', { exact: true }).selectOption('');
      await page.getByLabel('Category', { exact: true }).selectOption('Income');
      await page.waitForURL((url) => url.searchParams.get('category') === 'Income' && !url.searchParams.has('type'));
      await expect
        .poll(
          async () =>
            allRows(await rowCells(page), (cells) => cells[2] === 'Income' && /^Credit\s*\+\$/.test(cells[5] ?? '')),
          SETTLED,
        )
        .toBe(true);

      // Category Transfer, then the search narrows it to the transfers with Alex.
      await page.getByLabel('Category', { exact: true }).selectOption('Transfer');
      await page.waitForURL((url) => url.searchParams.get('category') === 'Transfer');
      await expect
        .poll(async () => allRows(await rowCells(page), (cells) => cells[2] === 'Transfer'), SETTLED)
        .toBe(true);
      const transfers = await rowCells(page);
      await page.getByLabel('Search by description').fill('Alex');
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await page.waitForURL(
        (url) => url.searchParams.get('q') === 'Alex' && url.searchParams.get('category') === 'Transfer',
      );
      await expect
        .poll(
          async () => allRows(await rowCells(page), (cells) => /^Transfer (to|from) Alex Morgan/.test(cells[1] ?? '')),
          SETTLED,
        )
        .toBe(true);
      // Everything found fits one page, so the page says exactly how many.
      const { count: withAlex, all } = await pagerCount(page);
      expect(all).toBe(true);
      expect(withAlex).toBeGreaterThan(0);
      expect(
        transfers.some((cells) => !/Alex Morgan/.test(cells[1] ?? '')),
        'the search narrowed the transfers',
      ).toBe(true);
      const found = await rowCells(page);
      expect(found).toHaveLength(withAlex);

      // The filters survive a reload: they are the address.
      const filtered = page.url();
      await page.reload();
      await expect.poll(() => rowCells(page), SETTLED).toEqual(found);
      expect(page.url()).toBe(filtered);
      expect(await page.getByLabel('Category', { exact: true }).inputValue()).toBe('Transfer');
      expect(await page.getByLabel('Search by description').inputValue()).toBe('Alex');

      // The export has the same filters, every matching row (no paging) and the documented header.
      const { name, rows } = await exportCsv(page);
      expect(name).toMatch(/^transactions-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(rows[0]).toEqual(TRANSACTIONS_CSV_HEADER);
      const body = rows.slice(1);
      expect(body).toHaveLength(withAlex);
      expect(body.map((row) => row.length)).toEqual(body.map(() => TRANSACTIONS_CSV_HEADER.length));
      // Row for row, what the page shows: description (and reference), category, status, direction and amount.
      const asShown = body
        .slice(0, found.length)
        .map(([, , description, category, , type, amount, status, reference]) => [
          reference ? `${description}\n${reference}` : description,
          category,
          status,
          `${type === 'credit' ? 'Credit' : 'Debit'} ${Number(amount).toFixed(2)}`,
        ]);
      const shown = found.map((cells) => [
        cells[1],
        cells[2],
        cells[4],
        `${(cells[5] ?? '').split(/\s/)[0]} ${(cells[5] ?? '').replace(/[^\d.]/g, '')}`,
      ]);
      expect(asShown).toEqual(shown);

      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.waitForURL((url) => url.search === '');
      await expect.poll(() => rowCells(page), SETTLED).toEqual(pageOne);
      expect(pathname(page)).toBe('/dashboard/transactions');

      await page.setViewportSize(MOBILE);
      await page.getByTestId('transaction-card').first().waitFor({ state: 'visible' });
      await screenshot(page, 'history');
      expect(await hasHorizontalScroll(page), 'the history fits a phone').toBe(false);
      await page.setViewportSize(DESKTOP);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test('[HISTORY]: a reference that looks like a spreadsheet formula is exported as text', async () => {
    const member = await fundedMember('csv', {}, 'Cora');
    const sender = await fundedMember('csv-sender', { Checking: '50.00' });
    await sendToMember(
      await apiSignIn(sender.email, sender.password),
      member.email,
      '12.00',
      '=HYPERLINK("http://example.com")',
    );
    const { page, errors } = await openDashboard(browser, member);
    await page.goto('/dashboard/transactions');
    await page.waitForURL((url) => url.pathname === '/dashboard/transactions');
    await historyRows(page)
      .filter({ hasText: `Transfer from ${sender.name}` })
      .waitFor({ state: 'visible' });

    const { rows } = await exportCsv(page);
    const row = rows.find((cells) => cells[2] === `Transfer from ${sender.name}`);
    expect(row?.[8], 'prefixed so a spreadsheet shows it rather than running it').toBe(
      `'=HYPERLINK("http://example.com")`,
    );
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
