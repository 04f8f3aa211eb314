import { type UserList, messages, userFilterLabels, userFilters } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  browserSuite,
  e2e,
  hasHorizontalScroll,
  headingText,
  screenshot,
  viewportScreenshot,
} from './support/browser';
import { ALEX_EMAIL } from './support/bill-pay';
import { expectFlash, openConsole, openUserByEmail } from './support/console';
import {
  STAFF_EMAIL,
  applyViaApi,
  createMember,
  newPassword,
  pathname,
  signInAs,
  signInAsStaff,
  staffApi,
  unexpectedErrors,
  uniqueEmail,
} from './support/identity';

/** The rows of the list under the active tab (the table on wide screens). */
const rows = (page: Page) => page.getByRole('tabpanel').locator('tbody tr');
const tab = (page: Page, label: string) => page.getByRole('tab', { name: new RegExp(`^${label}`) });

async function search(page: Page, text: string) {
  await page.getByLabel('Search users').fill(text);
  await page.waitForURL((url) => (url.searchParams.get('q') ?? '') === text);
  await page.waitForLoadState('networkidle');
}

browserSuite('[ADMIN]: the staff console', (browser) => {
  test('[ADMIN]: the filter tabs show the counts the API reports, and each tab lists that many people', async () => {
    const { page, errors } = await signInAsStaff(browser);
    expect(pathname(page)).toBe('/admin');
    expect(await headingText(page)).toBe('Admin Dashboard');
    const { counts } = await (await staffApi.session()).request<UserList>('GET', '/api/admin/users?filter=all');

    for (const filter of userFilters) {
      const label = userFilterLabels[filter];
      await expect
        .poll(() => page.getByRole('tab', { name: `${label} (${counts[filter]})`, exact: true }).count(), {
          message: label,
        })
        .toBe(1);
      await tab(page, label).click();
      // The chosen tab lives in the address (?filter=), so it is selected once the router has moved.
      await expect
        .poll(() => tab(page, label).getAttribute('aria-selected'), { message: `${label} selected` })
        .toBe('true');
      await expect.poll(() => rows(page).count(), { message: `rows under ${label}` }).toBe(counts[filter]);
    }
    expect(counts.pending, 'the seed has applicants waiting').toBeGreaterThan(0);
    expect(counts.all).toBe(counts.pending + counts.approved + counts.rejected);
    await tab(page, userFilterLabels.all).click();
    await screenshot(page, 'admin-console');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'admin-console');
    expect(await hasHorizontalScroll(page), 'the console fits a phone').toBe(false);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('[ADMIN]: searching by e-mail narrows the list to the matching people', async () => {
    const first = await applyViaApi('search');
    const second = await applyViaApi('search');
    const { page, errors } = await signInAsStaff(browser);
    const { counts } = await (await staffApi.session()).request<UserList>('GET', '/api/admin/users?filter=all');
    const everyone = counts.all;
    await expect.poll(() => rows(page).count(), { message: 'everyone listed before searching' }).toBe(everyone);

    await search(page, first.email);
    await expect.poll(() => rows(page).count()).toBe(1);
    expect(await rows(page).first().innerText()).toContain(first.email);

    // "e2e-search-" is shared by both applicants of this test (and earlier runs' ones, if any).
    await search(page, 'e2e-search-');
    await expect
      .poll(() => rows(page).allInnerTexts())
      .toEqual(expect.arrayContaining([expect.stringContaining(first.email), expect.stringContaining(second.email)]));
    expect(await rows(page).count()).toBeLessThan(everyone);

    await search(page, 'no-such-person-anywhere');
    await page.getByText('No users match “no-such-person-anywhere”.').waitFor({ state: 'visible' });
    expect(await rows(page).count()).toBe(0);

    await search(page, '');
    await expect.poll(() => rows(page).count()).toBe(everyone);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test(
    '[ADMIN]: "Create New User" with a joint holder makes ' + 'an approved member; the same e-mail again is refused',
    async () => {
      const email = uniqueEmail('created');
      const name = 'Harper Quill';
      const password = newPassword();
      const { page, errors } = await signInAsStaff(browser);

      const fill = async () => {
        const dialog = page.getByRole('dialog', { name: 'Create New User' });
        await page.getByRole('button', { name: 'Create New User' }).click();
        await dialog.waitFor({ state: 'visible' });
        const field = (label: string) => dialog.getByLabel(label, { exact: true });
        await field('Name').fill(name);
        await field('Email').fill(email);
        await field('Phone').fill('(207) 555-0177');
        await field('Password').fill(password);
        await field('Role').selectOption({ label: 'User' });
        await field('Street').fill('3 Lighthouse Road');
        await field('City').fill('Rockland');
        await field('State').fill('ME');
        await field('ZIP code').fill('04841');
        await dialog.getByRole('checkbox', { name: 'Joint account' }).check();
        await field('Joint holder name').fill('Sky Quill');
        await field('Joint holder email').fill(uniqueEmail('joint'));
        await field('Joint holder phone').fill('(207) 555-0178');
        return dialog;
      };

      // Slow the create call down a little, so the busy state can be seen.
      await page.route('**/api/admin/users', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });

      let dialog = await fill();
      await screenshot(page, 'admin-create-user');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'admin-create-user');
      await page.setViewportSize(DESKTOP);
      await dialog.getByRole('button', { name: 'Create User' }).click();
      const busy = dialog.getByRole('button', { name: 'Creating...' });
      await busy.waitFor({ state: 'visible' });
      expect(await busy.isDisabled()).toBe(true);
      await dialog.waitFor({ state: 'detached' });
      await expectFlash(page, messages.admin.userCreated(email));
      await page.getByRole('heading', { level: 2, name, exact: true }).waitFor({ state: 'visible' });

      for (const label of [userFilterLabels.approved, userFilterLabels.all]) {
        await tab(page, label).click();
        await search(page, email);
        await expect.poll(() => rows(page).count(), { message: label }).toBe(1);
        const row = await rows(page).first().innerText();
        expect(row).toContain(email);
        expect(row).toContain('Approved');
        expect(row).toContain('Created by staff');
        expect(row).toContain('Joint');
      }
      await screenshot(page, 'admin-user-created');

      // The same e-mail again.
      dialog = await fill();
      await dialog.getByRole('button', { name: 'Create User' }).click();
      const refusal = dialog.getByRole('alert').filter({ hasText: 'Failed to create user' });
      await refusal.waitFor({ state: 'visible' });
      expect(await refusal.innerText()).toBe('Failed to create user: An account with this email already exists.');
      expect(await dialog.isVisible(), 'the dialog stays open to fix the e-mail').toBe(true);
      await screenshot(page, 'admin-create-user-duplicate');
      expect(unexpectedErrors(errors, 409)).toEqual([]);

      // The new member can sign in straight away and sees the joint account.
      const member = await signInAs(browser, { email, password });
      expect(pathname(member.page)).toBe('/dashboard');
      expect(await member.page.getByTestId('joint-account-marker').innerText()).toContain(
        'Joint Account with Sky Quill',
      );
      expect(unexpectedErrors(member.errors)).toEqual([]);
    },
    90_000,
  );
});

browserSuite('[ADMIN]: the member detail and Create New User at desktop and phone widths', (browser) => {
  const titles = [
    'Personal Information',
    'Address',
    'Contact Information',
    'Emergency Contact',
    'Accounts',
    'Transfer Hold',
    'Identification Document',
    'Transactions',
    'Statements',
    'Review History',
    'Security',
    'Activity log',
  ];
  const boxOf = async (page: Page, title: string) => {
    const box = await page.getByRole('region', { name: title, exact: true }).boundingBox();
    if (!box) throw new Error(`${title} is not displayed`);
    return box;
  };

  test(
    '[ADMIN]: at 1280 px the profile sits beside the accounts and hold, the transaction table across; ' +
      'at 390 px one column, every section still there',
    async () => {
      const member = await createMember('layout', 'Rowan');
      // A row for the transaction table to show.
      await staffApi.setBalance((await staffApi.lookup(member.email)).id, 'Checking', '120.00', 'Opening cash');
      const { page, errors } = await openConsole(browser, DESKTOP);
      const name = `${member.firstName} ${member.lastName}`;
      await openUserByEmail(page, member.email, name);
      await page.getByTestId('staff-transaction-row').first().waitFor({ state: 'visible' });

      const profile = await boxOf(page, 'Personal Information');
      const accounts = await boxOf(page, 'Accounts');
      expect(accounts.x, 'Accounts to the right of Personal Information').toBeGreaterThan(profile.x + profile.width);
      expect(Math.abs(accounts.y - profile.y), 'both at the top of the two columns').toBeLessThan(2);
      const hold = await boxOf(page, 'Transfer Hold');
      expect(hold.x).toBe(accounts.x);
      // Under the accounts, still beside the profile (above its last section).
      expect(hold.y).toBeGreaterThan(accounts.y + accounts.height);
      expect(hold.y).toBeLessThan((await boxOf(page, 'Emergency Contact')).y);
      // The transactions as a table (not the phone's cards), as wide as the detail.
      const detail = await page.getByRole('article', { name }).boundingBox();
      const transactions = await boxOf(page, 'Transactions');
      expect(Math.round(transactions.width)).toBe(Math.round(detail?.width ?? 0));
      expect(await page.getByTestId('staff-transaction-card').filter({ visible: true }).count()).toBe(0);
      expect(await hasHorizontalScroll(page), 'the console fits 1280 px').toBe(false);
      await screenshot(page, 'admin-member-detail');

      // A member with months of history: the statements too are a table that fits the detail.
      await openUserByEmail(page, ALEX_EMAIL, 'Alex Morgan');
      await page.getByTestId('staff-statement-row').first().waitFor({ state: 'visible' });
      expect(await hasHorizontalScroll(page), 'Alex Morgan’s detail fits 1280 px').toBe(false);
      await openUserByEmail(page, member.email, name);

      await page.setViewportSize(MOBILE);
      const left = Math.round((await boxOf(page, 'Personal Information')).x);
      let bottom = 0;
      for (const title of titles) {
        const box = await boxOf(page, title);
        expect(Math.round(box.x), `${title} in the one column`).toBe(left);
        expect(box.y, `${title} below the section before it`).toBeGreaterThanOrEqual(bottom);
        bottom = box.y + box.height;
      }
      expect(await hasHorizontalScroll(page), 'the console fits a phone').toBe(false);
      await screenshot(page, 'admin-member-detail');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
    60_000,
  );

  test('[ADMIN]: Create New User left empty says what the API says; Admin is offered no joint account', async () => {
    const { page, errors } = await openConsole(browser, DESKTOP);
    await page.getByRole('button', { name: 'Create New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await dialog.getByRole('checkbox', { name: 'Joint account' }).check();
    await dialog.getByRole('button', { name: 'Create User' }).click();

    const labels: Record<string, string> = {
      name: 'Name',
      email: 'Email',
      phone: 'Phone',
      password: 'Password',
      'address.street': 'Street',
      'address.city': 'City',
      'address.state': 'State',
      'address.zipCode': 'ZIP code',
      'jointAccountHolder.name': 'Joint holder name',
      'jointAccountHolder.email': 'Joint holder email',
      'jointAccountHolder.phone': 'Joint holder phone',
    };
    const shown: Record<string, string> = {};
    for (const [key, label] of Object.entries(labels)) {
      const error = dialog.locator(`[id="create-${key.replace('.', '-')}-error"]`);
      await error.waitFor({ state: 'visible' });
      shown[key] = await error.innerText();
      expect(shown[key], label).toBe(messages.registration.required(label));
    }
    const answer = await page.request.post('/api/admin/users', {
      headers: { origin: e2e.baseUrl },
      data: {
        name: '',
        email: '',
        phone: '',
        password: '',
        role: 'user',
        address: { street: '', city: '', state: '', zipCode: '' },
        isJointAccount: true,
        jointAccountHolder: { name: '', email: '', phone: '' },
      },
    });
    expect(answer.status()).toBe(400);
    expect(((await answer.json()) as { fields: Record<string, string> }).fields).toEqual(shown);
    await viewportScreenshot(page, 'admin-create-user-empty');

    await dialog.getByLabel('Role', { exact: true }).selectOption({ label: 'Admin' });
    expect(await dialog.getByRole('checkbox', { name: 'Joint account' }).count()).toBe(0);
    expect(await dialog.getByLabel('Checking balance').count()).toBe(0);
    await page.setViewportSize(MOBILE);
    await viewportScreenshot(page, 'admin-create-user-admin');
    expect(unexpectedErrors(errors, 400)).toEqual([]);
  });
});

browserSuite('[ADMIN]: member messages', (browser) => {
  test(
    '[ADMIN]: a message sent through the contact form ' + 'reaches the staff inbox and can be marked handled',
    async () => {
      const marker = `Inbox check ${uniqueEmail('inbox')}`;
      const sent = await fetch(`${e2e.baseUrl}/api/contact-messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: e2e.baseUrl },
        body: JSON.stringify({ name: 'Robin Inbox', email: uniqueEmail('inbox'), subject: 'loan', message: marker }),
      });
      expect(sent.status).toBe(201);

      const { page, errors } = await signInAsStaff(browser);
      const message = page.getByRole('article').filter({ hasText: marker });
      await expect.poll(() => message.count(), { message: 'the message is listed under Open' }).toBe(1);
      await screenshot(page, 'admin-member-messages');
      await message.getByRole('button', { name: 'Mark as handled' }).click();
      await expect.poll(() => message.count(), { message: 'it leaves the Open list' }).toBe(0);

      await page.getByRole('tab', { name: /^Handled/ }).click();
      const handled = page.getByRole('article').filter({ hasText: marker });
      await expect.poll(() => handled.count()).toBe(1);
      expect(await handled.innerText()).toContain(STAFF_EMAIL);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );
});
