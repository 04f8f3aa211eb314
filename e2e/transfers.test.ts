import { messages } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { DESKTOP, MOBILE, browserSuite, expectStatus, hasHorizontalScroll, screenshot } from './support/browser';
import { apiSignIn, fieldError, uniqueEmail, unexpectedErrors } from './support/identity';
import {
  SAM_EMAIL,
  SETTLED,
  type TabName,
  accountsOf,
  demoMember,
  expectBalances,
  figures,
  fillInternationalForm,
  fillUsBankForm,
  fundedMember,
  headerFigures,
  markPage,
  memberOnDashboard,
  openDashboard,
  openTab,
  otherCode,
  readTransferCode,
  recentTransactions,
  samePage,
} from './support/money';

const t = messages.transfers;

/** Every transfer POST the page sends, by path. */
function watchTransferPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && pathname.startsWith('/api/transfers/')) posts.push(pathname);
  });
  return posts;
}

const rowsWith = (page: Page, text: string) =>
  recentTransactions(page).getByTestId('transaction-row').filter({ hasText: text });

browserSuite('[TRANSFERS]: the four Transfer Money tabs', (browser) => {
  test(
    '[TRANSFERS]: Between Accounts moves money; the Checking card, ' +
      'Account Information and Recent Transactions follow without a reload',
    async () => {
      const { page, errors } = await memberOnDashboard(browser, 'between', { Checking: '500.00' }, 'Bea');
      await expectBalances(page, 'Checking', { Balance: '$500.00', Available: '$500.00' });
      await expectBalances(page, 'Savings', { Balance: '$0.00', Available: '$0.00' });
      await markPage(page);

      const panel = await openTab(page, 'Between Accounts');
      expect(await panel.getByLabel('From', { exact: true }).inputValue()).toBe('Checking');
      expect(await panel.getByLabel('To', { exact: true }).inputValue()).toBe('Savings');
      await panel.getByLabel('Amount', { exact: true }).fill('125.50');
      await panel.getByLabel('Reference', { exact: true }).fill('Rainy day fund');
      await panel.getByRole('button', { name: 'Transfer', exact: true }).click();
      await expectStatus(panel, t.internalDone('$125.50', 'Checking', 'Savings'));

      await expectBalances(page, 'Checking', { Balance: '$374.50', Available: '$374.50' });
      await expectBalances(page, 'Savings', { Balance: '$125.50', Available: '$125.50' });
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$374.50', pending: '$0.00' });
      const out = rowsWith(page, 'Transfer to Savings');
      const into = rowsWith(page, 'Transfer from Checking');
      await out.waitFor({ state: 'visible' });
      await into.waitFor({ state: 'visible' });
      for (const row of [out, into]) {
        const text = await row.innerText();
        expect(text).toContain('Rainy day fund');
        expect(text).toContain('$125.50');
        expect(text).toContain('Completed');
      }
      expect(await panel.getByLabel('Amount', { exact: true }).inputValue(), 'the form is reset').toBe('');
      expect(await samePage(page), 'no reload').toBe(true);
      await screenshot(page, 'transfer-between-done');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[TRANSFERS]: Between Accounts says "Cannot transfer to the same account", ' +
      '"Please enter a valid amount" and "Insufficient funds", and sends nothing',
    async () => {
      const { page, errors } = await memberOnDashboard(browser, 'between-rules', { Checking: '80.00' });
      const posts = watchTransferPosts(page);
      const panel = await openTab(page, 'Between Accounts');
      const to = panel.getByLabel('To', { exact: true });
      const amount = panel.getByLabel('Amount', { exact: true });
      const submit = panel.getByRole('button', { name: 'Transfer', exact: true });
      await panel.getByLabel('Reference', { exact: true }).fill('Savings top-up');

      await to.selectOption('Checking');
      await amount.fill('10');
      await submit.click();
      expect(await fieldError(page, to)).toContain(t.sameAccount);

      await to.selectOption('Savings');
      await amount.fill('0');
      await submit.click();
      await expect.poll(() => fieldError(page, amount)).toContain(t.invalidAmount);
      expect(await to.getAttribute('aria-invalid'), 'the accounts are fine now').toBeNull();

      await amount.fill('80.01');
      await submit.click();
      await expect.poll(() => fieldError(page, amount)).toContain(t.insufficientFunds);
      await screenshot(page, 'transfer-between-errors');

      expect(posts, 'nothing was sent').toEqual([]);
      await expectBalances(page, 'Checking', { Balance: '$80.00', Available: '$80.00' });
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[TRANSFERS]: To Member checks the recipient ("Recipient not found", ' +
      '"Cannot transfer to your own account", "Recipient found") and the money lands in their Checking',
    async () => {
      const sender = await fundedMember('to-member', { Checking: '300.00' }, 'Sasha');
      const recipient = await fundedMember('recipient', {}, 'Remy');
      const { page, errors } = await openDashboard(browser, sender);
      const panel = await openTab(page, 'To Member');
      const email = panel.getByLabel('Recipient email', { exact: true });
      const verify = panel.getByRole('button', { name: 'Verify', exact: true });
      const submit = panel.getByRole('button', { name: 'Transfer', exact: true });

      await email.fill(uniqueEmail('nobody'));
      await verify.click();
      await panel.getByRole('alert').filter({ hasText: t.recipientNotFound }).waitFor({ state: 'visible' });
      await email.fill(sender.email);
      await verify.click();
      await panel.getByRole('alert').filter({ hasText: t.ownAccount }).waitFor({ state: 'visible' });

      // An address that was not verified is not sent to.
      await email.fill(recipient.email);
      await panel.getByLabel('Amount', { exact: true }).fill('40.25');
      await panel.getByLabel('Reference', { exact: true }).fill('Concert tickets');
      await submit.click();
      expect(await fieldError(page, email)).toContain(t.invalidRecipient);

      await verify.click();
      await expectStatus(panel, t.recipientFound(recipient.name));
      await screenshot(page, 'transfer-to-member-verified');
      await submit.click();
      await expectStatus(panel, t.userDone('$40.25', recipient.name));
      await expectBalances(page, 'Checking', { Balance: '$259.75', Available: '$259.75' });
      expect(await rowsWith(page, `Transfer to ${recipient.name}`).innerText()).toContain('Concert tickets');
      expect(await email.inputValue(), 'the form is reset').toBe('');

      // The sender is told too: the receipt is in their bell (before, it said "No notifications yet").
      await page.getByTestId('notifications-trigger').click();
      const receipt = page
        .getByTestId('notification-list')
        .locator('li')
        .filter({ hasText: 'Money sent' })
        .filter({ hasText: `${t.userDone('$40.25', recipient.name)} Reference: Concert tickets` });
      await receipt.waitFor({ state: 'visible', ...SETTLED });
      await page.keyboard.press('Escape');

      // The recipient's own view of it.
      const theirs = await apiSignIn(recipient.email, recipient.password);
      expect((await accountsOf(theirs)).Checking.balance).toBe('40.25');
      const { items } = await theirs.request<{
        items: { description: string; reference: string | null; status: string }[];
      }>('GET', '/api/me/transactions');
      expect(items[0]).toMatchObject({
        description: `Transfer from ${sender.name}`,
        reference: 'Concert tickets',
        status: 'Completed',
      });
      expect(unexpectedErrors(errors, 400, 404)).toEqual([]);
    },
  );

  test(
    '[TRANSFERS]: To US Bank: the bank fills the routing number, account-number rule, ' +
      'e-mailed code ("Invalid OTP" first), a success modal that closes itself, and a Pending row',
    async () => {
      const { member, page, errors } = await memberOnDashboard(browser, 'us-bank', { Checking: '800.00' }, 'Uma');
      await markPage(page);
      const panel = await openTab(page, 'To US Bank');
      const continueButton = panel.getByRole('button', { name: 'Continue', exact: true });

      await fillUsBankForm(panel, {
        bank: 'Bank of America',
        accountNumber: '',
        holder: 'Jordan Example',
        amount: '210.00',
        reference: 'Car payment',
      });
      expect(await panel.getByLabel('Routing number', { exact: true }).inputValue()).toBe('026009593');
      const accountNumber = panel.getByLabel('Account number', { exact: true });
      await accountNumber.pressSequentially('12ab-345');
      expect(await accountNumber.inputValue(), 'digits only').toBe('12345');
      await continueButton.click();
      expect(await fieldError(page, accountNumber)).toContain(t.invalidAccountNumber);

      await accountNumber.fill('000123456789');
      const since = Date.now();
      await continueButton.click();
      const confirm = panel.getByRole('form', { name: 'Confirm Transfer' });
      await confirm.waitFor({ state: 'visible' });
      const summary = await figures(confirm.locator('dl[aria-label="Transfer summary"]'));
      expect(summary).toMatchObject({
        Bank: 'Bank of America',
        'Routing number': '026009593',
        'Account number': '000123456789',
        'Account holder': 'Jordan Example',
        Amount: '$210.00',
        Reference: 'Car payment',
      });
      expect(summary.From).toMatch(/^Checking ••\d{4}$/);
      const code = await readTransferCode(member.email, since);
      await screenshot(page, 'transfer-us-bank-confirm');

      const otp = confirm.getByLabel('6-digit one-time password (OTP)');
      const confirmButton = confirm.getByRole('button', { name: 'Confirm Transfer' });
      await otp.fill(otherCode(code));
      await confirmButton.click();
      await confirm.getByRole('alert').filter({ hasText: t.otpInvalid }).waitFor({ state: 'visible' });
      expect(await fieldError(page, otp)).toContain(t.otpInvalid);

      await otp.fill(code);
      await confirmButton.click();
      const dialog = page.getByRole('dialog', { name: 'Transfer Submitted' });
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.innerText()).toContain(t.externalDone('$210.00', 'Bank of America'));
      await screenshot(page, 'transfer-us-bank-submitted');
      // It closes by itself (spec: after 3 s) and the form starts over.
      await dialog.waitFor({ state: 'detached' });
      const form = panel.getByRole('form', { name: 'To US Bank' });
      await form.waitFor({ state: 'visible' });
      expect(await form.getByLabel('Bank', { exact: true }).inputValue()).toBe('');
      expect(await form.getByLabel('Account number', { exact: true }).inputValue()).toBe('');
      expect(await form.getByLabel('Amount', { exact: true }).inputValue()).toBe('');

      // Held, not gone: the available balance dropped, the balance did not.
      await expectBalances(page, 'Checking', { Balance: '$800.00', Available: '$590.00' });
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$590.00', pending: '$210.00' });
      const row = rowsWith(page, 'Transfer to Jordan Example, Bank of America');
      await row.waitFor({ state: 'visible' });
      expect(await row.innerText()).toContain('Pending');
      expect(await samePage(page), 'no reload').toBe(true);
      expect(unexpectedErrors(errors, 400)).toEqual([]);
    },
  );

  test(
    '[TRANSFERS]: International: SWIFT/BIC upper-cased and at most 11, "Invalid SWIFT/BIC code", ' +
      'searchable country and currency, the notice on the confirmation, then a Pending row',
    async () => {
      const { page, errors } = await memberOnDashboard(browser, 'intl', { Checking: '600.00' }, 'Ines');
      const panel = await openTab(page, 'International');
      const swift = panel.getByLabel('SWIFT/BIC', { exact: true });
      await swift.pressSequentially('deutdeff500xyz');
      expect(await swift.inputValue(), 'upper-cased, 11 at most').toBe('DEUTDEFF500');

      // The searchable lists: "port" finds Portugal, "EUR" the Euro.
      const country = panel.getByRole('combobox', { name: 'Country', exact: true });
      await country.fill('port');
      expect(await panel.getByRole('listbox', { name: 'Country' }).getByRole('option').allInnerTexts()).toEqual([
        'Portugal (PT)',
      ]);
      const currency = panel.getByRole('combobox', { name: 'Currency', exact: true });
      await currency.fill('EUR');
      expect(await panel.getByRole('listbox', { name: 'Currency' }).getByRole('option').allInnerTexts()).toEqual([
        'Euro (EUR)',
      ]);
      await screenshot(page, 'transfer-international-search');

      const recipient = 'Inês Costa';
      const bank = 'Banco Atlântico';
      await fillInternationalForm(panel, {
        recipient,
        bank,
        swift: 'ab12',
        accountNumber: 'PT50 0002 0123 1234 5678 9015 4',
        amount: '150.00',
        reference: 'Family support',
      });
      const continueButton = panel.getByRole('button', { name: 'Continue', exact: true });
      await continueButton.click();
      expect(await fieldError(page, swift)).toContain(t.invalidSwift);
      await swift.fill('deutdeff500');
      expect(await swift.inputValue()).toBe('DEUTDEFF500');
      await continueButton.click();

      const confirm = panel.getByRole('form', { name: 'Confirm Transfer' });
      await confirm.waitFor({ state: 'visible' });
      expect(await confirm.getByRole('status').filter({ hasText: t.internationalNotice }).innerText()).toBe(
        'Fees and processing time may apply. International transfers cannot be reversed.',
      );
      expect(await figures(confirm.locator('dl[aria-label="Transfer summary"]'))).toMatchObject({
        Recipient: recipient,
        Bank: bank,
        'SWIFT/BIC': 'DEUTDEFF500',
        'Account number': 'PT50000201231234567890154',
        Country: 'Portugal (PT)',
        Currency: 'Euro (EUR)',
        'Amount (USD)': '$150.00',
        Reference: 'Family support',
      });
      await screenshot(page, 'transfer-international-confirm');
      await confirm.getByRole('button', { name: 'Confirm Transfer' }).click();
      await expectStatus(panel, t.internationalDone('$150.00', bank));
      expect(await panel.getByLabel('Recipient name', { exact: true }).inputValue(), 'the form is reset').toBe('');

      await expectBalances(page, 'Checking', { Balance: '$600.00', Available: '$450.00' });
      const row = rowsWith(page, `International transfer to ${recipient}`);
      await row.waitFor({ state: 'visible' });
      expect(await row.innerText()).toContain('Pending');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test('[TRANSFERS]: the dashboard and every transfer tab fit a desktop and a phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { page, errors } = await openDashboard(browser, demoMember(SAM_EMAIL), viewport);
      // The dashboard has loaded Sam's history (which rows come first depends on what other tests sent him).
      await recentTransactions(page)
        .locator('[data-testid="transaction-row"], [data-testid="transaction-card"]')
        .filter({ visible: true })
        .first()
        .waitFor({ state: 'visible' });
      await screenshot(page, 'dashboard');
      const tabs: [TabName, string][] = [
        ['Between Accounts', 'transfer-between'],
        ['To Member', 'transfer-to-member'],
        ['To US Bank', 'transfer-us-bank'],
        ['International', 'transfer-international'],
      ];
      for (const [tab, name] of tabs) {
        const panel = await openTab(page, tab);
        await panel.scrollIntoViewIfNeeded();
        await screenshot(page, name);
        expect(await hasHorizontalScroll(page), `${tab} at ${viewport.width} px`).toBe(false);
      }
      expect(unexpectedErrors(errors)).toEqual([]);
    }
  });
});
