import { messages } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, screenshot, visit } from './support/browser';
import {
  createMember,
  fieldError,
  loginField,
  newPassword,
  openAccountMenuItem,
  openMemberDialog,
  pathname,
  pngFile,
  signIn,
  signInAs,
  unexpectedErrors,
} from './support/identity';

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

const successIn = (page: Page, text: string) => page.getByRole('dialog').getByRole('status').filter({ hasText: text });

browserSuite('[PROFILE]: Profile Settings and Account Settings', (browser) => {
  test(
    '[PROFILE]: phone and city changes are saved and shown again, ' + 'and a new picture replaces the initials',
    async () => {
      const member = await createMember('profile', 'Rowan');
      const { page, errors } = await signInAs(browser, member);

      let dialog = await openMemberDialog(page, 'Profile Settings');
      expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe(member.email);
      expect(await dialog.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();
      await screenshot(page, 'profile-settings');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'profile-settings');
      await page.setViewportSize(DESKTOP);

      await dialog.getByLabel('Phone', { exact: true }).fill('(207) 555-0199');
      await dialog.getByLabel('City', { exact: true }).fill('Bar Harbor');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await successIn(page, messages.profile.updated).waitFor({ state: 'visible' });
      expect(await successIn(page, 'Profile updated successfully').count()).toBe(1);
      await closeDialog(page);

      // Saved on the server: a reload and a fresh dialog show the new values.
      await page.reload();
      dialog = await openMemberDialog(page, 'Profile Settings');
      expect(await dialog.getByLabel('Phone', { exact: true }).inputValue()).toBe('(207) 555-0199');
      expect(await dialog.getByLabel('City', { exact: true }).inputValue()).toBe('Bar Harbor');

      // The picture: initials before, an image after.
      const trigger = page.getByTestId('user-menu-trigger');
      expect(await trigger.locator('img').count(), 'initials before a picture').toBe(0);
      await dialog.getByLabel('Change picture').setInputFiles(await pngFile('me.png', '#c2410c'));
      await successIn(page, messages.profile.imageUpdated).waitFor({ state: 'visible' });
      const picture = dialog.getByRole('img', { name: 'Your profile picture' });
      await picture.waitFor({ state: 'visible' });
      const loaded = (image: HTMLImageElement) => image.complete && image.naturalWidth > 0;
      await expect.poll(() => picture.evaluate(loaded)).toBe(true);
      await screenshot(page, 'profile-picture');
      await closeDialog(page);
      const avatar = trigger.locator('img');
      await avatar.waitFor({ state: 'visible' });
      await expect
        .poll(() => avatar.evaluate(loaded), { message: 'the avatar in the menu shows the picture' })
        .toBe(true);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[PROFILE]: SMS says plainly that texts are not available yet; ' +
      'turning Push off is saved and still off after a reload',
    async () => {
      const member = await createMember('sms');
      const { page, errors } = await signInAs(browser, member, MOBILE);

      let dialog = await openMemberDialog(page, 'Account Settings');
      const notifications = dialog.getByRole('tabpanel', { name: 'Notifications' });
      const sms = notifications.getByRole('switch', { name: 'SMS' });
      expect(await sms.getAttribute('aria-checked')).toBe('false');
      expect(await sms.isDisabled(), 'no text-message provider: the switch cannot be turned on').toBe(true);
      await notifications.getByText(messages.settings.textsUnavailable).waitFor({ state: 'visible' });
      await screenshot(page, 'account-settings');

      const push = notifications.getByRole('switch', { name: 'Push' });
      expect(await push.getAttribute('aria-checked')).toBe('true');
      await notifications.getByText(/light up the bell/).waitFor({ state: 'visible' });
      await push.click();
      expect(await push.getAttribute('aria-checked')).toBe('false');
      await notifications.getByText('You have unsaved changes.').waitFor({ state: 'visible' });
      await notifications.getByRole('button', { name: 'Save', exact: true }).click();
      await successIn(page, 'Account settings updated successfully').waitFor({ state: 'visible' });
      await screenshot(page, 'account-settings-saved');
      await closeDialog(page);

      await page.reload();
      dialog = await openMemberDialog(page, 'Account Settings');
      expect(await dialog.getByRole('switch', { name: 'Push' }).getAttribute('aria-checked')).toBe('false');
      expect(await dialog.getByRole('switch', { name: 'SMS' }).getAttribute('aria-checked')).toBe('false');
      expect(await dialog.getByRole('switch', { name: 'Email' }).getAttribute('aria-checked'), 'others unchanged').toBe(
        'true',
      );
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[PROFILE]: a password change needs a matching confirmation; ' + 'afterwards only the new password signs in',
    async () => {
      const member = await createMember('password');
      const { page, errors } = await signInAs(browser, member);
      const password = newPassword();

      const dialog = await openMemberDialog(page, 'Account Settings');
      await dialog.getByRole('tab', { name: 'Password' }).click();
      const current = dialog.getByLabel('Current password', { exact: true });
      const next = dialog.getByLabel('New password', { exact: true });
      const confirm = dialog.getByLabel('Confirm new password', { exact: true });
      await current.fill(member.password);
      await next.fill(password);
      await confirm.fill(`${password}-typo`);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      expect(await fieldError(page, confirm)).toContain('Passwords do not match');
      await screenshot(page, 'account-settings-password-mismatch');

      await confirm.fill(password);
      await dialog.getByRole('button', { name: 'Change password' }).click();
      await successIn(page, messages.settings.passwordChanged).waitFor({ state: 'visible' });
      expect(await current.inputValue(), 'the form is cleared').toBe('');
      await closeDialog(page);

      // This session goes on; a new sign-in needs the new password.
      await visit(page, '/dashboard');
      expect(pathname(page)).toBe('/dashboard');
      await openAccountMenuItem(page, 'Sign out');
      await page.waitForURL((url) => url.pathname === '/login');
      await loginField.email(page).fill(member.email);
      await loginField.password(page).fill(member.password);
      await loginField.signIn(page).click();
      await page.getByRole('alert').filter({ hasText: messages.auth.signInFailed }).waitFor({ state: 'visible' });
      await signIn(page, member.email, password);
      expect(pathname(page)).toBe('/dashboard');
      expect(unexpectedErrors(errors, 401)).toEqual([]);
    },
  );
});
