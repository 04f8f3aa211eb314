import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, MOBILE, type Viewport, browserSuite, e2e, visit } from './support/browser';
import {
  type ApiSession,
  applyViaApi,
  apiSignIn,
  createMember,
  loginField,
  staffApi,
  submitCredentials,
} from './support/identity';
import { publicPages } from './support/pages';

browserSuite('[ACCESSIBILITY]: axe-core WCAG 2.1 AA', (browser) => {
  const pages = [...publicPages.map(({ path }) => path), '/no-such-page', '/dev/mailbox'];

  // The mailbox is checked with a message open (list and viewer), whatever ran before.
  beforeAll(async () => {
    const response = await fetch(new URL('/api/contact-messages', e2e.baseUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: e2e.baseUrl },
      body: JSON.stringify({ name: 'Axe Check', email: 'axe@example.com', subject: 'general', message: 'Hello' }),
    });
    expect(response.status).toBe(201);
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    for (const path of pages) {
      test(`[ACCESSIBILITY]: ${path} at ${viewport.width} px has no serious or critical violations`, async () => {
        const { page } = await browser.open(viewport);
        // Final figures rather than mid-animation counters, so colour checks see the real page.
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await visit(page, path);
        const mailbox = path === '/dev/mailbox';
        if (mailbox) await page.getByTestId('mail-item').first().waitFor({ state: 'visible' });
        const violations = await seriousViolations(page, { skipFrames: mailbox });
        expect(violations, `axe found on ${path}:\n${violations.join('\n')}`).toEqual([]);
      });
    }
  }

  // Signed-in pages, each checked once its data has arrived.
  const sessions: Partial<Record<'member' | 'staff' | 'applicant', ApiSession>> = {};
  beforeAll(async () => {
    const member = await createMember('axe', 'Axel');
    const applicant = await applyViaApi('axe-applicant', 'Ada');
    await staffApi.requestInfo(applicant.email, 'Please send a recent utility bill showing your address.');
    sessions.member = await apiSignIn(member.email, member.password);
    sessions.applicant = await apiSignIn(applicant.email, applicant.password);
    sessions.staff = await staffApi.session();
  });

  // The member's money screens are checked with the money browser tests (accessibility-money.test.ts).
  const signedInPages = [
    { path: '/admin', who: 'staff', ready: (page: Page) => page.getByRole('tabpanel').getByRole('button').first() },
    {
      path: '/pending-approval',
      who: 'applicant',
      ready: (page: Page) => page.getByLabel('Your answer', { exact: true }),
    },
  ] as const;

  /** A page whose browser starts out signed in as `who` (cookies from an API sign-in). */
  async function openSignedIn(who: keyof typeof sessions, viewport: Viewport = DESKTOP) {
    const session = sessions[who];
    if (!session) throw new Error(`no ${who} session`);
    const opened = await browser.openSignedIn(session, viewport);
    await opened.page.emulateMedia({ reducedMotion: 'reduce' });
    return opened.page;
  }

  for (const viewport of [DESKTOP, MOBILE]) {
    for (const { path, who, ready } of signedInPages) {
      test(
        `[ACCESSIBILITY]: ${path} signed in as ${who} at ` +
          `${viewport.width} px has no serious or critical violations`,
        async () => {
          const page = await openSignedIn(who, viewport);
          await visit(page, path);
          expect(new URL(page.url()).pathname).toBe(path);
          await ready(page).waitFor({ state: 'visible' });
          const violations = await seriousViolations(page);
          expect(violations, `axe found on ${path}:\n${violations.join('\n')}`).toEqual([]);
        },
      );
    }
  }

  test('[ACCESSIBILITY]: the open Profile Settings and Account Settings dialogs', async () => {
    const page = await openSignedIn('member', MOBILE);
    await visit(page, '/dashboard');
    for (const item of ['Profile Settings', 'Account Settings']) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('button', { name: item }).click();
      const dialog = page.getByRole('dialog', { name: item });
      await dialog
        .getByRole('button', { name: /^(Save changes|Save)$/ })
        .first()
        .waitFor({ state: 'visible' });
      const violations = await seriousViolations(page);
      expect(violations, `axe found in ${item}:\n${violations.join('\n')}`).toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }
  });

  test('[ACCESSIBILITY]: the staff Create New User and Verify User dialogs', async () => {
    const page = await openSignedIn('staff');
    await visit(page, '/admin');
    await page.getByRole('button', { name: 'Create New User' }).click();
    await page.getByRole('dialog', { name: 'Create New User' }).getByRole('button', { name: 'Create User' }).click();
    await page.getByRole('dialog').getByRole('alert').first().waitFor({ state: 'visible' });
    let violations = await seriousViolations(page);
    expect(violations, `axe found in Create New User:\n${violations.join('\n')}`).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: /^Pending Review/ }).click();
    await page.getByRole('tabpanel').locator('tbody tr').first().getByRole('button').click();
    await page.getByRole('button', { name: 'Verify User' }).click();
    await page.getByRole('dialog', { name: 'Verify User' }).getByRole('button', { name: 'Reject' }).click();
    violations = await seriousViolations(page);
    expect(violations, `axe found in Verify User:\n${violations.join('\n')}`).toEqual([]);
  });

  test('[ACCESSIBILITY]: sign-in step 2 with a wrong code refused', async () => {
    const member = await createMember('axe-code');
    const { page } = await browser.open(MOBILE);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await submitCredentials(page, member.email, member.password);
    await loginField.code(page).fill('000000');
    await loginField.verify(page).click();
    await page.getByRole('alert').first().waitFor({ state: 'visible' });
    const violations = await seriousViolations(page);
    expect(violations, `axe found on sign-in step 2:\n${violations.join('\n')}`).toEqual([]);
  });

  test('[ACCESSIBILITY]: the contact form with its errors showing, and the open mobile menu', async () => {
    const { page } = await browser.open(MOBILE);
    await visit(page, '/contact');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByRole('alert').first().waitFor({ state: 'visible' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor({ state: 'visible' });
    const violations = await seriousViolations(page);
    expect(violations, `axe found:\n${violations.join('\n')}`).toEqual([]);
  });
});
