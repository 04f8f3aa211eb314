import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, screenshot, visit } from './support/browser';
import { openConsole } from './support/console';
import { apiSignIn, createMember, openMemberDialog, unexpectedErrors } from './support/identity';

/** Where the element's top is on the screen, in whole pixels. */
const topOf = async (element: Locator) => Math.round((await element.boundingBox())?.y ?? Number.NaN);

/**
 * Whether a button (or a field) can be pressed where it is, without scrolling anything: wholly on
 * the screen and not under anything else (a dialog's edge, the part of a body scrolled out of view).
 */
function pressableInPlace(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight || box.left < 0 || box.right > window.innerWidth) return false;
    // The middles of its edges (its rounded corners do not take a press), 2 px in.
    const middle = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
    const points = [
      [middle.x, box.top + 2],
      [middle.x, box.bottom - 2],
      [box.left + 2, middle.y],
      [box.right - 2, middle.y],
    ] as const;
    return points.every(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && element.contains(hit);
    });
  });
}

browserSuite('[DIALOGS]: long and tabbed dialogs keep still and keep their buttons in view', (browser) => {
  for (const viewport of [DESKTOP, MOBILE]) {
    test(`[DIALOGS]: at ${viewport.width} px Account Settings' tab row stays where it is from tab to tab`, async () => {
      const member = await createMember('tabs');
      const { page, context, errors } = await browser.open(viewport);
      await context.addCookies((await apiSignIn(member.email, member.password)).cookies());
      await visit(page, '/dashboard');
      const dialog = await openMemberDialog(page, 'Account Settings');
      const tabRow = dialog.getByRole('tablist', { name: 'Account settings sections' });
      const tops: Record<string, number> = {};
      for (const name of ['Notifications', 'Security', 'Password', 'Sessions']) {
        await dialog.getByRole('tab', { name }).click();
        await dialog.getByRole('tabpanel', { name }).waitFor({ state: 'visible' });
        tops[name] = await topOf(tabRow);
      }
      await screenshot(page, 'account-settings-sessions');
      const first = tops.Notifications;
      expect(tops, 'the tab row under the pointer does not move').toEqual({
        Notifications: first,
        Security: first,
        Password: first,
        Sessions: first,
      });
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    test(`[DIALOGS]: at ${viewport.width} px Profile Settings' buttons are in view without scrolling`, async () => {
      const member = await createMember('actions');
      const { page, context, errors } = await browser.open(viewport);
      await context.addCookies((await apiSignIn(member.email, member.password)).cookies());
      await visit(page, '/dashboard');
      const dialog = await openMemberDialog(page, 'Profile Settings');
      await screenshot(page, 'profile-settings-actions');
      for (const name of ['Close', 'Save changes']) {
        // By its words: the title row's × is a "Close" button too.
        const button = dialog.getByRole('button', { name, exact: true }).filter({ hasText: name });
        expect(await pressableInPlace(button), `"${name}" can be pressed where it is`).toBe(true);
      }
      // With the first field in view too: the buttons are pinned under the fields, not reached by scrolling.
      expect(await pressableInPlace(dialog.getByLabel('Name', { exact: true }))).toBe(true);
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    test(`[DIALOGS]: at ${viewport.width} px Create New User's buttons are in view without scrolling`, async () => {
      const { page, errors } = await openConsole(browser, viewport);
      await page.getByRole('button', { name: 'Create New User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create New User' });
      await dialog.waitFor({ state: 'visible' });
      await dialog.getByRole('checkbox', { name: 'Joint account' }).check();
      for (const name of ['Cancel', 'Create User']) {
        const button = dialog.getByRole('button', { name, exact: true });
        expect(await pressableInPlace(button), `"${name}" can be pressed where it is`).toBe(true);
      }
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }
});
