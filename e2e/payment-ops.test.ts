import { randomUUID } from 'node:crypto';
import {
  type ExternalTransferInput,
  IDEMPOTENCY_HEADER,
  type TransferChallenge,
  type TransferResult,
  messages,
} from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
import {
  DESKTOP,
  MOBILE,
  type Viewport,
  browserSuite,
  hasHorizontalScroll,
  screenshot,
  visit,
} from './support/browser';
import { expectFlash, openAsStaff } from './support/console';
import { downloadFrom } from './support/downloads';
import { type ApiSession, unexpectedErrors } from './support/identity';
import {
  SETTLED,
  continueUsBankTransfer,
  expectBalances,
  fundedMember,
  memberOnDashboard,
  openDashboard,
  readTransferCode,
  recentTransactions,
} from './support/money';

const m = messages.paymentOps;
const R03 = 'No account / unable to locate account';

/** Both steps of "To US Bank" through the API, with the e-mailed code. */
async function sendToUsBank(session: ApiSession, form: ExternalTransferInput): Promise<TransferResult> {
  const since = Date.now();
  const { challengeId } = await session.request<TransferChallenge>('POST', '/api/transfers/external/challenge', form);
  const otp = await readTransferCode(session.email, since);
  return session.request<TransferResult>(
    'POST',
    '/api/transfers/external',
    { transfer: form, challengeId, otp },
    { [IDEMPOTENCY_HEADER]: randomUUID() },
  );
}

/** The visible queue entry (a table row, or a card on a phone) holding all of `texts`. */
function orderRow(page: Page, ...texts: string[]): Locator {
  let rows = page.getByRole('tabpanel').getByTestId('payment-order').filter({ visible: true });
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
}

browserSuite('[PAYMENT_OPS]: staff settle and return members’ payments to other banks', (browser) => {
  async function openPaymentOps(viewport: Viewport = DESKTOP) {
    const opened = await openAsStaff(browser, viewport);
    await opened.page.emulateMedia({ reducedMotion: 'reduce' });
    await visit(opened.page, '/admin/payments');
    return opened;
  }

  test(
    '[PAYMENT_OPS]: a member sends two US-bank transfers; staff settle one and return ' +
      'the other with R03; the member sees it Failed with the reason and the money back',
    async () => {
      const member = await fundedMember('payops', { Checking: '900.00' }, 'Paula');
      const dashboard = await openDashboard(browser, member);

      // The first through the dashboard's To US Bank tab, the second through the API.
      const { panel, since } = await continueUsBankTransfer(dashboard.page, {
        bank: 'TD Bank',
        accountNumber: '4410023356',
        holder: 'Sky Settle',
        amount: '120.00',
        reference: 'Rent share',
      });
      const confirm = panel.getByRole('form', { name: 'Confirm Transfer' });
      await confirm.getByLabel('6-digit one-time password (OTP)').fill(await readTransferCode(member.email, since));
      await confirm.getByRole('button', { name: 'Confirm Transfer' }).click();
      await dashboard.page.getByRole('dialog', { name: 'Transfer Submitted' }).waitFor({ state: 'visible' });
      await sendToUsBank(dashboard.session, {
        transferType: 'external',
        fromAccount: 'Checking',
        toBank: 'Citibank',
        routingNumber: '021000089',
        accountNumber: '000987654321',
        accountName: 'Ray Return',
        amount: '75.00',
        reference: 'Deposit',
      });
      await expectBalances(dashboard.page, 'Checking', { Balance: '$900.00', Available: '$705.00' });

      // Staff: Payment Operations.
      const { page, errors } = await openPaymentOps();
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Payment Operations');
      // Times are the credit union's (TIME_ZONE, the default in the harness), not the browser's.
      await page.getByText('Times are the credit union’s (America/New_York).').waitFor({ state: 'visible' });
      await page.getByRole('link', { name: 'Back to Admin Dashboard' }).waitFor({ state: 'visible' });
      for (const tab of ['Pending', 'Settled', 'Returned', 'Expired'])
        await page.getByRole('tab', { name: new RegExp(`^${tab} \\(\\d+\\)$`) }).waitFor({ state: 'visible' });
      const toSettle = orderRow(page, member.email, '$120.00');
      const toReturn = orderRow(page, member.email, '$75.00');
      await toSettle.waitFor({ state: 'visible' });
      const text = await toSettle.innerText();
      for (const part of ['Sky Settle', 'TD Bank', 'Routing 031101266', '••3356', 'Rent share', 'Not yet'])
        expect(text).toContain(part);
      expect(text).not.toContain('4410023356');
      await screenshot(page, 'payment-ops-pending');

      await toSettle.getByRole('button', { name: /^Settle / }).click();
      const settleDialog = page.getByRole('dialog', { name: 'Settle payment' });
      expect(await settleDialog.innerText()).toContain('Sky Settle');
      await settleDialog.getByRole('button', { name: 'Settle payment' }).click();
      await expectFlash(page, m.settled('$120.00', 'Sky Settle'));
      await toSettle.waitFor({ state: 'detached' });

      await toReturn.getByRole('button', { name: /^Return / }).click();
      const returnDialog = page.getByRole('dialog', { name: 'Return payment' });
      await returnDialog.getByRole('button', { name: 'Return payment' }).click();
      await returnDialog.getByRole('alert').filter({ hasText: m.returnCodeRequired }).waitFor({ state: 'visible' });
      await returnDialog.getByRole('radio', { name: `R03 · ${R03}` }).check();
      const note = 'Citibank could not find this account. Please check the number with Ray.';
      await returnDialog.getByLabel(/^Note to the member/).fill(note);
      const axeDialog = await seriousViolations(page);
      expect(axeDialog, `axe found in the Return dialog:\n${axeDialog.join('\n')}`).toEqual([]);
      await screenshot(page, 'payment-ops-return-dialog');
      await returnDialog.getByRole('button', { name: 'Return payment' }).click();
      await expectFlash(page, m.returned('$75.00', 'Ray Return', R03));
      await toReturn.waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: /^Returned/ }).click();
      const returned = orderRow(page, member.email, '$75.00');
      await returned.waitFor({ state: 'visible' });
      expect(await returned.innerText()).toContain(`R03 · ${R03}`);
      // The note is kept on the order, not only in the audit log.
      expect(await returned.getByTestId('return-note').innerText()).toBe(`Note to the member: ${note}`);
      await screenshot(page, 'payment-ops-returned');
      await page.getByRole('tab', { name: /^Settled/ }).click();
      await orderRow(page, member.email, '$120.00').waitFor({ state: 'visible' });
      const axe = await seriousViolations(page);
      expect(axe, `axe found on /admin/payments:\n${axe.join('\n')}`).toEqual([]);
      expect(unexpectedErrors(errors, 400)).toEqual([]);

      // The member's open dashboard: $120.00 gone, $75.00 back, the return Failed with its reason.
      await expectBalances(dashboard.page, 'Checking', { Balance: '$780.00', Available: '$780.00' });
      const failed = recentTransactions(dashboard.page)
        .getByTestId('transaction-row')
        .filter({ hasText: 'Ray Return' })
        .filter({ visible: true });
      await expect.poll(() => failed.innerText(), SETTLED).toContain('Failed');
      expect(await failed.innerText()).toContain(R03);
      const settled = recentTransactions(dashboard.page)
        .getByTestId('transaction-row')
        .filter({ hasText: 'Sky Settle' })
        .filter({ visible: true });
      expect(await settled.innerText()).toContain('Completed');
      await screenshot(dashboard.page, 'payment-ops-member-returned');
      expect(unexpectedErrors(dashboard.errors)).toEqual([]);
    },
  );

  test(
    '[PAYMENT_OPS]: Export ACH file (NACHA) puts waiting ACH payments ' +
      'in a file that downloads again; the queue reads well on a phone',
    async () => {
      const { member, session } = await memberOnDashboard(browser, 'payops-ach', { Checking: '300.00' }, 'Nadia');
      await sendToUsBank(session, {
        transferType: 'external',
        fromAccount: 'Checking',
        toBank: 'KeyBank',
        routingNumber: '041001039',
        accountNumber: '55501234',
        accountName: 'Nico Nacha',
        amount: '42.00',
        reference: 'Invoice 1042',
      });

      const { page, errors } = await openPaymentOps();
      const row = orderRow(page, member.email, '$42.00');
      await row.waitFor({ state: 'visible' });
      expect(await row.innerText()).toContain('Not yet');
      await page.getByLabel('SEC code').selectOption('PPD');
      await page.getByRole('button', { name: 'Export ACH file (NACHA)' }).click();
      const flash = page.getByTestId('admin-flash');
      await flash.waitFor({ state: 'visible' });
      const fileName = /^(ACH-\d{8}-\d+\.txt) created with/.exec((await flash.innerText()).trim())?.[1];
      expect(fileName, await flash.innerText()).toBeTruthy();
      await expect.poll(() => row.innerText(), SETTLED).toContain(fileName ?? '');
      await page
        .getByTestId('ach-waiting')
        .filter({ hasText: 'No ACH payments are waiting to be exported.' })
        .waitFor({ state: 'visible' });
      expect(await page.getByRole('button', { name: 'Export ACH file (NACHA)' }).isDisabled()).toBe(true);

      const file = await downloadFrom(page, page.getByRole('link', { name: `Download ${fileName ?? ''}` }));
      expect(file.name).toBe(fileName);
      const lines = file.text.trimEnd().split('\n');
      expect(lines.every((line) => line.length === 94)).toBe(true);
      expect(lines[0]?.startsWith('101 ')).toBe(true);
      expect(lines[1]?.slice(50, 53)).toBe('PPD');
      expect(
        lines.some(
          (line) =>
            line.startsWith('6220410010395550123') && line.includes('0000004200') && line.includes('NICO NACHA'),
        ),
      ).toBe(true);
      await screenshot(page, 'payment-ops-exported');
      expect(unexpectedErrors(errors)).toEqual([]);

      // Phone: cards, no sideways scrolling, nothing axe objects to.
      const phone = await openPaymentOps(MOBILE);
      const card = orderRow(phone.page, member.email, '$42.00');
      await card.waitFor({ state: 'visible' });
      expect(await card.getByRole('button', { name: /^Settle / }).isVisible()).toBe(true);
      expect(await hasHorizontalScroll(phone.page)).toBe(false);
      const axe = await seriousViolations(phone.page);
      expect(axe, `axe found on /admin/payments at 390 px:\n${axe.join('\n')}`).toEqual([]);
      await screenshot(phone.page, 'payment-ops-pending');
      await card.getByRole('button', { name: /^Settle / }).click();
      await phone.page
        .getByRole('dialog', { name: 'Settle payment' })
        .getByRole('button', { name: 'Settle payment' })
        .click();
      await expectFlash(phone.page, m.settled('$42.00', 'Nico Nacha'));
      expect(unexpectedErrors(phone.errors)).toEqual([]);
    },
  );
});
