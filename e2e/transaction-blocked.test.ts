import { messages } from '@mutual/shared';
import type { Locator } from 'playwright-core';
import { expect, test } from 'vitest';
import { MOBILE, browserSuite, screenshot } from './support/browser';
import { apiSignIn, mailsTo, pathname, staffApi, unexpectedErrors } from './support/identity';
import {
  accountsOf,
  continueUsBankTransfer,
  fundedMember,
  openDashboard,
  otherCode,
  readTransferCode,
} from './support/money';
import { e2eSite } from './support/site';

const t = messages.transfers;
/** The server's default: wrong confirmation codes within 24 hours, all codes together. */
const THRESHOLD = 10;
const TRIES_PER_CODE = 5;

browserSuite('[TRANSFERS]: too many wrong confirmation codes', (browser) => {
  test(
    '[TRANSFERS]: after 10 wrong codes over two US bank transfer codes, "Transaction Blocked" says why and ' +
      'how to reach support; closing it signs out; staff see a hold placed by the portal; nothing moved',
    async () => {
      const member = await fundedMember('blocked', { Checking: '300.00' }, 'Blake');
      const { page, errors } = await openDashboard(browser, member, MOBILE);
      const transfer = {
        bank: 'TD Bank',
        accountNumber: '4410023356',
        holder: 'Jamie Brooks',
        amount: '40.00',
        reference: 'Rent',
      };

      /** Continues to the code step (the form is filled in again when the last code ran out) and returns it. */
      const codeStep = async (panel?: Locator) => {
        const since = Date.now();
        if (panel) await panel.getByRole('button', { name: 'Continue', exact: true }).click();
        else panel = (await continueUsBankTransfer(page, transfer)).panel;
        const step = panel.getByRole('form', { name: 'Confirm Transfer' });
        await step.waitFor({ state: 'visible' });
        return { panel, step, wrong: otherCode(await readTransferCode(member.email, since)) };
      };
      const enter = async (step: Locator, code: string) => {
        await step.getByLabel('6-digit one-time password (OTP)').fill(code);
        await step.getByRole('button', { name: 'Confirm Transfer' }).click();
      };

      // The first code: five wrong tries, each "Invalid OTP"; a sixth finds the code used up.
      const first = await codeStep();
      for (let i = 0; i < TRIES_PER_CODE; i += 1) {
        await enter(first.step, first.wrong);
        await first.step.getByRole('alert').filter({ hasText: t.otpInvalid }).waitFor({ state: 'visible' });
      }
      await enter(first.step, first.wrong);
      const form = first.panel.getByRole('form', { name: 'To US Bank' });
      await form.getByText(t.otpExpired).waitFor({ state: 'visible' });

      // A new code: four more wrong tries are still "Invalid OTP"; the tenth blocks.
      const second = await codeStep(first.panel);
      for (let i = TRIES_PER_CODE + 1; i < THRESHOLD; i += 1) {
        await enter(second.step, second.wrong);
        await second.step.getByRole('alert').filter({ hasText: t.otpInvalid }).waitFor({ state: 'visible' });
      }
      await enter(second.step, second.wrong);
      const dialog = page.getByRole('dialog', { name: t.blockedTitle });
      await dialog.waitFor({ state: 'visible' });
      const text = await dialog.innerText();
      expect(text).toContain(t.blocked);
      expect(text).toContain(`Support hours: ${e2eSite.supportHours}`);
      expect(await dialog.getByRole('link', { name: e2eSite.supportEmail, exact: true }).getAttribute('href')).toBe(
        `mailto:${e2eSite.supportEmail}`,
      );
      await screenshot(page, 'transaction-blocked');

      await dialog.getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByText(t.blockedSignedOut).waitFor({ state: 'visible' });
      expect(pathname(page)).toBe('/login');

      const [mail] = await mailsTo(member.email, { template: 'transactions-blocked' });
      expect(mail?.subject).toContain('We blocked transactions');
      const detail = await staffApi.detail(member.email);
      expect(detail.hold).toMatchObject({ placedBy: null, reason: messages.holds.securityReason(THRESHOLD, 24) });
      // Signed in again, the money is where it was: no transfer went out, nothing is held.
      const again = await apiSignIn(member.email, member.password);
      expect(await accountsOf(again)).toMatchObject({ Checking: { balance: '300.00', available: '300.00' } });
      expect(unexpectedErrors(errors, 400, 401, 403)).toEqual([]);
    },
  );
});
