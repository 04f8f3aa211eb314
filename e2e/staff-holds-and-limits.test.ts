import { type TransferCountList, messages } from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
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
import { expectFlash, openAsStaff, openConsole, openUserByEmail } from './support/console';
import { STAFF_EMAIL, apiSignIn, fieldError, staffApi, unexpectedErrors } from './support/identity';
import {
  SETTLED,
  continueUsBankTransfer,
  expectBalances,
  fundedMember,
  openDashboard,
  openTab,
  sendToMember,
} from './support/money';

const h = messages.holds;
const r = messages.resetTransfers;
const t = messages.transfers;

/** Waits for a hold modal on the member's dashboard, checks its words, and closes it. */
async function expectHoldModal(page: Page, title: string, text: string) {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ state: 'visible' });
  expect(await dialog.innerText()).toContain(text);
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

const holdSection = (page: Page) => page.getByRole('region', { name: 'Transfer Hold' });

/** The member's row (table) or card (phone) on Reset Transfer Counts. */
function countEntry(page: Page, email: string): Locator {
  // By the e-mail shown on its own: the staff e-mail also appears as "by …" under every reset.
  return page
    .locator('[data-testid="transfer-count-row"], [data-testid="transfer-count-card"]')
    .filter({ visible: true })
    .filter({ has: page.getByText(email, { exact: true }) });
}

async function transferCounts(): Promise<TransferCountList> {
  return (await staffApi.session()).request<TransferCountList>('GET', '/api/admin/transfer-counts');
}

browserSuite('[ADMIN]: staff holds and Reset Transfer Counts', (browser) => {
  test(
    '[ADMIN][HOLDS]: staff place a hold in the console (the member’s open page goes to sign-in), ' +
      'the member is refused on every tab, staff lift it and the transfer goes through',
    async () => {
      const member = await fundedMember('hold', { Checking: '400.00' }, 'Hollis');
      // The member is on their dashboard when staff place the hold.
      const before = await openDashboard(browser, member);
      const staff = await openConsole(browser);
      await openUserByEmail(staff.page, member.email, member.name);
      const section = holdSection(staff.page);
      await section.getByText('No hold.').waitFor({ state: 'visible' });

      await section.getByRole('button', { name: 'Place hold' }).click();
      const dialog = staff.page.getByRole('dialog', { name: 'Place hold' });
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.innerText()).toContain('they are signed out on every device');
      await dialog.getByRole('button', { name: 'Place hold' }).click();
      expect(await fieldError(staff.page, dialog.getByLabel('Reason for the hold'))).toContain(h.reasonRequired);
      expect(await seriousViolations(staff.page, { include: '[role="dialog"]' }), 'the hold dialog at 1280 px').toEqual(
        [],
      );
      await screenshot(staff.page, 'staff-hold-dialog');
      await staff.page.setViewportSize(MOBILE);
      expect(await seriousViolations(staff.page, { include: '[role="dialog"]' }), 'the hold dialog at 390 px').toEqual(
        [],
      );
      await screenshot(staff.page, 'staff-hold-dialog');
      await staff.page.setViewportSize(DESKTOP);

      await dialog.getByLabel('Reason for the hold').fill('Unusual sign-in from abroad');
      await dialog.getByRole('button', { name: 'Place hold' }).click();
      await expectFlash(staff.page, h.placed(member.name));
      await dialog.waitFor({ state: 'detached' });
      await section.getByText('Unusual sign-in from abroad').waitFor({ state: 'visible' });
      expect(await section.innerText()).toContain(STAFF_EMAIL);
      await section.scrollIntoViewIfNeeded();
      await screenshot(staff.page, 'staff-hold-placed');
      await staff.page.setViewportSize(MOBILE);
      await section.scrollIntoViewIfNeeded();
      expect(await hasHorizontalScroll(staff.page), 'the console fits a phone').toBe(false);
      await screenshot(staff.page, 'staff-hold-placed');
      await staff.page.setViewportSize(DESKTOP);

      // The hold ended the member's sessions: the open dashboard's next request takes them to the
      // sign-in page, saying so — or its live updates, refused, do so first (then the form is gone).
      const signedOut = before.page.waitForURL((url) => url.pathname === '/login');
      await Promise.race([
        signedOut,
        (async () => {
          const open = await openTab(before.page, 'Between Accounts');
          await open.getByLabel('Amount', { exact: true }).fill('10.00');
          await open.getByLabel('Reference', { exact: true }).fill('Savings top-up');
          await open.getByRole('button', { name: 'Transfer', exact: true }).click();
        })().catch(() => signedOut),
      ]);
      await signedOut;
      await before.page.getByText(messages.auth.sessionExpired).waitFor({ state: 'visible' });
      expect(unexpectedErrors(before.errors, 401)).toEqual([]);

      // They sign in afresh and try to move money.
      const { page, errors } = await openDashboard(browser, member);
      await continueUsBankTransfer(page, {
        bank: 'TD Bank',
        accountNumber: '4410023356',
        holder: 'Jamie Brooks',
        amount: '25.00',
        reference: 'Rent',
      });
      await expectHoldModal(page, t.deniedTitle, t.externalSuspended);
      const panel = await openTab(page, 'Between Accounts');
      await panel.getByLabel('Amount', { exact: true }).fill('10.00');
      await panel.getByLabel('Reference', { exact: true }).fill('Savings top-up');
      await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
      await expectHoldModal(page, t.suspendedTitle, 'All transactions have been temporarily suspended.');
      await expectBalances(page, 'Checking', { Balance: '$400.00', Available: '$400.00' });

      await section.getByRole('button', { name: 'Lift hold' }).click();
      const liftDialog = staff.page.getByRole('dialog', { name: 'Lift hold' });
      await liftDialog.getByLabel('Reason for lifting the hold').fill('Member confirmed the sign-in by phone');
      await liftDialog.getByRole('button', { name: 'Lift hold' }).click();
      await expectFlash(staff.page, h.lifted(member.name));
      await section.getByText('No hold.').waitFor({ state: 'visible' });

      await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
      await expectStatus(panel, t.internalDone('$10.00', 'Checking', 'Savings'));
      await expectBalances(page, 'Checking', { Balance: '$390.00', Available: '$390.00' });
      await expectBalances(page, 'Savings', { Balance: '$10.00', Available: '$10.00' });
      expect(unexpectedErrors(errors, 403)).toEqual([]);
      expect(unexpectedErrors(staff.errors)).toEqual([]);
    },
  );

  test(
    '[ADMIN][RESET_TRANSFERS]: staff reset one member’s count, ' +
      'then Reset All through the confirmation; the protected account is never reset',
    async () => {
      const recipient = await fundedMember('count-recipient', {});
      const busy = await fundedMember('count-busy', { Checking: '50.00' }, 'Casey');
      const other = await fundedMember('count-other', { Checking: '50.00' }, 'Devon');
      const busySession = await apiSignIn(busy.email, busy.password);
      await sendToMember(busySession, recipient.email, '1.00', 'Coffee');
      await sendToMember(busySession, recipient.email, '2.00', 'Lunch');
      await sendToMember(await apiSignIn(other.email, other.password), recipient.email, '1.00', 'Tea');
      const { limit } = await transferCounts();

      const staff = await openConsole(browser);
      await staff.page.getByRole('link', { name: 'Reset Transfer Counts' }).filter({ visible: true }).first().click();
      await staff.page.waitForURL((url) => url.pathname === '/admin/reset-transfers');
      await staff.page.getByRole('heading', { level: 1, name: 'Reset Transfer Counts' }).waitFor({ state: 'visible' });
      expect(await headingText(staff.page)).toBe('Reset Transfer Counts');
      await staff.page.getByRole('link', { name: 'Back to Admin Dashboard' }).waitFor({ state: 'visible' });

      const busyRow = countEntry(staff.page, busy.email);
      await expect.poll(() => busyRow.innerText(), SETTLED).toContain(`2 of ${limit}`);
      expect(await countEntry(staff.page, other.email).innerText()).toContain(`1 of ${limit}`);
      const protectedRow = countEntry(staff.page, STAFF_EMAIL);
      expect(await protectedRow.innerText()).toContain('Protected');
      expect(
        await protectedRow.getByRole('button', { name: /^Reset/ }).isDisabled(),
        'the protected account cannot be reset',
      ).toBe(true);
      expect(await seriousViolations(staff.page), 'Reset Transfer Counts at 1280 px').toEqual([]);
      await screenshot(staff.page, 'reset-transfers');

      await busyRow.getByRole('button', { name: /^Reset/ }).click();
      await expectFlash(staff.page, r.resetOne(busy.email));
      expect(await staff.page.getByTestId('admin-flash').getByRole('status').isVisible(), 'a green banner').toBe(true);
      await expect.poll(() => busyRow.innerText(), SETTLED).toContain(`0 of ${limit}`);
      expect(await busyRow.innerText()).toContain(`by ${STAFF_EMAIL}`);

      // Reset All asks first; Cancel changes nothing.
      const resetAll = staff.page.getByRole('button', { name: 'Reset All', exact: true });
      await resetAll.click();
      const confirm = staff.page.getByRole('region', { name: /Reset every member/ });
      expect(await confirm.innerText()).toContain(r.confirmWarning);
      expect(r.confirmWarning).toContain('cannot be undone');
      await screenshot(staff.page, 'reset-transfers-confirm');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await countEntry(staff.page, other.email).innerText()).toContain(`1 of ${limit}`);

      await resetAll.click();
      const expected = (await transferCounts()).users.filter((row) => row.count > 0 && !row.protected).length;
      expect(expected, 'Devon still has a count').toBeGreaterThanOrEqual(1);
      await confirm.getByRole('button', { name: 'Confirm Reset All' }).click();
      await expectFlash(staff.page, r.resetAll(expected, 1));
      await confirm.waitFor({ state: 'detached' });
      await expect.poll(() => countEntry(staff.page, other.email).innerText(), SETTLED).toContain(`0 of ${limit}`);
      expect((await transferCounts()).users.filter((row) => row.count > 0)).toEqual([]);

      // After a reset the member sends again, and it counts from 0.
      await sendToMember(busySession, recipient.email, '1.00', 'Again');
      await staff.page.reload();
      await expect.poll(() => busyRow.innerText(), SETTLED).toContain(`1 of ${limit}`);

      await staff.page.setViewportSize(MOBILE);
      await countEntry(staff.page, busy.email).waitFor({ state: 'visible' });
      expect(
        await countEntry(staff.page, STAFF_EMAIL)
          .getByRole('button', { name: /^Reset/ })
          .isDisabled(),
      ).toBe(true);
      expect(
        await staff.page.getByTestId('transfer-count-card').filter({ visible: true }).count(),
        'cards on a phone',
      ).toBeGreaterThan(2);
      expect(await hasHorizontalScroll(staff.page), 'the screen fits a phone').toBe(false);
      expect(await seriousViolations(staff.page), 'Reset Transfer Counts at 390 px').toEqual([]);
      await screenshot(staff.page, 'reset-transfers');
      await resetAll.click();
      expect(await seriousViolations(staff.page), 'the confirmation at 390 px').toEqual([]);
      await screenshot(staff.page, 'reset-transfers-confirm');
      expect(unexpectedErrors(staff.errors)).toEqual([]);
    },
  );

  test(
    '[ADMIN][RESET_TRANSFERS]: a failed load says "Failed to fetch users" with a retry; ' +
      'a refused reset shows a red "Error: …" banner',
    async () => {
      const staff = await openAsStaff(browser);
      let failLoad = true;
      await staff.page.route('**/api/admin/transfer-counts', (route) =>
        failLoad
          ? route.fulfill({
              status: 503,
              contentType: 'application/json',
              body: JSON.stringify({ code: 'INTERNAL', message: 'down' }),
            })
          : route.fallback(),
      );
      await visit(staff.page, '/admin/reset-transfers');
      const failure = staff.page.getByRole('alert').filter({ hasText: r.fetchFailed });
      await failure.waitFor({ state: 'visible' });
      failLoad = false;
      await failure.getByRole('button', { name: 'Try again' }).click();
      await countEntry(staff.page, STAFF_EMAIL).waitFor({ state: 'visible' });

      // The server refuses (as it does for the protected account); the screen says so in red.
      await staff.page.route('**/api/admin/transfer-counts/*/reset', (route) =>
        route.fulfill({
          status: 403,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'FORBIDDEN', message: r.protectedAccount }),
        }),
      );
      const anyone = staff.page
        .getByTestId('transfer-count-row')
        .filter({ hasNot: staff.page.getByText('Protected', { exact: true }) })
        .first();
      await anyone.getByRole('button', { name: /^Reset/ }).click();
      await expectFlash(staff.page, r.error(r.protectedAccount));
      expect(await staff.page.getByTestId('admin-flash').getByRole('alert').isVisible(), 'a red banner').toBe(true);
      await screenshot(staff.page, 'reset-transfers-error');
      expect(unexpectedErrors(staff.errors, 403, 503)).toEqual([]);
    },
  );
});
