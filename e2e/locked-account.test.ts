import { messages } from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, expectStatus, screenshot } from './support/browser';
import { apiSignIn, createMember, mailsTo, unexpectedErrors } from './support/identity';
import {
  TAYLOR_EMAIL,
  accountInfo,
  accountsOf,
  checkingCard,
  continueUsBankTransfer,
  demoMember,
  figures,
  fillInternationalForm,
  headerFigures,
  openDashboard,
  openTab,
} from './support/money';
import { e2eSite } from './support/site';

const t = messages.transfers;

/** Waits for the hold modal and checks it says what happened and how to reach support. */
async function expectHoldModal(page: Page, title: string, text: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ state: 'visible' });
  const content = await dialog.innerText();
  expect(content).toContain(text);
  expect(content).toContain(`Support hours: ${e2eSite.supportHours}`);
  const mail = dialog.getByRole('link', { name: e2eSite.supportEmail, exact: true });
  expect(await mail.getAttribute('href')).toBe(`mailto:${e2eSite.supportEmail}`);
  return dialog;
}

/** "Close" at the foot of the modal (the corner ✕ is also called Close, but has no text). */
async function closeModal(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Everything the page says about Taylor's money. */
async function shownMoney(page: Page) {
  return {
    header: await headerFigures(page),
    card: await figures(checkingCard(page)),
    checking: await figures(accountInfo(page, 'Checking')),
    savings: await figures(accountInfo(page, 'Savings')),
  };
}

browserSuite('[TRANSFERS]: a member whose transfers staff have put on hold', (browser) => {
  const taylor = demoMember(TAYLOR_EMAIL);

  test(
    '[TRANSFERS]: To US Bank and International show ' +
      '"Transaction Denied" with the support e-mail and hours; nothing moves',
    async () => {
      const { page, errors, session } = await openDashboard(browser, taylor, DESKTOP);
      const before = { shown: await shownMoney(page), api: await accountsOf(session) };
      expect(Number(before.api.Checking.available), 'Taylor has money to send').toBeGreaterThan(100);

      const { panel: usBank, since } = await continueUsBankTransfer(page, {
        bank: 'TD Bank',
        accountNumber: '4410023356',
        holder: 'Jamie Brooks',
        amount: '25.00',
        reference: 'Rent',
      });
      let dialog = await expectHoldModal(page, t.deniedTitle, t.externalSuspended);
      await screenshot(page, 'held-transaction-denied');
      await closeModal(dialog);
      expect(
        await usBank.getByRole('form', { name: 'To US Bank' }).isVisible(),
        'still on the form, no confirmation step',
      ).toBe(true);
      expect(
        await mailsTo(TAYLOR_EMAIL, { template: 'transfer-code', since }),
        'no code is sent for a refused transfer',
      ).toEqual([]);

      const panel = await openTab(page, 'International');
      await fillInternationalForm(panel, {
        recipient: 'Ana Brooks',
        bank: 'Banco Norte',
        swift: 'BNORPTPL',
        accountNumber: 'PT50000201231234567890154',
        amount: '25.00',
        reference: 'Family support',
      });
      await panel.getByRole('button', { name: 'Continue', exact: true }).click();
      await panel
        .getByRole('form', { name: 'Confirm Transfer' })
        .getByRole('button', { name: 'Confirm Transfer' })
        .click();
      dialog = await expectHoldModal(page, t.deniedTitle, t.externalSuspended);
      await closeModal(dialog);

      expect(await shownMoney(page)).toEqual(before.shown);
      expect(await accountsOf(session)).toEqual(before.api);
      expect(unexpectedErrors(errors, 403)).toEqual([]);
    },
  );

  test(
    '[TRANSFERS]: at 390 px Between Accounts and To Member show ' +
      '"All transactions have been temporarily suspended"; nothing moves',
    async () => {
      const recipient = await createMember('held-recipient', 'Quinn');
      const { page, errors, session } = await openDashboard(browser, taylor, MOBILE);
      const before = { shown: await shownMoney(page), api: await accountsOf(session) };

      let panel = await openTab(page, 'Between Accounts');
      await panel.getByLabel('Amount', { exact: true }).fill('10.00');
      await panel.getByLabel('Reference', { exact: true }).fill('Savings top-up');
      await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
      let dialog = await expectHoldModal(
        page,
        t.suspendedTitle,
        'All transactions have been temporarily suspended. Please contact our support team for assistance.',
      );
      await screenshot(page, 'held-transactions-suspended');
      await closeModal(dialog);

      panel = await openTab(page, 'To Member');
      await panel.getByLabel('Recipient email', { exact: true }).fill(recipient.email);
      await panel.getByRole('button', { name: 'Verify', exact: true }).click();
      await expectStatus(panel, t.recipientFound(`${recipient.firstName} ${recipient.lastName}`));
      await panel.getByLabel('Amount', { exact: true }).fill('10.00');
      await panel.getByLabel('Reference', { exact: true }).fill('Lunch');
      await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
      dialog = await expectHoldModal(page, t.suspendedTitle, t.suspended);
      await closeModal(dialog);

      expect(await shownMoney(page)).toEqual(before.shown);
      expect(await accountsOf(session)).toEqual(before.api);
      const theirs = await accountsOf(await apiSignIn(recipient.email, recipient.password));
      expect(theirs.Checking.balance, 'nothing reached the recipient').toBe('0.00');
      expect(unexpectedErrors(errors, 403)).toEqual([]);
    },
  );
});
