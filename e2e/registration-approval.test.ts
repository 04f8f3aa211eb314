import { messages } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, hasHorizontalScroll, headingText, screenshot, visit } from './support/browser';
import { expectFlash, openVerifyDialog } from './support/console';
import {
  fieldError,
  newPerson,
  pathname,
  pngFile,
  signIn,
  signInAsStaff,
  unexpectedErrors,
  waitForMail,
} from './support/identity';

const r = messages.registration;

/** The application form's controls, by the labels the applicant reads. */
const control = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function fillApplication(
  page: Page,
  person: { email: string; password: string; firstName: string; lastName: string },
) {
  await control(page, 'Email').fill(person.email);
  await control(page, 'Password').fill(person.password);
  await control(page, 'Confirm password').fill(person.password);
  await control(page, 'First name').fill(person.firstName);
  await control(page, 'Last name').fill(person.lastName);
  await control(page, 'Date of birth').fill('1990-04-12');
  await control(page, 'Nationality').fill('American');
  await control(page, 'Marital status').selectOption('Married');
  await control(page, 'Street address').fill('7 Wharf Street');
  await control(page, 'City').fill('Portland');
  await control(page, 'State').fill('ME');
  await control(page, 'Postal code').fill('04101');
  await control(page, 'Country').fill('United States');
  await control(page, 'Phone number').fill('(207) 555-0142');
  await control(page, 'Alternative email (optional)').fill(`alt-${person.email}`);
  await control(page, 'Name').fill('Robin Example');
  await control(page, 'Relationship').fill('Sibling');
  await control(page, 'Phone').fill('(207) 555-0143');
  await control(page, 'ID type').selectOption("Driver's License");
  await control(page, 'ID number').fill('D7654321');
  await control(page, 'Upload your ID').setInputFiles(await pngFile('id-card.png'));
}

browserSuite('[REGISTRATION]: applying, staff approval and the first sign-in', (browser) => {
  test(
    '[REGISTRATION]: at 390 px an empty, short-password or ' +
      'mismatched application shows the field errors and sends nothing',
    async () => {
      const { page, errors } = await browser.open(MOBILE);
      const posts: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST') posts.push(request.url());
      });
      await visit(page, '/signup');
      await expect.poll(() => headingText(page)).toBe('Become a member');
      const submit = page.getByRole('button', { name: 'Create Account' });

      await submit.click();
      expect(await fieldError(page, control(page, 'Email'))).toContain(r.required('Email'));
      expect(await fieldError(page, control(page, 'Password'))).toContain(r.required('Password'));
      expect(await fieldError(page, control(page, 'First name'))).toContain(r.required('First name'));
      expect(await fieldError(page, control(page, 'Marital status'))).toContain(r.required('Marital status'));
      expect(await fieldError(page, control(page, 'Upload your ID'))).toContain(r.documentRequired);
      await screenshot(page, 'signup-errors');
      expect(await hasHorizontalScroll(page), 'no sideways scrolling on a phone').toBe(false);

      await control(page, 'Password').fill('short');
      await control(page, 'Confirm password').fill('short');
      await submit.click();
      await expect
        .poll(() => fieldError(page, control(page, 'Password')))
        .toContain('Password should be at least 8 characters long.');

      // The whole-form rule (the two passwords agree) is checked once the fields themselves are valid.
      await fillApplication(page, newPerson('mismatch'));
      await control(page, 'Confirm password').fill('harbor-lantern-canoe');
      await submit.click();
      await expect.poll(() => fieldError(page, control(page, 'Confirm password'))).toContain('Passwords do not match');
      expect(await control(page, 'Password').getAttribute('aria-invalid'), 'the long password is fine').toBeNull();
      await screenshot(page, 'signup-mismatch');

      expect(posts, 'an invalid application must not reach the API').toEqual([]);
      expect(pathname(page)).toBe('/signup');
      expect(errors).toEqual([]);
    },
  );

  test(
    '[REGISTRATION]: apply in the browser, staff approve, ' +
      'and the new member signs in to a Checking and a Savings account',
    async () => {
      const person = newPerson('signup', 'Marisol');
      const name = `${person.firstName} ${person.lastName}`;
      const applicant = await browser.open(DESKTOP);
      const { page } = applicant;

      // 1. The application, every section filled in and an ID image attached.
      await visit(page, '/signup');
      await fillApplication(page, person);
      await page.getByText('id-card.png').waitFor({ state: 'visible' });
      await screenshot(page, 'signup-filled');
      const appliedAt = Date.now();
      const sent = page.waitForResponse((response) => response.url().endsWith('/api/registrations'));
      await page.getByRole('button', { name: 'Create Account' }).click();
      expect((await sent).status()).toBe(201);
      await page.waitForURL((url) => url.pathname === '/registration-success');
      await expect.poll(() => headingText(page)).toBe('Application received');
      await screenshot(page, 'registration-received');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'registration-received');
      await page.setViewportSize(DESKTOP);

      const received = await waitForMail(person.email, { template: 'application-received', since: appliedAt });
      expect(received.subject).toMatch(/^We received your application/);

      // 2. Before a decision the applicant's home is the pending page.
      await signIn(page, person.email, person.password);
      expect(pathname(page)).toBe('/pending-approval');
      await expect.poll(() => headingText(page)).toBe('Your account is under review');
      await screenshot(page, 'pending-approval');
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/login');

      // 3. Staff find the application under "Pending Review" and approve it with the checklist ticked.
      const staff = await signInAsStaff(browser);
      expect(pathname(staff.page)).toBe('/admin');
      await staff.page.getByRole('tab', { name: /^Pending Review/ }).click();
      await staff.page.waitForURL((url) => url.searchParams.get('filter') === 'pending');
      const row = staff.page.getByRole('tabpanel').getByRole('button').filter({ hasText: person.email });
      await row.click();
      await staff.page.getByRole('heading', { level: 2, name }).waitFor({ state: 'visible' });
      const dialog = await openVerifyDialog(staff.page);
      for (const check of ['Identity verified', 'Address verified', 'Employment verified', 'Income verified']) {
        await dialog.getByRole('checkbox', { name: check }).check();
      }
      await screenshot(staff.page, 'admin-verify-user');
      const approvedAt = Date.now();
      await dialog.getByRole('button', { name: 'Approve' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectFlash(staff.page, messages.admin.approved(name));
      await staff.page.getByRole('button', { name: 'Verify User' }).waitFor({ state: 'detached' });
      await screenshot(staff.page, 'admin-approved');
      await staff.page.setViewportSize(MOBILE);
      await screenshot(staff.page, 'admin-approved');

      const approval = await waitForMail(person.email, { template: 'application-approved', since: approvedAt });
      expect(approval.subject).toContain('your membership is approved');

      // 4. The member's first real sign-in: the e-mailed code, then the dashboard with two empty accounts.
      await signIn(page, person.email, person.password);
      expect(pathname(page)).toBe('/dashboard');
      await expect.poll(() => headingText(page)).toBe(`Welcome back, ${person.firstName}`);
      const cards = page.getByTestId('account-card');
      await expect.poll(() => cards.count()).toBe(2);
      for (const type of ['Checking', 'Savings']) {
        const card = cards.filter({ has: page.getByRole('heading', { name: new RegExp(`^${type}`) }) });
        expect(await card.count(), `one ${type} account`).toBe(1);
        expect(await card.innerText()).toContain('$0.00');
      }
      await screenshot(page, 'dashboard-new-member');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'dashboard-new-member');
      expect(await hasHorizontalScroll(page), 'dashboard fits a phone').toBe(false);

      expect(unexpectedErrors(applicant.errors)).toEqual([]);
      expect(unexpectedErrors(staff.errors)).toEqual([]);
    },
    120_000,
  );
});
