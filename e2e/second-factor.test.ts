import { messages } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, screenshot } from './support/browser';
import { expectFlash, openUserByEmail } from './support/console';
import {
  createMember,
  loginField,
  mailsTo,
  nextTotpCode,
  openAccountMenuItem,
  pathname,
  signInAs,
  signInAsStaff,
  submitCode,
  submitCredentials,
  totpCode,
  totpStep,
  unexpectedErrors,
  waitForHome,
} from './support/identity';

/** Opens Account Settings from the account menu and shows one of its tabs. */
async function openSettingsTab(page: Page, tab: 'Notifications' | 'Security' | 'Password' | 'Sessions') {
  await openAccountMenuItem(page, 'Account Settings');
  const dialog = page.getByRole('dialog', { name: 'Account Settings' });
  await dialog.waitFor({ state: 'visible' });
  await dialog.getByRole('tab', { name: tab }).click();
  return dialog;
}

/** Step 1, then "Use a backup code" and the given code. */
async function signInWithBackupCode(page: Page, email: string, password: string, code: string) {
  await submitCredentials(page, email, password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code', { exact: true }).waitFor({ state: 'visible' });
  await submitCode(page, code);
}

browserSuite('[AUTH]: authenticator apps and backup codes', (browser) => {
  test(
    '[AUTH]: a member enrols an authenticator, sees 10 backup codes once, ' +
      'and then signs in with an app code and no e-mail',
    async () => {
      const member = await createMember('totp');
      const { page, errors } = await signInAs(browser, member);

      const dialog = await openSettingsTab(page, 'Security');
      expect(await dialog.getByTestId('two-factor-state').innerText()).toContain(
        'Sign-in codes are sent to your email',
      );
      await dialog.getByRole('button', { name: 'Set up authenticator app' }).click();
      const qr = dialog.getByRole('img', { name: 'QR code for your authenticator app' });
      await qr.waitFor({ state: 'visible' });
      expect(await qr.getAttribute('src')).toMatch(/^data:image\//);
      const secret = (await dialog.getByTestId('totp-secret').innerText()).trim();
      expect(secret.replace(/\s+/g, '')).toMatch(/^[A-Z2-7]{16,}$/);
      await screenshot(page, 'settings-totp-setup');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'settings-totp-setup');
      await page.setViewportSize(DESKTOP);

      const enrolStep = totpStep();
      await dialog.getByLabel('2. Enter the 6-digit code from the app').fill(totpCode(secret));
      await dialog.getByRole('button', { name: 'Turn on' }).click();
      const codesView = dialog.getByTestId('backup-codes');
      await codesView.waitFor({ state: 'visible' });
      expect(await codesView.getByRole('status').innerText()).toContain(messages.settings.totpEnabled);
      const codes = (
        await codesView.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()
      ).map((code) => code.trim());
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size, 'ten different codes').toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z0-9]{4}-?[a-z0-9]{6}$/i);
      await screenshot(page, 'settings-backup-codes');

      await dialog.getByRole('button', { name: 'I have saved these codes' }).click();
      await codesView.waitFor({ state: 'detached' });
      expect(await dialog.getByTestId('two-factor-state').innerText()).toContain(
        'On: you sign in with a code from your authenticator app.',
      );
      expect(await dialog.getByText('10 backup codes left').isVisible()).toBe(true);

      // Shown once: reopening the dialog does not show them again.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      const reopened = await openSettingsTab(page, 'Security');
      await reopened.getByTestId('two-factor-state').waitFor({ state: 'visible' });
      expect(await reopened.getByTestId('backup-codes').count()).toBe(0);
      for (const code of codes.slice(0, 3)) expect(await reopened.getByText(code).count()).toBe(0);
      await page.keyboard.press('Escape');

      // Signed out and back in: step 2 asks for the app's code and nothing is e-mailed.
      await openAccountMenuItem(page, 'Sign out');
      await page.waitForURL((url) => url.pathname === '/login');
      const since = await submitCredentials(page, member.email, member.password);
      expect(await page.getByText('Enter the 6-digit code from your authenticator app.').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Resend code', exact: true }).count(), 'nothing to resend').toBe(0);
      await page.waitForTimeout(1_000);
      expect(await mailsTo(member.email, { template: 'sign-in-code', since }), 'no code e-mailed').toEqual([]);
      await screenshot(page, 'login-step-2-authenticator');

      // The app's next code (the one used to enrol cannot be used again).
      await submitCode(page, await nextTotpCode(secret, enrolStep));
      await waitForHome(page);
      expect(pathname(page)).toBe('/dashboard');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
    90_000,
  );

  test('[AUTH]: a backup code issued by staff in "Manage OTPs" signs the member in once, and only once', async () => {
    const member = await createMember('backup');
    const name = `${member.firstName} ${member.lastName}`;

    // Staff look the member up and issue fresh backup codes.
    const staff = await signInAsStaff(browser);
    await openUserByEmail(staff.page, member.email, name);
    const manage = staff.page.getByRole('button', { name: 'Manage OTPs' });
    await manage.click();
    expect(await manage.getAttribute('aria-pressed')).toBe('true');
    const panel = staff.page.locator('#otp-panel-region');
    await panel.getByRole('heading', { name: 'Manage OTPs' }).waitFor({ state: 'visible' });
    await panel.getByRole('button', { name: 'Issue new backup codes' }).click();
    await panel.getByRole('button', { name: 'Issue codes' }).click();
    const list = panel.getByRole('list', { name: 'Backup codes' });
    await list.waitFor({ state: 'visible' });
    const codes = (await list.getByRole('listitem').allInnerTexts()).map((code) => code.trim());
    expect(codes).toHaveLength(10);
    await expectFlash(staff.page, messages.admin.backupCodesIssued);
    await screenshot(staff.page, 'admin-manage-otps');
    await staff.page.setViewportSize(MOBILE);
    await screenshot(staff.page, 'admin-manage-otps');
    const [code = ''] = codes;

    // The first use signs the member in.
    const { page, errors } = await browser.open(DESKTOP);
    await signInWithBackupCode(page, member.email, member.password, code);
    await waitForHome(page);
    expect(pathname(page)).toBe('/dashboard');
    await openAccountMenuItem(page, 'Sign out');
    await page.waitForURL((url) => url.pathname === '/login');

    // The same code again is refused.
    await signInWithBackupCode(page, member.email, member.password, code);
    const refusal = page.getByRole('alert').filter({ hasText: messages.auth.otpInvalid });
    await refusal.waitFor({ state: 'visible' });
    expect(await refusal.innerText()).toContain('Invalid OTP. Please try again.');
    expect(pathname(page)).toBe('/login');
    await screenshot(page, 'login-backup-code-reused');

    // Another of the codes still works.
    await loginField.code(page).fill(codes[1] ?? '');
    await loginField.verify(page).click();
    await waitForHome(page);
    expect(pathname(page)).toBe('/dashboard');
    expect(unexpectedErrors(errors, 401)).toEqual([]);
    expect(unexpectedErrors(staff.errors)).toEqual([]);
  }, 90_000);
});
