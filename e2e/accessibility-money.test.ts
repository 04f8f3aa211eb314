import type { Page } from 'playwright-core';
import { beforeAll, expect, test } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, MOBILE, type Viewport, browserSuite, visit } from './support/browser';
import { type ApiSession, apiSignIn } from './support/identity';
import {
  TAYLOR_EMAIL,
  chooseOption,
  continueUsBankTransfer,
  fillInternationalForm,
  fundedMember,
  openTab,
} from './support/money';

/**
 * The member's money screens under axe-core (WCAG 2.1 AA), with the money browser tests: the
 * dashboard and the history with rows, each transfer tab with its errors, the confirmation steps
 * and "Transaction Denied". The public pages, sign-in and the staff console are in
 * accessibility.test.ts.
 */
browserSuite('[ACCESSIBILITY]: axe-core WCAG 2.1 AA, the money screens', (browser) => {
  let member: ApiSession | undefined;
  beforeAll(async () => {
    // Money, so the dashboard and the history have rows and the transfer forms a balance.
    const person = await fundedMember('axe-money', { Checking: '750.00' }, 'Axel');
    member = await apiSignIn(person.email, person.password);
  });

  /** A page whose browser starts out signed in (cookies from an API sign-in), animations off. */
  async function openAs(session: ApiSession, viewport: Viewport) {
    const { page } = await browser.openSignedIn(session, viewport);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return page;
  }

  async function openMember(viewport: Viewport) {
    if (!member) throw new Error('no member session');
    return openAs(member, viewport);
  }

  const screens = [
    {
      path: '/dashboard',
      ready: (page: Page) =>
        page
          .getByRole('region', { name: 'Recent Transactions' })
          .getByText('Balance adjustment')
          .filter({ visible: true }),
    },
    { path: '/dashboard/transactions', ready: (page: Page) => page.getByTestId('history-range') },
  ];

  for (const viewport of [DESKTOP, MOBILE]) {
    for (const { path, ready } of screens) {
      const name = `[ACCESSIBILITY]: ${path} signed in as member at ${viewport.width} px`;
      test(`${name} has no serious or critical violations`, async () => {
        const page = await openMember(viewport);
        await visit(page, path);
        expect(new URL(page.url()).pathname).toBe(path);
        await ready(page).waitFor({ state: 'visible' });
        const violations = await seriousViolations(page);
        expect(violations, `axe found on ${path}:\n${violations.join('\n')}`).toEqual([]);
      });
    }
  }

  for (const viewport of [DESKTOP, MOBILE]) {
    test(
      `[ACCESSIBILITY]: at ${viewport.width} px each transfer tab, ` +
        'with its errors showing, and the US-bank and international confirmation steps',
      async () => {
        const page = await openMember(viewport);
        await visit(page, '/dashboard');
        for (const tab of ['Between Accounts', 'To Member', 'To US Bank', 'International'] as const) {
          const panel = await openTab(page, tab);
          // An empty form sent: every rule's message is on screen.
          await panel.getByRole('button', { name: /^(Transfer|Continue)$/ }).click();
          await panel.getByRole('alert').first().waitFor({ state: 'visible' });
          const violations = await seriousViolations(page);
          expect(violations, `axe found on ${tab}:\n${violations.join('\n')}`).toEqual([]);
        }

        let panel = await openTab(page, 'International');
        await fillInternationalForm(panel, {
          recipient: 'Ana Lima',
          bank: 'Banco Sul',
          swift: 'BSULPTPL',
          accountNumber: 'PT50000201231234567890154',
          amount: '5.00',
          reference: 'Rent',
        });
        // The open country list too.
        await panel.getByRole('combobox', { name: 'Country' }).fill('po');
        await panel.getByRole('listbox', { name: 'Country' }).waitFor({ state: 'visible' });
        let violations = await seriousViolations(page);
        expect(violations, `axe found on the open country list:\n${violations.join('\n')}`).toEqual([]);
        await chooseOption(panel, 'Country', 'port', 'Portugal (PT)');
        await panel.getByRole('button', { name: 'Continue', exact: true }).click();
        await panel.getByRole('form', { name: 'Confirm Transfer' }).waitFor({ state: 'visible' });
        violations = await seriousViolations(page);
        expect(violations, `axe found on the international confirmation:\n${violations.join('\n')}`).toEqual([]);

        ({ panel } = await continueUsBankTransfer(page, {
          bank: 'KeyBank',
          accountNumber: '12345678',
          holder: 'Axel Example',
          amount: '5.00',
          reference: 'Rent',
        }));
        const confirm = panel.getByRole('form', { name: 'Confirm Transfer' });
        // Confirm stays off until six digits: a wrong code brings the step's error ("Invalid OTP").
        await confirm.getByLabel('6-digit one-time password (OTP)').fill('000000');
        await confirm.getByRole('button', { name: 'Confirm Transfer' }).click();
        await confirm.getByRole('alert').first().waitFor({ state: 'visible' });
        violations = await seriousViolations(page);
        expect(violations, `axe found on the US-bank confirmation:\n${violations.join('\n')}`).toEqual([]);
      },
    );
  }

  test('[ACCESSIBILITY]: the "Transaction Denied" modal of a member on hold', async () => {
    const page = await openAs(await apiSignIn(TAYLOR_EMAIL), MOBILE);
    await visit(page, '/dashboard');
    await continueUsBankTransfer(page, {
      bank: 'KeyBank',
      accountNumber: '12345678',
      holder: 'Axel Example',
      amount: '5.00',
      reference: 'Rent',
    });
    await page.getByRole('dialog', { name: 'Transaction Denied' }).waitFor({ state: 'visible' });
    const violations = await seriousViolations(page);
    expect(violations, `axe found in Transaction Denied:\n${violations.join('\n')}`).toEqual([]);
  });
});
