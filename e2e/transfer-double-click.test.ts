import { IDEMPOTENCY_HEADER, type TransactionPage } from '@mutual/shared';
import type { Page, Response } from 'playwright-core';
import { expect, test } from 'vitest';
import { browserSuite, expectStatus } from './support/browser';
import { mailsTo, unexpectedErrors } from './support/identity';
import {
  accountsOf,
  expectBalances,
  fillUsBankForm,
  memberOnDashboard,
  openTab,
  readTransferCode,
} from './support/money';

/**
 * The POSTs the page sends to `path`: their Idempotency-Keys, and a wait for every answer (so a
 * second request, had there been one, has done whatever it would do before the test looks).
 */
function watchPosts(page: Page, path: string) {
  const keys: string[] = [];
  const answers: Promise<Response | null>[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).pathname !== path) return;
    keys.push(request.headers()[IDEMPOTENCY_HEADER] ?? '');
    answers.push(request.response());
  });
  return { keys, answered: () => Promise.all(answers) };
}

browserSuite('[TRANSFERS]: a double click sends one transfer', (browser) => {
  test('[TRANSFERS]: double-clicking "Transfer" on Between Accounts moves the money once', async () => {
    const { page, errors, session } = await memberOnDashboard(browser, 'double-internal', {
      Checking: '100.00',
    });
    const posts = watchPosts(page, '/api/transfers/internal');
    const panel = await openTab(page, 'Between Accounts');
    await panel.getByLabel('Amount', { exact: true }).fill('30.00');
    await panel.getByLabel('Reference', { exact: true }).fill('Savings top-up');
    await panel.getByRole('button', { name: 'Transfer', exact: true }).dblclick();
    await expectStatus(panel, 'Transferred $30.00');
    await posts.answered();

    expect(posts.keys.length, 'at least the one request').toBeGreaterThan(0);
    expect(new Set(posts.keys).size, 'any repeat carries the same Idempotency-Key').toBe(1);
    await expectBalances(page, 'Checking', { Balance: '$70.00', Available: '$70.00' });
    await expectBalances(page, 'Savings', { Balance: '$30.00', Available: '$30.00' });
    const accounts = await accountsOf(session);
    expect([accounts.Checking.balance, accounts.Savings.balance]).toEqual(['70.00', '30.00']);
    const transfers = await session.request<TransactionPage>('GET', '/api/me/transactions?category=Transfer');
    expect(transfers.items, 'one transfer: its debit and its credit').toHaveLength(2);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test(
    '[TRANSFERS]: double-clicking "Continue" and "Confirm Transfer" ' +
      'on To US Bank asks for one code and sends one payment',
    async () => {
      const { member, page, errors, session } = await memberOnDashboard(browser, 'double-external', {
        Checking: '100.00',
      });
      const challenges = watchPosts(page, '/api/transfers/external/challenge');
      const confirms = watchPosts(page, '/api/transfers/external');
      const panel = await openTab(page, 'To US Bank');
      await fillUsBankForm(panel, {
        bank: 'Citibank',
        accountNumber: '987654321',
        holder: 'Drew Example',
        amount: '30.00',
        reference: 'Rent',
      });
      const since = Date.now();
      await panel.getByRole('button', { name: 'Continue', exact: true }).dblclick();
      const confirm = panel.getByRole('form', { name: 'Confirm Transfer' });
      await confirm.waitFor({ state: 'visible' });
      await challenges.answered();
      expect(challenges.keys, 'one code requested').toHaveLength(1);

      await confirm.getByLabel('6-digit one-time password (OTP)').fill(await readTransferCode(member.email, since));
      await confirm.getByRole('button', { name: 'Confirm Transfer' }).dblclick();
      await page.getByRole('dialog', { name: 'Transfer Submitted' }).waitFor({ state: 'visible' });
      await confirms.answered();
      expect(new Set(confirms.keys).size, 'any repeat carries the same Idempotency-Key').toBe(1);
      expect(await mailsTo(member.email, { template: 'transfer-code', since }), 'one code e-mailed').toHaveLength(1);

      await expectBalances(page, 'Checking', { Balance: '$100.00', Available: '$70.00' });
      expect((await accountsOf(session)).Checking.available).toBe('70.00');
      const pending = await session.request<TransactionPage>('GET', '/api/me/transactions?status=Pending');
      expect(pending.items, 'one pending payment').toHaveLength(1);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );
});
