import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type BrowserPages, DESKTOP, type OpenedPage, type Viewport, visit } from './browser';
import { staffApi } from './identity';

/**
 * The staff console (/admin) as staff use it. Call with a page already signed in as staff and on
 * /admin.
 */

/** A browser signed in as the seeded staff member (the spec file's API session, so no extra sign-in). */
export async function openAsStaff(browser: BrowserPages, viewport: Viewport = DESKTOP): Promise<OpenedPage> {
  return browser.openSignedIn(await staffApi.session(), viewport);
}

/** A browser on /admin as the seeded staff member. */
export async function openConsole(browser: BrowserPages, viewport: Viewport = DESKTOP): Promise<OpenedPage> {
  const opened = await openAsStaff(browser, viewport);
  await visit(opened.page, '/admin');
  return opened;
}

/** Follows a link of the console's "Staff screens" navigation and waits for the screen's address. */
export async function openStaffScreen(page: Page, link: string, path: string) {
  await page.getByRole('navigation', { name: 'Staff screens' }).getByRole('link', { name: link }).click();
  await page.waitForURL((url) => url.pathname === path);
}

/** "Look up by e-mail" → the member's detail panel (its heading is their name). */
export async function openUserByEmail(page: Page, email: string, name: string) {
  await page.getByLabel('Look up by e-mail').fill(email);
  await page.getByRole('button', { name: 'Look up', exact: true }).click();
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor({ state: 'visible' });
}

/** Opens the selected applicant's "Verify User" modal. */
export async function openVerifyDialog(page: Page) {
  await page.getByRole('button', { name: 'Verify User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify User' });
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

/** The result banner of the last staff action. */
export async function expectFlash(page: Page, text: string) {
  const flash = page.getByTestId('admin-flash').filter({ hasText: text });
  await flash.waitFor({ state: 'visible' });
  expect(await flash.innerText()).toContain(text);
}
