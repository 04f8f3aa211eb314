import { billReturnReasons, formatMoney, longDay, messages, parseMoney } from '@mutual/shared';
import type { Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectNoViolations } from './support/axe';
import {
  ALEX_EMAIL,
  addPayeeViaApi,
  billPayForm,
  billSection,
  everythingShown,
  firstSaturday,
  newestSentPayment,
  openBillPay,
  overviewOf,
  payableDay,
  paymentEntry,
  quickActions,
  quickPanel,
  readPayeeCode,
  refusalOf,
  scheduleViaApi,
  tile,
} from './support/bill-pay';
import {
  DESKTOP,
  MOBILE,
  type Viewport,
  browserSuite,
  expectStatus,
  hasHorizontalScroll,
  screenshot,
  visit,
} from './support/browser';
import { expectFlash, openAsStaff } from './support/console';
import { apiSignIn, fieldError, unexpectedErrors } from './support/identity';
import {
  SAM_EMAIL,
  SETTLED,
  accountsOf,
  demoMember,
  expectBalances,
  figures,
  fundedMember,
  headerFigures,
  markPage,
  memberOnDashboard,
  openDashboard,
  otherCode,
  recentTransactions,
  samePage,
} from './support/money';

const b = messages.billPay;
const CANNOT_MATCH = billReturnReasons.find((reason) => reason.code === 'ACCOUNT_NOT_FOUND')?.label ?? '';

/** Every Bill Pay POST the page sends, by path. */
function watchBillPayPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && pathname.startsWith('/api/bill-pay')) posts.push(pathname);
  });
  return posts;
}

/** A decimal string's cents ("86.40" → 8640n). */
function cents(decimal: string): bigint {
  const parsed = parseMoney(decimal);
  if (!parsed.ok) throw new Error(`not money: ${decimal}`);
  return parsed.cents;
}

const transactionRow = (page: Page, text: string) =>
  recentTransactions(page).getByTestId('transaction-row').filter({ visible: true }).filter({ hasText: text });

/** A new member with money in Checking and one saved payee (added through the API with its code). */
async function memberWithPayee(tag: string, checking: string, nickname: string, accountNumber: string) {
  const member = await fundedMember(tag, { Checking: checking });
  const session = await apiSignIn(member.email, member.password);
  const { payee } = await addPayeeViaApi(session, { billerId: 'demo-internet', accountNumber, nickname });
  const overview = await overviewOf(session);
  return { member, session, payee, overview, payeeLabel: `${nickname} (FastNet Internet)` };
}

browserSuite('[BILL_PAY]: Quick Actions and Bill Pay in the browser', (browser) => {
  test(
    '[QUICK_ACTIONS]: six tiles; Zelle and Rewards show only their messages, Cards ' +
      'says it is coming; "Back to Quick Actions" returns; the top nav opens Bill Pay and Cards',
    async () => {
      const { page, errors } = await memberOnDashboard(browser, 'qa-tiles', {});
      const region = quickActions(page);
      await region.scrollIntoViewIfNeeded();
      expect(
        (await region.getByRole('button').allInnerTexts()).map((text) => text.split('\n')[0]?.trim()),
        'the spec’s six tiles, in its order',
      ).toEqual(['Bill Pay', 'Mobile Deposit', 'Cards', 'Statements', 'Zelle', 'Rewards']);
      await screenshot(page, 'bill-pay-tiles');

      const panels: Array<{ label: string; id: string; says: string | RegExp }> = [
        { label: 'Zelle', id: 'zelle', says: /^Zelle® is coming soon to .+\.$/m },
        { label: 'Rewards', id: 'rewards', says: /^The .+ rewards program is being enhanced\.$/m },
      ];
      for (const { label, id, says } of panels) {
        await tile(page, label).click();
        const panel = quickPanel(page, id);
        await panel.waitFor({ state: 'visible' });
        expect(await panel.getByRole('heading', { level: 3 }).innerText()).toBe(label);
        const text = await panel.innerText();
        if (typeof says === 'string') expect(text).toContain(says);
        else expect(text).toMatch(says);
        // Never a fake form: no field to fill, and the only button is the way back.
        expect(await panel.locator('input, select, textarea, form').count(), `${label}: no form`).toBe(0);
        expect(await panel.getByRole('button').allInnerTexts()).toEqual(['Back to Quick Actions']);
        expect(await region.getByRole('button', { name: /^Bill Pay / }).count(), 'the tiles give way').toBe(0);

        await panel.getByRole('button', { name: 'Back to Quick Actions' }).click();
        await tile(page, label).waitFor({ state: 'visible' });
        await expect
          .poll(() => tile(page, label).evaluate((element) => element === document.activeElement), {
            message: `the focus is back on the ${label} tile`,
          })
          .toBe(true);
      }
      expect(await region.getByRole('button').count(), 'all six tiles again').toBe(6);

      // The top navigation: "Bill Pay" and "Cards" open their panels on the dashboard …
      const mainNav = page.getByRole('navigation', { name: 'Main' });
      await mainNav.getByRole('link', { name: 'Bill Pay', exact: true }).click();
      await page.waitForURL((url) => url.hash === '#quick-actions-billpay');
      await billPayForm(page).waitFor({ state: 'visible' });
      await mainNav.getByRole('link', { name: 'Cards', exact: true }).click();
      await page.waitForURL((url) => url.hash === '#quick-actions-cards');
      const cards = quickPanel(page, 'cards');
      await cards.getByRole('tab', { name: 'Overview' }).waitFor({ state: 'visible' });
      await expect
        .poll(() => cards.evaluate((element) => element.getBoundingClientRect().top < window.innerHeight), {
          message: 'scrolled to the Cards panel',
        })
        .toBe(true);

      // … and from another page too.
      await visit(page, '/dashboard/transactions');
      await mainNav.getByRole('link', { name: 'Bill Pay', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/dashboard' && url.hash === '#quick-actions-billpay');
      await billPayForm(page).waitFor({ state: 'visible' });
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[BILL_PAY]: Add Payee with the e-mailed code ("Invalid OTP" first); the payee list and the form ' +
      'show the account number masked, and the full number is nowhere on the page',
    async () => {
      const { member, page, errors } = await memberOnDashboard(browser, 'payee', { Checking: '100.00' }, 'Pia');
      const panel = await openBillPay(page);
      const payees = billSection(page, 'Your payees');
      await payees.getByText('No payees yet.', { exact: false }).waitFor({ state: 'visible' });

      await billPayForm(page).getByRole('button', { name: 'Add Payee', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Payee' });
      await dialog.waitFor({ state: 'visible' });
      const sendCode = dialog.getByRole('button', { name: 'Send code' });
      await sendCode.click();
      expect(await fieldError(page, dialog.getByLabel('Biller', { exact: true }))).toContain(b.chooseBiller);

      await dialog.getByLabel('Biller', { exact: true }).selectOption({ label: 'Riverside Electric Co.' });
      await dialog.getByLabel('Account number at the biller').fill('7730-0459-12');
      await dialog.getByLabel(/^Nickname/).fill('Home power');
      const since = Date.now();
      await sendCode.click();
      const confirm = dialog.getByRole('form', { name: 'Confirm payee' });
      await confirm.waitFor({ state: 'visible' });
      expect(await confirm.innerText()).toContain(b.codeSent);
      const mail = await readPayeeCode(member.email, since);
      expect(mail.text, 'the e-mail shows the number masked').toContain('••••5912');
      expect(mail.text).not.toContain('7730045912');
      await screenshot(page, 'bill-pay-add-payee-code');

      const otp = confirm.getByLabel('6-digit one-time password (OTP)');
      const addButton = confirm.getByRole('button', { name: 'Add Payee', exact: true });
      await otp.fill(otherCode(mail.code));
      await addButton.click();
      expect(await fieldError(page, otp)).toContain(messages.transfers.otpInvalid);

      await otp.fill(mail.code);
      await addButton.click();
      await dialog.waitFor({ state: 'detached' });
      const form = billPayForm(page);
      await expectStatus(form, b.payeeAdded('Home power'));
      // The new payee is chosen in the form, its number masked.
      const payeeSelect = form.getByLabel('Payee', { exact: true });
      expect(await payeeSelect.locator('option:checked').innerText()).toBe('Home power (Riverside Electric Co.)');
      expect(await form.getByLabel('Account Number', { exact: true }).inputValue()).toBe('••••5912');

      const entry = payees.getByRole('listitem').filter({ hasText: 'Home power (Riverside Electric Co.)' });
      await entry.waitFor({ state: 'visible' });
      expect(await entry.innerText()).toContain('Electric · ••••5912');
      const shown = await everythingShown(page);
      expect(shown).not.toContain('7730045912');
      expect(shown).not.toContain('7730-0459-12');
      await screenshot(page, 'bill-pay-payee-added');
      expect(await panel.isVisible()).toBe(true);
      expect(unexpectedErrors(errors, 400)).toEqual([]);
    },
  );

  test(
    '[BILL_PAY]: a one-off payment: "Please fill in all required fields", a Saturday refused in the ' +
      'server’s words, then "Payment scheduled successfully!", Scheduled with "Money held", the money held',
    async () => {
      const { member, session, payee, overview, payeeLabel } = await memberWithPayee(
        'one-off',
        '500.00',
        'Fibre',
        'FN-2209-8841',
      );
      const saturday = firstSaturday(overview);
      const payOn = payableDay(overview);
      const weekend = b.notBusinessDay(longDay(saturday), 'a Saturday');

      // The server refuses the Saturday with the same sentence the form shows.
      const refused = await refusalOf(
        scheduleViaApi(session, {
          fromAccount: 'Checking',
          payeeId: payee.id,
          amount: '82.40',
          payOn: saturday,
          memo: '',
          frequency: 'once',
        }),
      );
      expect(refused.status).toBe(400);
      expect(refused.body.fields?.payOn ?? refused.body.message).toBe(weekend);

      const { page, errors } = await openDashboard(browser, member);
      await expectBalances(page, 'Checking', { Balance: '$500.00', Available: '$500.00' });
      await markPage(page);
      const posts = watchBillPayPosts(page);
      await openBillPay(page);
      const form = billPayForm(page);
      const schedule = form.getByRole('button', { name: 'Schedule Payment' });

      await schedule.click();
      // The spec's sentence once, for the form; each empty field marked invalid.
      await form.getByRole('alert').filter({ hasText: b.fillAllFields }).waitFor({ state: 'visible' });
      expect(await form.getByText(b.fillAllFields).count()).toBe(1);
      for (const label of ['Payee', 'Amount', 'Payment Date']) {
        expect(await form.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).toBe('true');
      }
      await screenshot(page, 'bill-pay-required');

      await form.getByLabel('Payee', { exact: true }).selectOption({ label: payeeLabel });
      expect(await form.getByLabel('Account Number', { exact: true }).inputValue()).toBe('••••8841');
      await form.getByLabel('Amount', { exact: true }).fill('82.40');
      const date = form.getByLabel('Payment Date', { exact: true });
      await date.fill(saturday);
      await schedule.click();
      await expect.poll(() => fieldError(page, date)).toContain(weekend);
      expect(posts, 'nothing was sent').toEqual([]);

      await date.fill(payOn);
      await form.getByLabel(/^Memo/).fill('October bill');
      await schedule.click();
      await expectStatus(form, b.scheduled);
      expect(posts).toEqual(['/api/bill-pay/payments']);
      expect(await form.getByLabel('Amount', { exact: true }).inputValue(), 'the form is reset').toBe('');

      const upcoming = paymentEntry(billSection(page, 'Upcoming Bills'), 'Fibre', '$82.40');
      await upcoming.waitFor({ state: 'visible', ...SETTLED });
      const text = await upcoming.innerText();
      for (const part of ['Scheduled', 'Money held', 'One time', 'Memo: October bill', '••••8841'])
        expect(text).toContain(part);

      // Held, not gone: the available balance dropped by the amount, the balance did not.
      await expectBalances(page, 'Checking', { Balance: '$500.00', Available: '$417.60' });
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$417.60', pending: '$82.40' });
      const row = transactionRow(page, 'Bill payment to Fibre (••••8841)');
      await row.waitFor({ state: 'visible', ...SETTLED });
      const rowText = await row.innerText();
      for (const part of ['Bill Pay', 'Pending', '$82.40']) expect(rowText).toContain(part);
      expect(await samePage(page), 'no reload').toBe(true);
      await screenshot(page, 'bill-pay-scheduled');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[BILL_PAY]: a monthly payment for a number of payments shows in Recurring payments and ' +
      'Upcoming Bills; "Stop" (confirmed) ends it and frees the money',
    async () => {
      const { member, overview, payeeLabel } = await memberWithPayee(
        'recurring',
        '300.00',
        'Broadband',
        'FN-5531-0007',
      );
      const payOn = payableDay(overview);
      const { page, errors } = await openDashboard(browser, member);
      await openBillPay(page);
      const form = billPayForm(page);

      await form.getByLabel('Payee', { exact: true }).selectOption({ label: payeeLabel });
      await form.getByLabel('Amount', { exact: true }).fill('45.00');
      await form.getByLabel('Payment Date', { exact: true }).fill(payOn);
      await form.getByLabel('Frequency', { exact: true }).selectOption({ label: 'Monthly' });
      expect(await form.innerText(), 'the rule for a series’ money').toContain(
        'Each payment holds its money: the first when you schedule it, ' +
          'later ones on the business day before their date.',
      );
      await form.getByRole('radio', { name: 'After a number of payments' }).check();
      await form.getByLabel('How many payments').fill('6');
      await screenshot(page, 'bill-pay-recurring-form');
      await form.getByRole('button', { name: 'Schedule Payment' }).click();
      await expectStatus(form, b.scheduled);

      const series = billSection(page, 'Recurring payments');
      const entry = series.getByRole('listitem').filter({ hasText: 'Broadband (FastNet Internet)' });
      await entry.waitFor({ state: 'visible', ...SETTLED });
      expect(await entry.innerText()).toContain('$45.00, monthly from Checking');
      expect(await entry.innerText()).toContain('1 of 6 payments');
      const first = paymentEntry(billSection(page, 'Upcoming Bills'), 'Broadband', '$45.00');
      await first.waitFor({ state: 'visible', ...SETTLED });
      expect(await first.innerText()).toContain('Monthly, payment 1');
      expect(await first.innerText()).toContain('Money held');
      await expectBalances(page, 'Checking', { Balance: '$300.00', Available: '$255.00' });
      await screenshot(page, 'bill-pay-recurring');

      await entry.getByRole('button', { name: 'Stop recurring payment to Broadband (FastNet Internet)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stop recurring payment' });
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.innerText()).toContain('No further payments will be made');
      await dialog.getByRole('button', { name: 'Stop payments' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectStatus(series, b.seriesStopped('Broadband'));
      // The list holds the active ones: the stopped payment leaves it.
      await entry.waitFor({ state: 'detached', ...SETTLED });
      await series.getByText('No recurring payments.', { exact: false }).waitFor({ state: 'visible' });
      await first.waitFor({ state: 'detached', ...SETTLED });
      const stopped = paymentEntry(billSection(page, 'Payment History'), 'Broadband', '$45.00');
      await stopped.waitFor({ state: 'visible', ...SETTLED });
      expect(await stopped.innerText()).toContain('Cancelled');
      expect(await stopped.innerText()).toContain('Recurring payment stopped');
      await expectBalances(page, 'Checking', { Balance: '$300.00', Available: '$300.00' });
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[BILL_PAY]: cancelling a scheduled payment asks first; it moves to Payment History as ' +
      'Cancelled and the available balance is restored',
    async () => {
      const { member, session, payee, overview } = await memberWithPayee('cancel', '250.00', 'Router', 'FN-7100-3322');
      const payOn = payableDay(overview);
      await scheduleViaApi(session, {
        fromAccount: 'Checking',
        payeeId: payee.id,
        amount: '120.00',
        payOn,
        memo: '',
        frequency: 'once',
      });
      const { page, errors } = await openDashboard(browser, member);
      await expectBalances(page, 'Checking', { Balance: '$250.00', Available: '$130.00' });
      await openBillPay(page);
      const upcomingSection = billSection(page, 'Upcoming Bills');
      const upcoming = paymentEntry(upcomingSection, 'Router', '$120.00');
      await upcoming.waitFor({ state: 'visible' });

      await upcoming.getByRole('button', { name: /^Cancel payment to Router \(FastNet Internet\) on / }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel payment' });
      await dialog.waitFor({ state: 'visible' });
      const question = await dialog.innerText();
      expect(question).toContain('Cancel the payment of $120.00 to Router (FastNet Internet)');
      expect(question).toContain('Any money held for it becomes available again.');
      await screenshot(page, 'bill-pay-cancel-dialog');
      // "Keep payment" keeps it.
      await dialog.getByRole('button', { name: 'Keep payment' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await upcoming.isVisible()).toBe(true);

      await upcoming.getByRole('button', { name: /^Cancel payment to / }).click();
      await dialog.getByRole('button', { name: 'Cancel payment', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      await expectStatus(upcomingSection, b.cancelled('$120.00', 'Router', longDay(payOn)));
      await upcoming.waitFor({ state: 'detached', ...SETTLED });
      await upcomingSection.getByText('No bills are scheduled.').waitFor({ state: 'visible' });

      const history = paymentEntry(billSection(page, 'Payment History'), 'Router', '$120.00');
      await history.waitFor({ state: 'visible', ...SETTLED });
      expect(await history.innerText()).toContain('Cancelled');
      expect(await history.innerText()).toContain('Cancelled by you');
      await expectBalances(page, 'Checking', { Balance: '$250.00', Available: '$250.00' });
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$250.00', pending: '$0.00' });
      await screenshot(page, 'bill-pay-cancelled');
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[BILL_PAY]: staff return Alex’s newest sent payment ("The biller could not match the account ' +
      'number", with a note); Alex gets the money back, a "Bill payment returned" notification and a Returned row',
    async () => {
      // Alex's electric bill: after the cut-off, a payment the job sent today (another payee) is newer.
      const sent = await newestSentPayment(ALEX_EMAIL, 'Riverside Electric Co.');
      const amount = formatMoney(cents(sent.amount));
      const alexApi = await apiSignIn(ALEX_EMAIL);
      const before = (await accountsOf(alexApi))[sent.fromAccount];

      const { page, errors } = await openAsStaff(browser);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await visit(page, '/admin/payments?tab=bill-pay');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Payment Operations');
      for (const name of ['Due today', 'Scheduled', 'Sent', 'Returned'])
        await page.getByRole('tab', { name: new RegExp(`^${name} \\(\\d+\\)$`) }).waitFor({ state: 'visible' });
      await page.getByRole('tab', { name: /^Sent / }).click();
      // The Sent tab opens on the credit union's today. After the cut-off the newest sent payment may
      // be today's, already the day shown: picking it again changes nothing, so only another day is picked.
      const sentOn = page.getByLabel('Sent on', { exact: true });
      await expect.poll(() => sentOn.inputValue(), { message: 'the Sent tab shows a day' }).not.toBe('');
      if ((await sentOn.inputValue()) !== sent.payOn) {
        await sentOn.fill(sent.payOn);
        await page.waitForURL((url) => url.searchParams.get('date') === sent.payOn);
      }
      const row = page
        .getByTestId('bill-payment')
        .filter({ visible: true })
        .filter({ hasText: ALEX_EMAIL })
        .filter({ hasText: amount });
      await row.waitFor({ state: 'visible' });
      const rowText = await row.innerText();
      for (const part of ['Alex Morgan', 'Electric (Riverside Electric Co.)', 'Sent', sent.confirmationNumber ?? '?'])
        expect(rowText).toContain(part);
      expect(rowText, 'masked').not.toContain('5512345678');
      await screenshot(page, 'bill-pay-staff-sent');

      await row.getByRole('button', { name: /^Return / }).click();
      const dialog = page.getByRole('dialog', { name: 'Return payment' });
      await dialog.waitFor({ state: 'visible' });
      const submit = dialog.getByRole('button', { name: 'Return payment', exact: true });
      await submit.click();
      expect(await fieldError(page, dialog.getByLabel('Return reason'))).toContain(
        messages.paymentOps.returnCodeRequired,
      );
      await dialog.getByLabel('Return reason').selectOption({ label: CANNOT_MATCH });
      const note = 'Riverside Electric says the account number ends in 5679; please check your bill.';
      await dialog.getByLabel(/^Note to the member/).fill(note);
      await expectNoViolations(page, 'the Bill Pay Return dialog', '[role="dialog"]');
      await screenshot(page, 'bill-pay-staff-return-dialog');
      await submit.click();
      await expectFlash(page, b.returned(amount, 'Electric', CANNOT_MATCH));
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('tab', { name: /^Returned / }).click();
      const returned = page
        .getByTestId('bill-payment')
        .filter({ visible: true })
        .filter({ hasText: ALEX_EMAIL })
        .filter({ hasText: sent.confirmationNumber ?? '?' });
      await returned.waitFor({ state: 'visible' });
      expect(await returned.innerText()).toContain(CANNOT_MATCH);
      expect(await returned.getByTestId('bill-return-note').innerText()).toBe(`Note to the member: ${note}`);
      await screenshot(page, 'bill-pay-staff-returned');
      expect(unexpectedErrors(errors)).toEqual([]);

      // Alex: the money is back, the bell says so in plain words, and the history shows it Returned.
      const after = (await accountsOf(alexApi))[sent.fromAccount];
      expect(cents(after.balance), 'the money is back').toBe(cents(before.balance) + cents(sent.amount));
      const alex = await openDashboard(browser, demoMember(ALEX_EMAIL));
      if (sent.fromAccount === 'Checking') {
        await expect
          .poll(() => figures(alex.page.getByTestId('checking-card')), SETTLED)
          .toMatchObject({ Balance: formatMoney(cents(before.balance) + cents(sent.amount)) });
      }
      await alex.page.getByTestId('notifications-trigger').click();
      const notification = alex.page
        .getByTestId('notification-list')
        .locator('li')
        .filter({ hasText: 'Bill payment returned' });
      await notification.waitFor({ state: 'visible', ...SETTLED });
      const said = await notification.innerText();
      expect(said).toContain(
        `Your payment of ${amount} to Electric sent on ${longDay(sent.payOn)} came back: ` +
          `${CANNOT_MATCH.toLowerCase()}.`,
      );
      expect(said).toContain(`The money is back in your ${sent.fromAccount} account.`);
      expect(said).toContain(`Note from our payments team: ${note}`);
      await screenshot(alex.page, 'bill-pay-member-notified');
      await alex.page.keyboard.press('Escape');

      const credit = transactionRow(alex.page, `Returned bill payment to Electric: ${CANNOT_MATCH}`);
      await credit.waitFor({ state: 'visible', ...SETTLED });
      expect(await credit.innerText()).toContain(amount);
      await openBillPay(alex.page);
      const history = paymentEntry(billSection(alex.page, 'Payment History'), 'Electric', 'Returned');
      await history.waitFor({ state: 'visible', ...SETTLED });
      expect(await history.innerText()).toContain(amount);
      expect(await history.innerText()).toContain(CANNOT_MATCH);
      await screenshot(alex.page, 'bill-pay-member-returned');
      expect(unexpectedErrors(alex.errors)).toEqual([]);
    },
  );

  for (const viewport of [DESKTOP, MOBILE] as Viewport[]) {
    test(`[BILL_PAY]: the member’s Bill Pay panel and Add Payee pass axe and fit at ${viewport.width} px`, async () => {
      const { page, errors } = await openDashboard(browser, demoMember(SAM_EMAIL), viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await openBillPay(page);
      await paymentEntry(billSection(page, 'Payment History'), 'Water').first().waitFor({ state: 'visible' });
      await paymentEntry(billSection(page, 'Upcoming Bills'), 'Scheduled').first().waitFor({ state: 'visible' });
      await expectNoViolations(page, `the Bill Pay panel at ${viewport.width} px`);
      expect(await hasHorizontalScroll(page), 'no sideways scroll').toBe(false);
      await screenshot(page, 'bill-pay-panel');

      await billPayForm(page).getByRole('button', { name: 'Add Payee', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Payee' });
      await dialog.waitFor({ state: 'visible' });
      await expectNoViolations(page, `Add Payee at ${viewport.width} px`, '[role="dialog"]');
      expect(await hasHorizontalScroll(page), 'no sideways scroll with the dialog open').toBe(false);
      await screenshot(page, 'bill-pay-add-payee');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(unexpectedErrors(errors)).toEqual([]);
    });

    test(`[BILL_PAY]: the staff Bill Pay tab passes axe and fits at ${viewport.width} px`, async () => {
      const { payOn } = await newestSentPayment(SAM_EMAIL);
      const { page, errors } = await openAsStaff(browser, viewport);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await visit(page, `/admin/payments?tab=bill-pay&view=sent&date=${payOn}`);
      const row = page.getByTestId('bill-payment').filter({ visible: true }).filter({ hasText: SAM_EMAIL }).first();
      await row.waitFor({ state: 'visible' });
      expect(await row.getByRole('button', { name: /^Return / }).isVisible()).toBe(true);
      await expectNoViolations(page, `the staff Bill Pay tab at ${viewport.width} px`);
      expect(await hasHorizontalScroll(page), 'no sideways scroll').toBe(false);
      await screenshot(page, 'bill-pay-staff-tab');
      expect(unexpectedErrors(errors)).toEqual([]);
    });
  }
});
