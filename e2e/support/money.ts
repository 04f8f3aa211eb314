import { randomUUID } from 'node:crypto';
import { type AccountSummary, type AccountType, IDEMPOTENCY_HEADER, type TransferResult } from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { type BrowserPages, DESKTOP, type Viewport, visit } from './browser';
import {
  type ApiSession,
  DEMO_PASSWORD,
  type Person,
  apiSignIn,
  createMember,
  staffApi,
  waitForMail,
} from './identity';

/**
 * Members with money, the dashboard as they see it, and the few things the transfer specs read
 * off it (the figures of a card, the transfer tabs, the recent-transactions rows).
 */

export interface Member extends Person {
  id: string;
  /** "First Last", as recipients and staff see it. */
  name: string;
}

/** A new approved member whose balances staff set (accounts not named stay at $0.00). */
export async function fundedMember(
  tag: string,
  balances: Partial<Record<AccountType, string>>,
  firstName?: string,
): Promise<Member> {
  const person = await createMember(tag, firstName);
  const { id } = await staffApi.lookup(person.email);
  for (const [type, balance] of Object.entries(balances) as [AccountType, string][]) {
    await staffApi.setBalance(id, type, balance, 'e2e opening balance');
  }
  return { ...person, id, name: `${person.firstName} ${person.lastName}` };
}

/** A seeded demo member (see apps/server/src/modules/seed/demo-seed.ts). */
export const demoMember = (email: string): Person => ({ email, password: DEMO_PASSWORD, firstName: '', lastName: '' });
export const TAYLOR_EMAIL = 'taylor.brooks@mutual-demo.example';
export const SAM_EMAIL = 'sam.rivera@mutual-demo.example';

/** How long a change may take to reach an open page (a refetch, or the live stream then a refetch). */
export const SETTLED = { timeout: 10_000 } as const;

/**
 * A browser signed in as `person` (an API sign-in's cookies) on /dashboard, once the accounts
 * have loaded and the live-update stream is connected (so a change made now reaches the page).
 */
export async function openDashboard(browser: BrowserPages, person: Person, viewport: Viewport = DESKTOP) {
  const session = await apiSignIn(person.email, person.password);
  const opened = await browser.openSignedIn(session, viewport);
  const live = opened.page.waitForResponse((response) => new URL(response.url()).pathname === '/api/me/events');
  await visit(opened.page, '/dashboard');
  await checkingCard(opened.page).waitFor({ state: 'visible' });
  expect((await live).status(), 'the live-update stream is open').toBe(200);
  return { ...opened, session };
}

/** A new member with these balances (see `fundedMember`), on their open dashboard (see `openDashboard`). */
export async function memberOnDashboard(
  browser: BrowserPages,
  tag: string,
  balances: Partial<Record<AccountType, string>>,
  firstName?: string,
  viewport: Viewport = DESKTOP,
) {
  const member = await fundedMember(tag, balances, firstName);
  return { member, ...(await openDashboard(browser, member, viewport)) };
}

export type TabName = 'Between Accounts' | 'To Member' | 'To US Bank' | 'International';

/** Picks a Transfer Money tab and returns its panel (the form, or its confirmation step). */
export async function openTab(page: Page, name: TabName): Promise<Locator> {
  await page.getByRole('tab', { name, exact: true }).click();
  const panel = page.getByRole('tabpanel', { name, exact: true });
  await panel.waitFor({ state: 'visible' });
  return panel;
}

export const checkingCard = (page: Page) => page.getByTestId('checking-card');

/** One account of the Account Information panel. */
export const accountInfo = (page: Page, type: AccountType) =>
  page.getByTestId('account-card').filter({ has: page.getByRole('heading', { name: new RegExp(`^${type}`) }) });

export const recentTransactions = (page: Page) => page.getByRole('region', { name: 'Recent Transactions' });

/** The label → value pairs (<dt>/<dd>) shown inside a card: { Balance: '$500.00', Available: … }. */
export function figures(card: Locator): Promise<Record<string, string>> {
  return card.evaluate((element) =>
    Object.fromEntries(
      Array.from(element.querySelectorAll('dt')).map((dt) => [
        dt.textContent?.trim() ?? '',
        dt.nextElementSibling?.textContent?.trim() ?? '',
      ]),
    ),
  );
}

/** The header's "Available Balance" and "Pending" figures. */
export async function headerFigures(page: Page) {
  return {
    available: (await page.getByTestId('available-balance').innerText()).trim(),
    pending: (await page.getByTestId('pending-total').innerText()).trim(),
  };
}

/** Waits until the Checking card (and the panel's account) show these figures. */
export async function expectBalances(page: Page, type: AccountType, expected: { Balance: string; Available: string }) {
  if (type === 'Checking') {
    await expect
      .poll(() => figures(checkingCard(page)), { ...SETTLED, message: 'Checking card' })
      .toMatchObject(expected);
  }
  await expect
    .poll(() => figures(accountInfo(page, type)), { ...SETTLED, message: `Account Information, ${type}` })
    .toMatchObject(expected);
}

/** A marker that a reload or a navigation would wipe: proves a change arrived without one. */
export const markPage = (page: Page) => page.evaluate(() => Object.assign(window, { e2eNoReload: true }));
export const samePage = (page: Page) => page.evaluate(() => (window as { e2eNoReload?: boolean }).e2eNoReload === true);

/** The member's accounts as the API reports them, by type. */
export async function accountsOf(session: ApiSession): Promise<Record<AccountType, AccountSummary>> {
  const { accounts } = await session.request<{ accounts: AccountSummary[] }>('GET', '/api/me/accounts');
  return Object.fromEntries(accounts.map((account) => [account.type, account])) as Record<AccountType, AccountSummary>;
}

/** `POST /api/transfers/user` from Checking, as a client other than the browser. */
export function sendToMember(session: ApiSession, recipientEmail: string, amount: string, reference: string) {
  return session.request<TransferResult>(
    'POST',
    '/api/transfers/user',
    { transferType: 'user', fromAccount: 'Checking', recipientEmail, recipientName: '', amount, reference },
    { [IDEMPOTENCY_HEADER]: randomUUID() },
  );
}

/** The 6-digit code of the newest "transfer-code" mail to `email` since `since`. */
export async function readTransferCode(email: string, since: number): Promise<string> {
  const mail = await waitForMail(email, { template: 'transfer-code', since });
  const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no 6-digit code in "${mail.subject}"`);
  return code;
}

/** A code that is certainly not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

export interface UsBankTransfer {
  bank: string;
  accountNumber: string;
  holder: string;
  amount: string;
  /** Required on every transfer form. */
  reference: string;
}

/** Fills the To US Bank form (the tab must be open). */
export async function fillUsBankForm(panel: Locator, transfer: UsBankTransfer) {
  await panel.getByLabel('Bank', { exact: true }).selectOption({ label: transfer.bank });
  await panel.getByLabel('Account number', { exact: true }).fill(transfer.accountNumber);
  await panel.getByLabel('Account holder name', { exact: true }).fill(transfer.holder);
  await panel.getByLabel('Amount', { exact: true }).fill(transfer.amount);
  await panel.getByLabel('Reference', { exact: true }).fill(transfer.reference);
}

/**
 * Opens To US Bank, fills the form and presses Continue (which e-mails a code when the transfer may
 * go); returns the panel and the moment just before, for `readTransferCode`.
 */
export async function continueUsBankTransfer(page: Page, transfer: UsBankTransfer) {
  const panel = await openTab(page, 'To US Bank');
  await fillUsBankForm(panel, transfer);
  const since = Date.now();
  await panel.getByRole('button', { name: 'Continue', exact: true }).click();
  return { panel, since };
}

/** Picks an option of a searchable list (Country, Currency) by typing `query`. */
export async function chooseOption(panel: Locator, label: string, query: string, option: string) {
  const box = panel.getByRole('combobox', { name: label, exact: true });
  await box.fill(query);
  await panel.getByRole('listbox', { name: label }).getByRole('option', { name: option, exact: true }).click();
  await expect.poll(() => box.inputValue()).toBe(option);
}

/** Fills the International form (the tab must be open). */
export async function fillInternationalForm(
  panel: Locator,
  transfer: {
    recipient: string;
    bank: string;
    swift: string;
    accountNumber: string;
    amount: string;
    reference: string;
  },
) {
  await panel.getByLabel('Recipient name', { exact: true }).fill(transfer.recipient);
  await panel.getByLabel('Bank name', { exact: true }).fill(transfer.bank);
  await panel.getByLabel('SWIFT/BIC', { exact: true }).fill(transfer.swift);
  await panel.getByLabel('Account number', { exact: true }).fill(transfer.accountNumber);
  await chooseOption(panel, 'Country', 'port', 'Portugal (PT)');
  await chooseOption(panel, 'Currency', 'EUR', 'Euro (EUR)');
  await panel.getByLabel('Amount (USD)', { exact: true }).fill(transfer.amount);
  await panel.getByLabel('Reference', { exact: true }).fill(transfer.reference);
}
