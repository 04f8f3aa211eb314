import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TransactionPage } from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import { type BrowserPages, DESKTOP, type OpenedPage, type Viewport } from './browser';
import { openConsole, openUserByEmail } from './console';
import { staffApi } from './identity';
import type { Member } from './money';

/**
 * The staff console's money screens: a member's accounts, their transactions, adding rows or a
 * CSV, and the Delete User Transactions box.
 */

/** The console with `member` open in the detail column. */
export async function openMemberInConsole(
  browser: BrowserPages,
  member: Member,
  viewport: Viewport = DESKTOP,
): Promise<OpenedPage> {
  const opened = await openConsole(browser, viewport);
  await openUserByEmail(opened.page, member.email, member.name);
  await transactionsSection(opened.page).waitFor({ state: 'visible' });
  return opened;
}

export const transactionsSection = (page: Page) => page.getByRole('region', { name: 'Transactions', exact: true });

/** The table rows (wide column) or the cards (narrow), whichever is displayed. */
export const staffRows = (page: Page) =>
  transactionsSection(page)
    .locator('[data-testid="staff-transaction-row"], [data-testid="staff-transaction-card"]')
    .filter({ visible: true });

export const staffRow = (page: Page, text: string) => staffRows(page).filter({ hasText: text });

/** Opens "Add Transactions" on one of its two tabs; returns the dialog. */
export async function openAddTransactions(page: Page, how: 'Enter rows' | 'Upload CSV'): Promise<Locator> {
  await transactionsSection(page)
    .getByRole('button', { name: how === 'Upload CSV' ? 'Upload CSV' : 'Add Transactions', exact: true })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Add Transactions' });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('tab', { name: how }).click();
  return dialog;
}

/** Writes a CSV to a temporary file for the file input; returns its path. */
export function csvFile(name: string, lines: string[]): string {
  const dir = path.join(os.tmpdir(), 'mutual-e2e-uploads');
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, name);
  fs.writeFileSync(file, `${lines.join('\r\n')}\r\n`);
  return file;
}

export const CSV_HEADER = 'account,type,amount,description,category,date,time,status';

/** Every transaction of the member as staff see them (corrections included), newest first. */
export async function memberTransactions(member: Member): Promise<TransactionPage['items']> {
  const session = await staffApi.session();
  return (
    await session.request<TransactionPage>(
      'GET',
      `/api/admin/users/${member.id}/transactions?corrections=true&pageSize=100`,
    )
  ).items;
}

/** The member's balances by account type, as the console's API reports them. */
export async function memberBalances(member: Member): Promise<Record<string, string>> {
  const detail = await staffApi.detail(member.email);
  return Object.fromEntries(detail.accounts.map((account) => [account.type, account.balance]));
}

/** Delays every request whose path ends with `suffix`, so a busy state can be seen. */
export async function slowDown(page: Page, suffix: string, ms = 600) {
  await page.route(
    (url) => url.pathname.endsWith(suffix),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}
