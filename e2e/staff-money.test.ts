import { messages } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectNoViolations } from './support/axe';
import { DESKTOP, MOBILE, browserSuite, hasHorizontalScroll, screenshot, visit } from './support/browser';
import { expectFlash, openConsole } from './support/console';
import { apiSignIn, staffApi, unexpectedErrors, uniqueEmail } from './support/identity';
import { SETTLED, expectBalances, fundedMember, markPage, openDashboard, samePage } from './support/money';
import {
  CSV_HEADER,
  csvFile,
  memberBalances,
  memberTransactions,
  openAddTransactions,
  openMemberInConsole,
  slowDown,
  staffRow,
  staffRows,
  transactionsSection,
} from './support/staff-money';

const a = messages.admin;

/** A calendar day `n` days ago (UTC), as the CSV and the date inputs take it. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
/** How the console shows that day ("Nov 3, 2025"); 09:15 at the credit union is the same day in UTC. */
const shownDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

async function accountDialog(page: Page, type: 'Checking' | 'Savings') {
  await page.getByRole('button', { name: `Edit ${type} account`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${type} account` });
  await dialog.waitFor({ state: 'visible' });
  return dialog;
}

browserSuite('[STAFF MONEY]: staff work on a member’s money in the console', (browser) => {
  test(
    '[STAFF MONEY]: staff set a Checking balance with a reason and the ' +
      'member’s open dashboard shows it live; account numbers are checked',
    async () => {
      const member = await fundedMember('staff-balance', { Checking: '100.00' }, 'Bea');
      const other = await staffApi.detail((await fundedMember('staff-balance-other', {})).email);
      const dashboard = await openDashboard(browser, member);
      await expectBalances(dashboard.page, 'Checking', { Balance: '$100.00', Available: '$100.00' });
      await markPage(dashboard.page);

      const { page, errors } = await openMemberInConsole(browser, member);
      const dialog = await accountDialog(page, 'Checking');
      const balance = dialog.getByLabel('New balance', { exact: true });
      expect(await balance.inputValue(), 'pre-filled with the current balance').toBe('100.00');
      expect(await balance.getAttribute('min')).toBe('0');
      expect(await balance.getAttribute('step')).toBe('0.01');

      // The reason is required, in the API's words.
      await balance.fill('1234.56');
      await dialog.getByRole('button', { name: 'Set balance' }).click();
      await dialog.getByText(a.adjustmentReasonRequired).waitFor({ state: 'visible' });
      await dialog.getByLabel('Reason', { exact: true }).fill('Branch cash deposit, teller 4');
      await dialog.getByRole('button', { name: 'Set balance' }).click();
      await dialog.getByText(a.balanceUpdated('Checking', '$1,234.56')).waitFor({ state: 'visible' });

      await expectBalances(dashboard.page, 'Checking', { Balance: '$1,234.56', Available: '$1,234.56' });
      expect(await samePage(dashboard.page), 'the dashboard updated without a reload').toBe(true);
      // The console's own figures and table follow too.
      await page.keyboard.press('Escape');
      await expect
        .poll(() => page.getByTestId('staff-account-card').filter({ hasText: 'Checking' }).innerText(), SETTLED)
        .toContain('$1,234.56');
      await staffRow(page, 'Balance adjustment: Branch cash deposit, teller 4').waitFor({
        state: 'visible',
        ...SETTLED,
      });

      // Account numbers: the rule in the spec's words, a number already in use, then a good one.
      const edit = await accountDialog(page, 'Checking');
      const accountNumber = edit.getByLabel('Account number', { exact: true });
      expect(await edit.getByLabel('Routing number', { exact: true }).inputValue()).toMatch(/^\d{9}$/);
      await accountNumber.fill('0123456789');
      await edit.getByRole('button', { name: 'Save account details' }).click();
      await edit.getByText(a.accountNumberInvalid).waitFor({ state: 'visible' });
      const taken = other.accounts.find((account) => account.type === 'Checking')?.accountNumber ?? '';
      await accountNumber.fill(taken);
      await edit.getByRole('button', { name: 'Save account details' }).click();
      await edit.getByText(a.updateAccountFailed, { exact: true }).waitFor({ state: 'visible' });
      await edit.getByText(a.accountNumberInUse).waitFor({ state: 'visible' });
      const fresh = `9${String(Date.now()).slice(-9)}`;
      await accountNumber.fill(fresh);
      await edit.getByRole('button', { name: 'Save account details' }).click();
      await edit.getByText(a.accountUpdated('Checking')).waitFor({ state: 'visible' });
      expect(
        (await staffApi.detail(member.email)).accounts.find((account) => account.type === 'Checking')?.accountNumber,
      ).toBe(fresh);

      await screenshot(page, 'staff-account-edit');
      await expectNoViolations(page, 'the account dialog at 1280 px', '[role="dialog"]');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'staff-account-edit');
      await expectNoViolations(page, 'the account dialog at 390 px', '[role="dialog"]');
      expect(unexpectedErrors(errors, 409, 422)).toEqual([]);
    },
  );

  test(
    '[STAFF MONEY]: a CSV with a bad row previews its error and cannot post; ' +
      'fixed, it posts once, however often it is uploaded',
    async () => {
      const member = await fundedMember('staff-csv', { Checking: '100.00' }, 'Cal');
      const backdated = daysAgo(40);
      const rows = (groceries: string) => [
        CSV_HEADER,
        `Checking,credit,250.00,Payroll e2e,Income,${backdated},09:15,Completed`,
        `checking,DEBIT,${groceries},"Groceries, weekly",Food,${daysAgo(3)},18:40,Completed`,
        `Savings,credit,40.00,Birthday gift e2e,Deposit,${daysAgo(2)},12:00,Completed`,
      ];
      const { page, errors } = await openMemberInConsole(browser, member);

      // A file that is not a transaction list at all.
      let dialog = await openAddTransactions(page, 'Upload CSV');
      expect(await dialog.innerText()).toContain(
        'Dates and times are the credit union’s local time (America/New_York).',
      );
      const input = dialog.locator('input[type="file"]');
      await input.setInputFiles(csvFile('not-transactions.csv', ['name,amount', 'Coffee,3.00']));
      await dialog
        .getByText(a.csvParseFailed('missing columns account, type, description, category, date, time, status'))
        .waitFor({ state: 'visible' });

      // One bad row: its error shows in the preview, and Post stays disabled.
      await input.setInputFiles(csvFile('statement-bad.csv', rows('ten')));
      const previewRows = dialog.getByTestId('preview-row');
      await expect.poll(() => previewRows.count(), SETTLED).toBe(3);
      expect(await previewRows.nth(1).getByTestId('preview-row-errors').innerText()).toBe(
        `Amount: ${a.rowAmountInvalid}`,
      );
      expect(await previewRows.nth(0).getByTestId('preview-row-errors').count()).toBe(0);
      const post = dialog.getByRole('button', { name: 'Post 3 transactions' });
      expect(await post.isDisabled()).toBe(true);
      await screenshot(page, 'staff-csv-preview-error');
      await expectNoViolations(page, 'the CSV preview with an error', '[role="dialog"]');

      // Fixed: the preview is clean and says what the balances will be.
      const fixed = csvFile('statement-fixed.csv', rows('32.50'));
      await input.setInputFiles(fixed);
      await dialog.getByTestId('balances-after').waitFor({ state: 'visible', ...SETTLED });
      expect(await dialog.getByTestId('balances-after').innerText()).toBe(
        'After posting: Checking $317.50 · Savings $40.00',
      );
      expect(await post.isEnabled()).toBe(true);
      await screenshot(page, 'staff-csv-preview-ok');
      await post.click();
      await dialog.waitFor({ state: 'detached' });
      await expectFlash(page, a.transactionsAdded);

      const payroll = staffRow(page, 'Payroll e2e');
      await payroll.waitFor({ state: 'visible', ...SETTLED });
      const payrollText = await payroll.innerText();
      expect(payrollText).toContain(shownDay(backdated));
      // 09:15 typed for the credit union is shown as 09:15 on its clock, whatever the browser's zone.
      expect(payrollText).toContain(`${shownDay(backdated)}, 9:15 AM`);
      expect(payrollText).toContain('Backdated');
      await staffRow(page, 'Groceries, weekly').waitFor({ state: 'visible' });
      expect(await memberBalances(member)).toEqual({ Checking: '317.50', Savings: '40.00' });
      const countAfterFirst = (await memberTransactions(member)).length;

      // The same file again: the server answers from its record and nothing posts twice.
      dialog = await openAddTransactions(page, 'Upload CSV');
      await dialog.locator('input[type="file"]').setInputFiles(fixed);
      await dialog.getByTestId('balances-after').waitFor({ state: 'visible', ...SETTLED });
      await dialog.getByRole('button', { name: 'Post 3 transactions' }).click();
      await dialog
        .getByText('This file was posted before (3 transactions). Nothing was posted again.')
        .waitFor({ state: 'visible' });
      expect((await memberTransactions(member)).length).toBe(countAfterFirst);
      expect(await memberBalances(member)).toEqual({ Checking: '317.50', Savings: '40.00' });

      // The template link offers the header row and one example.
      const href = (await dialog.getByRole('link', { name: 'Download CSV template' }).getAttribute('href')) ?? '';
      expect(decodeURIComponent(href.replace(/^data:text\/csv;charset=utf-8,/, '')).split('\r\n')[0]).toBe(CSV_HEADER);

      await page.setViewportSize(MOBILE);
      await dialog.locator('input[type="file"]').setInputFiles(csvFile('statement-bad.csv', rows('ten')));
      await expect.poll(() => dialog.getByTestId('preview-row').count(), SETTLED).toBe(3);
      await screenshot(page, 'staff-csv-preview-error');
      await expectNoViolations(page, 'the CSV preview at 390 px', '[role="dialog"]');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[STAFF MONEY]: the rows editor keeps at least one row, names the refused row, ' +
      'posts all rows at once; a pending row can be completed',
    async () => {
      const member = await fundedMember('staff-rows', { Checking: '60.00' }, 'Dee');
      const { page, errors } = await openMemberInConsole(browser, member);
      const dialog = await openAddTransactions(page, 'Enter rows');
      const row = (n: number) => dialog.getByRole('group', { name: `Row ${n}`, exact: true });
      const groups = dialog.getByTestId('transaction-row-editor');

      // At least one row always remains.
      expect(await groups.count()).toBe(1);
      expect(await dialog.getByRole('button', { name: 'Remove row 1' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Add row' }).click();
      await dialog.getByRole('button', { name: 'Add row' }).click();
      expect(await groups.count()).toBe(3);
      await dialog.getByRole('button', { name: 'Remove row 3' }).click();
      await dialog.getByRole('button', { name: 'Remove row 1' }).click();
      expect(await groups.count()).toBe(1);
      expect(await dialog.getByRole('button', { name: 'Remove row 1' }).isDisabled()).toBe(true);

      // Every field is required, in the API's words.
      await dialog.getByRole('button', { name: 'Add transaction', exact: true }).click();
      for (const field of ['Amount', 'Description', 'Category', 'Date', 'Time']) {
        await row(1).getByText(a.rowRequired(field), { exact: true }).waitFor({ state: 'visible' });
      }

      const fill = async (
        n: number,
        values: { type: string; amount: string; description: string; category: string; status: string },
      ) => {
        const group = row(n);
        await group.getByLabel('Type', { exact: true }).selectOption({ label: values.type });
        await group.getByLabel('Amount', { exact: true }).fill(values.amount);
        await group.getByLabel('Description', { exact: true }).fill(values.description);
        await group.getByLabel('Category', { exact: true }).selectOption(values.category);
        await group.getByLabel('Date', { exact: true }).fill(daysAgo(2));
        await group.getByLabel('Time', { exact: true }).fill('10:30');
        await group.getByLabel('Status', { exact: true }).selectOption(values.status);
      };
      await fill(1, {
        type: 'Credit',
        amount: '20.00',
        description: 'Refund e2e',
        category: 'Shopping',
        status: 'Completed',
      });
      await dialog.getByRole('button', { name: 'Add row' }).click();
      await fill(2, {
        type: 'Debit',
        amount: '5000.00',
        description: 'Car e2e',
        category: 'Transportation',
        status: 'Completed',
      });
      await screenshot(page, 'staff-rows-editor');
      await dialog.getByRole('button', { name: 'Add 2 transactions' }).click();
      // All or nothing: the refusal names the row, the row is marked, nothing posted.
      await dialog
        .getByText(a.addTransactionsFailed(a.rowFailed(2, messages.transfers.insufficientFunds)))
        .waitFor({ state: 'visible' });
      expect(await row(2).innerText()).toContain('Refused');
      expect(await memberBalances(member)).toEqual({ Checking: '60.00', Savings: '0.00' });

      await fill(2, {
        type: 'Debit',
        amount: '15.00',
        description: 'Car wash e2e',
        category: 'Transportation',
        status: 'Pending',
      });
      await dialog.getByRole('button', { name: 'Add 2 transactions' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectFlash(page, a.transactionsAdded);
      // 60 + 20 posted; the pending 15 is held.
      const detail = await staffApi.detail(member.email);
      expect(detail.accounts.find((account) => account.type === 'Checking')).toMatchObject({
        balance: '80.00',
        available: '65.00',
      });

      const pending = staffRow(page, 'Car wash e2e');
      await pending.waitFor({ state: 'visible', ...SETTLED });
      expect(await pending.innerText()).toContain('Pending');
      await pending.getByRole('button', { name: /^Complete/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Complete transaction' });
      await confirm.getByRole('button', { name: 'Complete transaction' }).click();
      await expectFlash(page, a.pendingCompleted);
      await expect
        .poll(async () => (await staffRow(page, 'Car wash e2e').innerText()).includes('Completed'), SETTLED)
        .toBe(true);
      expect(await memberBalances(member)).toEqual({ Checking: '65.00', Savings: '0.00' });
      expect(unexpectedErrors(errors, 422)).toEqual([]);
    },
  );

  test(
    '[STAFF MONEY]: deleting a transaction posts a reversal; both show their badges, ' +
      'and the member sees them only when asking for corrections',
    async () => {
      const member = await fundedMember('staff-reverse', { Checking: '75.00' }, 'Eli');
      const { page, errors } = await openMemberInConsole(browser, member);
      const original = staffRow(page, 'Balance adjustment: e2e opening balance');
      await original.waitFor({ state: 'visible' });
      await original.getByRole('button', { name: /^Delete/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete transaction' });
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.innerText()).toContain('Nothing is destroyed');
      await dialog.getByRole('button', { name: 'Delete transaction' }).click();
      await dialog.getByText(a.reversalReasonRequired).waitFor({ state: 'visible' });
      await screenshot(page, 'staff-delete-transaction');
      await expectNoViolations(page, 'the delete dialog', '[role="dialog"]');
      await dialog.getByLabel('Reason', { exact: true }).fill('Entered against the wrong member');
      await dialog.getByRole('button', { name: 'Delete transaction' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectFlash(page, a.transactionDeleted);

      const badges = transactionsSection(page).getByTestId('correction-badge').filter({ visible: true });
      await expect
        .poll(() => badges.allInnerTexts(), SETTLED)
        .toEqual(expect.arrayContaining(['Reversed', 'Reversal']));
      expect(
        await original.getByRole('button', { name: /^Delete/ }).count(),
        'a reversed row cannot be deleted again',
      ).toBe(0);
      expect(await memberBalances(member)).toEqual({ Checking: '0.00', Savings: '0.00' });
      await screenshot(page, 'staff-transactions');

      // The member's history hides the pair unless "Show corrections" is ticked (kept in the address).
      const session = await apiSignIn(member.email, member.password);
      const history = await browser.openSignedIn(session, DESKTOP);
      await visit(history.page, '/dashboard/transactions');
      const rows = history.page.getByTestId('transaction-row');
      await history.page.getByText('No transactions match these filters.').waitFor({ state: 'visible', ...SETTLED });
      const showCorrections = history.page.getByRole('checkbox', { name: /^Show corrections/ });
      await showCorrections.click();
      await history.page.waitForURL((url) => url.searchParams.get('corrections') === 'true');
      await expect.poll(() => showCorrections.isChecked()).toBe(true);
      await expect.poll(() => rows.count(), SETTLED).toBe(2);
      expect(await history.page.getByTestId('correction-badge').filter({ visible: true }).allInnerTexts()).toEqual(
        expect.arrayContaining(['Reversed', 'Reversal']),
      );
      const exportHref = await history.page.getByTestId('export-csv').getAttribute('href');
      expect(exportHref).toContain('corrections=true');
      await screenshot(history.page, 'history-corrections');
      expect(unexpectedErrors(errors, 422)).toEqual([]);
      expect(unexpectedErrors(history.errors)).toEqual([]);
    },
  );

  test(
    '[STAFF MONEY]: Delete User Transactions finds the member by e-mail, ' +
      'asks, reverses everything; an unknown e-mail is "User not found"',
    async () => {
      const member = await fundedMember('staff-wipe', { Checking: '300.00', Savings: '45.00' }, 'Fay');
      const { page, errors } = await openConsole(browser);
      const box = page.getByRole('region', { name: 'Delete User Transactions' });
      await slowDown(page, '/api/admin/users/lookup');
      await slowDown(page, '/transactions/reverse-all');

      await box.getByLabel('User email', { exact: true }).fill(uniqueEmail('nobody'));
      await box.getByLabel('Reason', { exact: true }).fill('Closing test data');
      await box.getByRole('button', { name: 'Delete Transactions' }).click();
      await box.getByText(a.findingUser).waitFor({ state: 'visible' });
      await box.getByText(a.userNotFound, { exact: true }).waitFor({ state: 'visible' });

      await box.getByLabel('User email', { exact: true }).fill(member.email);
      await box.getByRole('button', { name: 'Delete Transactions' }).click();
      await box.getByText(a.findingUser).waitFor({ state: 'visible' });
      const confirm = box.getByRole('group', { name: /^Reverse every transaction of/ });
      await confirm.waitFor({ state: 'visible' });
      expect(await confirm.innerText()).toContain(member.email);
      await screenshot(page, 'staff-delete-all-confirm');
      await confirm.getByRole('button', { name: 'Delete all transactions' }).click();
      await box.getByText(a.deletingTransactions).waitFor({ state: 'visible' });
      await box.getByText(a.transactionsDeleted(2)).waitFor({ state: 'visible', ...SETTLED });
      expect(await memberBalances(member)).toEqual({ Checking: '0.00', Savings: '0.00' });

      await expectNoViolations(
        page,
        'the Delete User Transactions box',
        '[aria-labelledby="delete-user-transactions-title"]',
      );
      await page.setViewportSize(MOBILE);
      await box.scrollIntoViewIfNeeded();
      expect(await hasHorizontalScroll(page)).toBe(false);
      expect(unexpectedErrors(errors, 404)).toEqual([]);
    },
  );

  test('[STAFF MONEY]: Create New User opens the new member’s accounts with the balances given', async () => {
    const { page, errors } = await openConsole(browser);
    await page.getByRole('button', { name: 'Create New User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New User' });
    await dialog.waitFor({ state: 'visible' });
    const field = (label: string) => dialog.getByLabel(label, { exact: true });
    expect(await field('Checking balance').inputValue()).toBe('0.00');
    await field('Role').selectOption({ label: 'Admin' });
    expect(await field('Checking balance').count(), 'staff have no accounts to fund').toBe(0);
    await field('Role').selectOption({ label: 'User' });

    const email = uniqueEmail('opening');
    await field('Name').fill('Gale Opening');
    await field('Email').fill(email);
    await field('Phone').fill('(207) 555-0190');
    await field('Password').fill(`harbor-lantern-${Date.now()}`);
    await field('Street').fill('9 Quay Lane');
    await field('City').fill('Bath');
    await field('State').fill('ME');
    await field('ZIP code').fill('04530');
    await field('Checking balance').fill('-5');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.getByText(a.balanceInvalid).waitFor({ state: 'visible' });
    await field('Checking balance').fill('1500.25');
    await field('Savings balance').fill('300');
    await screenshot(page, 'staff-create-user-balances');
    await dialog.getByRole('button', { name: 'Create User' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectFlash(page, a.userCreated(email));
    const detail = await staffApi.detail(email);
    expect(Object.fromEntries(detail.accounts.map((account) => [account.type, account.balance]))).toEqual({
      Checking: '1500.25',
      Savings: '300.00',
    });
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test(
    '[STAFF MONEY]: the member detail with its money sections ' +
      'and the Add Transactions dialog pass axe at 1280 and 390 px',
    async () => {
      const member = await fundedMember('staff-axe', { Checking: '500.00', Savings: '20.00' }, 'Gus');
      for (const viewport of [DESKTOP, MOBILE]) {
        const { page, errors } = await openMemberInConsole(browser, member, viewport);
        await page.emulateMedia({ reducedMotion: 'reduce' });
        await expect.poll(() => staffRows(page).count(), SETTLED).toBe(2);
        await transactionsSection(page).scrollIntoViewIfNeeded();
        await screenshot(page, 'staff-member-money');
        await expectNoViolations(page, `the member detail at ${viewport.width} px`, '[aria-label="Selected user"]');
        expect(await hasHorizontalScroll(page), 'the console fits').toBe(false);

        const dialog = await openAddTransactions(page, 'Enter rows');
        await dialog.getByRole('button', { name: 'Add row' }).click();
        await screenshot(page, 'staff-add-transactions');
        await expectNoViolations(page, `Add Transactions at ${viewport.width} px`, '[role="dialog"]');
        await dialog.getByRole('tab', { name: 'Upload CSV' }).click();
        await expectNoViolations(page, `Upload CSV at ${viewport.width} px`, '[role="dialog"]');
        expect(unexpectedErrors(errors)).toEqual([]);
      }
    },
  );
});
