import { messages } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  browserSuite,
  expectStatus,
  hasHorizontalScroll,
  headingText,
  screenshot,
  visit,
} from './support/browser';
import {
  createMember,
  loginField,
  newPassword,
  openAccountMenuItem,
  pathname,
  readResetLink,
  readSignInCode,
  signIn,
  signInAs,
  submitCode,
  submitCredentials,
  unexpectedErrors,
  waitForHome,
} from './support/identity';

const alertText = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });

browserSuite('[AUTH]: two-step sign-in, password reset, guards and sign-out', (browser) => {
  test('[AUTH]: a wrong password or an unknown e-mail gets the same refusal and no code step', async () => {
    const member = await createMember('wrong-password');
    const { page, errors } = await browser.open(DESKTOP);
    await visit(page, '/login');
    expect(await headingText(page)).toBe('Sign in to Online Banking');
    await screenshot(page, 'login-step-1');

    for (const [email, password] of [
      [member.email, 'not-the-password-at-all'],
      [`nobody-${member.email}`, member.password],
    ] as const) {
      await loginField.email(page).fill(email);
      await loginField.password(page).fill(password);
      await loginField.signIn(page).click();
      await alertText(page, messages.auth.signInFailed).waitFor({ state: 'visible' });
      expect(await alertText(page, 'Failed to sign in. Please check your credentials.').count()).toBe(1);
      expect(await loginField.code(page).count(), 'no step 2').toBe(0);
      expect(await loginField.password(page).inputValue(), 'the password box is emptied').toBe('');
    }
    await screenshot(page, 'login-wrong-password');
    expect(unexpectedErrors(errors, 401)).toEqual([]);
  });

  for (const viewport of [DESKTOP, MOBILE]) {
    test(
      `[AUTH]: at ${viewport.width} px step 2 takes 6 digits only, ` +
        'refuses a wrong code, and "Back" starts over with the code cleared',
      async () => {
        const member = await createMember('code-step');
        const { page, errors } = await browser.open(viewport);
        const since = await submitCredentials(page, member.email, member.password);
        const code = loginField.code(page);
        const verify = loginField.verify(page);
        for (const name of ['Back', 'Use a backup code', 'Resend code']) {
          expect(await page.getByRole('button', { name, exact: true }).isVisible(), name).toBe(true);
        }

        expect(await verify.isDisabled(), 'disabled while empty').toBe(true);
        await code.pressSequentially('12ab3-4');
        expect(await code.inputValue(), 'non-digits are dropped').toBe('1234');
        expect(await verify.isDisabled(), 'disabled with 4 digits').toBe(true);
        await code.pressSequentially('5678');
        expect(await code.inputValue(), 'at most 6 digits').toBe('123456');
        expect(await verify.isEnabled()).toBe(true);
        await screenshot(page, 'login-step-2');
        expect(await hasHorizontalScroll(page)).toBe(false);

        // A wrong code (the real one plus one, so it cannot be right by chance).
        const real = await readSignInCode(member.email, since);
        const wrong = String((Number(real) + 1) % 1_000_000).padStart(6, '0');
        await code.fill(wrong);
        await verify.click();
        await alertText(page, messages.auth.otpInvalid).waitFor({ state: 'visible' });
        expect(await alertText(page, 'Invalid OTP. Please try again.').count()).toBe(1);
        expect(await code.inputValue(), 'the wrong code is cleared').toBe('');
        expect(pathname(page)).toBe('/login');
        await screenshot(page, 'login-wrong-code');

        // Back to step 1: the e-mail is kept, the password must be typed again.
        await code.fill(real.slice(0, 3));
        await page.getByRole('button', { name: 'Back', exact: true }).click();
        await loginField.password(page).waitFor({ state: 'visible' });
        expect(await code.count()).toBe(0);
        expect(await loginField.email(page).inputValue()).toBe(member.email);
        expect(await loginField.password(page).inputValue()).toBe('');

        // Coming back to step 2 starts with an empty code box, and the new e-mailed code works.
        const again = await submitCredentials(page, member.email, member.password);
        expect(await code.inputValue()).toBe('');
        expect(await verify.isDisabled()).toBe(true);
        await submitCode(page, await readSignInCode(member.email, again));
        await waitForHome(page);
        expect(pathname(page)).toBe('/dashboard');
        expect(unexpectedErrors(errors, 401)).toEqual([]);
      },
    );
  }

  test('[AUTH]: "Resend code" e-mails a new code and the old one stops working', async () => {
    const member = await createMember('resend');
    const { page, errors } = await browser.open(DESKTOP);
    const since = await submitCredentials(page, member.email, member.password);
    const first = await readSignInCode(member.email, since);
    const resentAt = Date.now();
    await page.getByRole('button', { name: 'Resend code', exact: true }).click();
    await expectStatus(page, messages.auth.codeSent);
    const second = await readSignInCode(member.email, resentAt);

    if (first !== second) {
      await submitCode(page, first);
      await alertText(page, messages.auth.otpInvalid).waitFor({ state: 'visible' });
    }
    await submitCode(page, second);
    await waitForHome(page);
    expect(pathname(page)).toBe('/dashboard');
    expect(unexpectedErrors(errors, 401)).toEqual([]);
  });

  test(
    '[AUTH]: "Remember me" keeps the e-mail (never the ' + 'password) after a reload, and unticking forgets it',
    async () => {
      const member = await createMember('remember');
      const { page, errors } = await browser.open(DESKTOP);
      await visit(page, '/login');
      const remember = page.getByRole('checkbox', { name: 'Remember me' });
      expect(await remember.isChecked()).toBe(false);
      await remember.check();
      await submitCredentials(page, member.email, member.password);

      await visit(page, '/login');
      expect(await loginField.email(page).inputValue()).toBe(member.email);
      expect(await loginField.password(page).inputValue()).toBe('');
      expect(await remember.isChecked()).toBe(true);
      const stored = await page.evaluate(() => JSON.stringify({ ...window.localStorage }));
      expect(stored).not.toContain(member.password);

      await remember.uncheck();
      await page.reload();
      await loginField.email(page).waitFor({ state: 'visible' });
      expect(await loginField.email(page).inputValue()).toBe('');
      expect(await remember.isChecked()).toBe(false);
      expect(errors).toEqual([]);
    },
  );

  test('[AUTH]: forgot password → e-mailed link → new password → sign-in with it still asks for a code', async () => {
    const member = await createMember('reset');
    const { page, errors } = await browser.open(DESKTOP);
    await visit(page, '/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL((url) => url.pathname === '/forgot-password');
    // The page's code loads when it is opened: until it arrives the sign-in page stays up.
    await expect.poll(() => headingText(page)).toBe('Reset your password');
    await page.getByLabel('Email', { exact: true }).fill(member.email);
    const askedAt = Date.now();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const sent = page.getByRole('status').filter({ hasText: messages.auth.resetRequested });
    await sent.waitFor({ state: 'visible' });
    await screenshot(page, 'forgot-password-sent');

    const link = await readResetLink(member.email, askedAt);
    await visit(page, link);
    expect(await headingText(page)).toBe('Choose a new password');
    const password = newPassword();
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expectStatus(page, messages.auth.resetDone);
    await screenshot(page, 'reset-password-done');

    // The link works once.
    await visit(page, link);
    await page.getByLabel('New password', { exact: true }).fill(`${password}-again`);
    await page.getByLabel('Confirm new password', { exact: true }).fill(`${password}-again`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await alertText(page, messages.auth.resetInvalid).waitFor({ state: 'visible' });

    // The old password no longer works; the new one does, and a code is still asked for.
    await visit(page, '/login');
    await loginField.email(page).fill(member.email);
    await loginField.password(page).fill(member.password);
    await loginField.signIn(page).click();
    await alertText(page, messages.auth.signInFailed).waitFor({ state: 'visible' });
    await signIn(page, member.email, password);
    expect(pathname(page)).toBe('/dashboard');
    expect(unexpectedErrors(errors, 400, 401)).toEqual([]);
  });

  test(
    '[AUTH]: staff pages and the dashboard send a signed-out ' +
      'visitor to /login, and staff pages send a member there too',
    async () => {
      const { page, errors } = await browser.open(DESKTOP);
      for (const path of ['/admin', '/admin/reset-transfers', '/dashboard']) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/login');
        expect(await headingText(page), `${path} signed out`).toBe('Sign in to Online Banking');
      }

      const member = await createMember('guards');
      await signIn(page, member.email, member.password);
      for (const path of ['/admin', '/admin/reset-transfers']) {
        await page.goto(path);
        await page.waitForURL((url) => url.pathname === '/login');
        expect(await headingText(page), `${path} as a member`).toBe('Sign in to Online Banking');
        expect(await page.getByText('Admin Dashboard').count(), 'no staff content shown').toBe(0);
      }
      await page.goto('/dashboard');
      await waitForHome(page);
      expect(pathname(page), 'the member may open their own dashboard').toBe('/dashboard');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  for (const viewport of [DESKTOP, MOBILE]) {
    test(
      `[AUTH]: at ${viewport.width} px "Sign out" in the ` + 'account menu ends the session and goes to /login',
      async () => {
        const member = await createMember('sign-out');
        const { page, errors } = await signInAs(browser, member, viewport);
        // The app leaves the dashboard first, then ends the session: wait for that call's answer.
        const signedOut = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/auth/sign-out');
        await openAccountMenuItem(page, 'Sign out');
        await page.waitForURL((url) => url.pathname === '/login');
        await loginField.email(page).waitFor({ state: 'visible' });
        expect((await signedOut).ok()).toBe(true);

        const session = await page.evaluate(() => fetch('/api/auth/session').then((response) => response.json()));
        expect(session).toMatchObject({ user: null });
        await page.goto('/dashboard');
        await page.waitForURL((url) => url.pathname === '/login');
        expect(unexpectedErrors(errors)).toEqual([]);
      },
    );
  }

  test('[AUTH]: after "Sign out" the sign-in page says "You have been signed out."', async () => {
    const member = await createMember('signed-out-note');
    const { page, errors } = await signInAs(browser, member);
    await openAccountMenuItem(page, 'Sign out');
    await page.waitForURL((url) => url.pathname === '/login');
    const note = page.getByRole('status').filter({ hasText: messages.auth.signedOut });
    await note.waitFor({ state: 'visible' });
    expect(await note.innerText()).toBe('You have been signed out.');
    await screenshot(page, 'login-signed-out');
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
