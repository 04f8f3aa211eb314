import { messages } from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import { expect, test } from 'vitest';
import { expectNoViolations } from './support/axe';
import { ALEX_EMAIL, everythingShown } from './support/bill-pay';
import {
  DESKTOP,
  MOBILE,
  type Viewport,
  browserSuite,
  expectStatus,
  hasHorizontalScroll,
  headingText,
  partScreenshot,
  screenshot,
  viewportScreenshot,
  visit,
} from './support/browser';
import {
  cardItem,
  cardStatus,
  cardTransaction,
  cardholderOnDashboard,
  dashboardTransaction,
  debitCardOf,
  expectDecision,
  grouped,
  openCards,
  openModal,
  openModalWithCode,
  printedOnPicture,
  readCardCode,
  terminalCard,
  terminalPurchase,
  terminalSettle,
} from './support/cards';
import { unexpectedErrors } from './support/identity';
import { mailsTo } from './support/mailbox';
import { openMemberInConsole, staffRow } from './support/staff-money';
import { SETTLED, demoMember, headerFigures, markPage, openDashboard, otherCode, samePage } from './support/money';

/**
 * Cards in the browser (spec §2 Cards, §8 the card modal; issue 18 item 7): every control a member
 * sets decides the purchases a card processor asks us about. Each test has its own new member with
 * $500.00 in Checking (whose debit card is issued on the first visit to the Cards panel) and buys
 * through the demo card terminal (`/api/dev/terminal`, or its page), so the demo members' cards
 * and Checking histories are left as other specs expect them. Alex's Cards panel is only looked at.
 */

const m = messages.cards;
/** The demo cards' PIN: wrong for every card of these tests (a new card has no PIN until one is chosen). */
const DEMO_PIN = '2580';

/** The text of the dashboard's Recent Transactions entry once it shows up (live: no reload). */
async function liveEntry(page: Page, ...texts: string[]): Promise<string> {
  const entry = dashboardTransaction(page, ...texts);
  await entry.first().waitFor({ state: 'visible', ...SETTLED });
  return entry.first().innerText();
}

/**
 * Card transactions whose merchant name is squeezed into a narrow column (a long decline reason
 * beside it on a phone), so it breaks over more than three lines: the names.
 */
const squeezedMerchants = (panel: Locator) =>
  panel
    .getByTestId('card-transaction')
    .filter({ visible: true })
    .evaluateAll((items) =>
      items.flatMap((item) => {
        const name = item.querySelector('p');
        if (!name) return [];
        const lineHeight = Number.parseFloat(getComputedStyle(name).lineHeight) || 24;
        return name.getBoundingClientRect().height > 3.5 * lineHeight ? [name.textContent] : [];
      }),
    );

browserSuite('[CARDS]: the Cards panel, its modal and the card terminal in the browser', (browser) => {
  test(
    '[CARDS]: Lock Card locks at once — a purchase is then declined "Declined: card locked" and the decline ' +
      'reaches the open dashboard with its reason; after Unlock Card a purchase is approved and shows as Pending',
    async () => {
      const { page, errors, card, plastic } = await cardholderOnDashboard(browser, 'cards-lock', 'Casey');
      await openCards(page);
      const item = cardItem(page, card.last4);
      expect(await cardStatus(item).innerText()).toBe('Active');
      await markPage(page);

      await item.getByRole('button', { name: 'Lock Card', exact: true }).click();
      await expect.poll(() => cardStatus(item).innerText(), SETTLED).toBe('Locked');
      await expectStatus(item, m.locked(card.last4));
      expect(await item.getByRole('button', { name: 'Lock Card', exact: true }).count()).toBe(0);

      expectDecision(
        await terminalPurchase(plastic, { amount: '3.75', merchant: 'Lighthouse Bakery' }),
        'Declined: card locked',
      );
      // Live: the dashboard's Recent Transactions and the card's own list, with the reason.
      const declined = await liveEntry(page, 'Card purchase: Lighthouse Bakery');
      for (const part of ['Failed', 'Declined: card locked', '$3.75']) expect(declined).toContain(part);
      await expect
        .poll(() => cardTransaction(item, 'Lighthouse Bakery').innerText(), SETTLED)
        .toContain('Declined: card locked');
      expect(await headerFigures(page)).toEqual({ available: '$500.00', pending: '$0.00' });
      await partScreenshot(page, item, 'cards-locked');

      await item.getByRole('button', { name: 'Unlock Card', exact: true }).click();
      await expect.poll(() => cardStatus(item).innerText(), SETTLED).toBe('Active');
      await expectStatus(item, m.unlocked(card.last4));

      expectDecision(await terminalPurchase(plastic, { amount: '4.25', merchant: 'Harbor Coffee' }), 'Approved');
      const approved = await liveEntry(page, 'Card purchase: Harbor Coffee');
      for (const part of ['Pending', '$4.25']) expect(approved).toContain(part);
      await expect.poll(() => cardTransaction(item, 'Harbor Coffee').innerText(), SETTLED).toContain('Pending');
      // A hold: out of the available balance, in the pending total.
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$495.75', pending: '$4.25' });
      expect(await samePage(page), 'all of it arrived without a reload').toBe(true);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[CARDS]: Report Lost or Stolen closes the card for good (its number declined from then on) and orders a ' +
      'replacement, declined until the member activates it with the last 4 digits and expiry printed on it',
    async () => {
      const { page, errors, session, member, card, plastic } = await cardholderOnDashboard(
        browser,
        'cards-lost',
        'Jordan',
      );
      await openCards(page);
      const item = cardItem(page, card.last4);
      await item.getByRole('button', { name: 'Report Lost or Stolen' }).click();
      const dialog = page.getByRole('dialog', { name: 'Report Lost or Stolen' });
      await dialog.waitFor({ state: 'visible' });
      expect(await dialog.innerText()).toContain(`Your card ending ${card.last4} will be closed for good`);
      // Nothing chosen: the reason is asked for, and nothing is closed.
      await dialog.getByRole('button', { name: 'Report Card' }).click();
      await dialog.getByText(m.reasonRequired).waitFor({ state: 'visible' });
      expect((await debitCardOf(session)).status).toBe('active');
      await dialog.getByRole('radio', { name: 'Stolen' }).check();
      await expectNoViolations(page, 'the Report Lost or Stolen dialog', '[role="dialog"]');
      await dialog.getByRole('button', { name: 'Report Card' }).click();
      await dialog.waitFor({ state: 'detached', ...SETTLED });

      // The replacement: a new number, waiting to be activated; the old card closed beneath it.
      const replacement = await debitCardOf(session);
      expect(replacement.id).not.toBe(card.id);
      expect(replacement.status).toBe('inactive');
      const newItem = cardItem(page, replacement.last4);
      await expect.poll(() => cardStatus(newItem).innerText(), SETTLED).toBe('Awaiting activation');
      await expectStatus(newItem, m.reportedLost(card.last4, replacement.last4));
      const closed = newItem.getByTestId('closed-card');
      expect(await closed.innerText()).toMatch(new RegExp(`••${card.last4} · Closed \\(stolen, `));

      const newPlastic = await terminalCard(member.name, { last4: replacement.last4 });
      expect(newPlastic.number).not.toBe(plastic.number);
      expectDecision(await terminalPurchase(plastic, { amount: '2.00' }), 'Declined: card reported lost or stolen');
      expectDecision(await terminalPurchase(newPlastic, { amount: '2.00' }), 'Declined: card not activated');

      // The portal shows the new card's last 4, not its expiry: activation asks for what is printed on
      // the plastic (the terminal's card). A wrong expiry is refused first.
      expect(await printedOnPicture(newItem)).toEqual({ last4: replacement.last4, expiry: null });
      const printed = { last4: newPlastic.number.slice(-4), expiry: newPlastic.expiry };
      const form = newItem.getByRole('form', { name: `Activate Card ending ${replacement.last4}` });
      await form.getByLabel('Last 4 digits', { exact: true }).fill(printed.last4);
      await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill('01/20');
      await form.getByRole('button', { name: 'Activate Card' }).click();
      await form.getByText(m.activationMismatch).waitFor({ state: 'visible', ...SETTLED });
      expect(await cardStatus(newItem).innerText()).toBe('Awaiting activation');
      await expectNoViolations(page, 'the Cards panel with a replacement to activate');
      await partScreenshot(page, newItem, 'cards-replacement');

      await form.getByLabel('Expiry (MM/YY)', { exact: true }).fill(printed.expiry);
      await form.getByRole('button', { name: 'Activate Card' }).click();
      await expect.poll(() => cardStatus(newItem).innerText(), SETTLED).toBe('Active');
      await expectStatus(newItem, m.activated(replacement.last4));
      expect(await newItem.getByRole('form', { name: /^Activate Card/ }).count()).toBe(0);
      expect(await printedOnPicture(newItem)).toEqual(printed);

      expectDecision(await terminalPurchase(newPlastic, { amount: '2.50', merchant: 'Bayside Deli' }), 'Approved');
      expectDecision(await terminalPurchase(plastic, { amount: '2.50' }), 'Declined: card reported lost or stolen');
      await expect.poll(() => cardTransaction(newItem, 'Bayside Deli').innerText(), SETTLED).toContain('Pending');
      expect(unexpectedErrors(errors, 400)).toEqual([]);
    },
  );

  test(
    '[CARDS]: Change PIN behind the e-mailed card code — a trivial PIN is refused; an ATM withdrawal with the ' +
      'new PIN is approved and one with the old PIN declined "Declined: incorrect PIN"',
    async () => {
      const { page, errors, member, card, plastic } = await cardholderOnDashboard(browser, 'cards-pin', 'Robin');
      const atm = (pin: string) =>
        terminalPurchase(plastic, { amount: '20.00', merchant: 'Harbor ATM', channel: 'atm', pin });
      // A new card has no PIN yet: an ATM cannot take it.
      expectDecision(await atm(DEMO_PIN), 'Declined: no PIN set');

      await openCards(page);
      const item = cardItem(page, card.last4);
      const changePin = async (pin: string) => {
        const dialog = await openModalWithCode(page, item, member.email, 'pin');
        await dialog.getByLabel('New PIN', { exact: true }).fill(pin);
        await dialog.getByLabel('Confirm PIN', { exact: true }).fill(pin);
        await dialog.getByRole('button', { name: 'Change PIN', exact: true }).click();
        return dialog;
      };

      // Step 1 first: no PIN field until the code is verified.
      const { dialog: codeStep } = await openModal(page, item, 'pin');
      expect(await codeStep.getByLabel('New PIN').count()).toBe(0);
      await codeStep.getByRole('button', { name: 'Close' }).click();
      await codeStep.waitFor({ state: 'detached' });
      // Opened again while that code works: the same code, said so, and no second e-mail.
      const sent = (await mailsTo(member.email, { template: 'card-code' })).length;
      const { dialog: reopened } = await openModal(page, item, 'pin');
      await reopened
        .getByTestId('card-code-message')
        .getByText(/already sent/)
        .waitFor({ state: 'visible' });
      expect((await mailsTo(member.email, { template: 'card-code' })).length).toBe(sent);
      await reopened.getByRole('button', { name: 'Close' }).click();
      await reopened.waitFor({ state: 'detached' });

      const trivial = await changePin('1234');
      await trivial.getByText(m.pinTrivial).waitFor({ state: 'visible' });
      await trivial.getByLabel('New PIN', { exact: true }).fill('4826');
      await trivial.getByLabel('Confirm PIN', { exact: true }).fill('4862');
      await trivial.getByRole('button', { name: 'Change PIN', exact: true }).click();
      await trivial.getByText(m.pinMismatch).waitFor({ state: 'visible' });
      await trivial.getByLabel('Confirm PIN', { exact: true }).fill('4826');
      await trivial.getByRole('button', { name: 'Change PIN', exact: true }).click();
      await expectStatus(trivial, m.pinChanged(card.last4), SETTLED);
      await trivial.getByRole('button', { name: 'Done' }).click();
      await trivial.waitFor({ state: 'detached' });
      expectDecision(await atm('4826'), 'Approved');

      // Changed again (a new code: each is good for one opening): the new PIN works, the old one no more.
      const again = await changePin('7391');
      await expectStatus(again, m.pinChanged(card.last4), SETTLED);
      await again.getByRole('button', { name: 'Done' }).click();
      expectDecision(await atm('7391'), 'Approved');
      expectDecision(await atm('4826'), 'Declined: incorrect PIN');

      const entry = await liveEntry(page, 'ATM withdrawal: Harbor ATM', 'Declined: incorrect PIN');
      expect(entry).toContain('Failed');
      expect(await dashboardTransaction(page, 'ATM withdrawal: Harbor ATM', 'Pending').count()).toBe(2);
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[CARDS]: Set Transaction Limits behind the card code — with $10.00 per purchase a $10.00 purchase is ' +
      'approved and $10.01 declined; with Online purchases off an online purchase is declined',
    async () => {
      const { page, errors, member, card, plastic } = await cardholderOnDashboard(browser, 'cards-limits', 'Sky');
      await openCards(page);
      const item = cardItem(page, card.last4);
      const dialog = await openModalWithCode(page, item, member.email, 'limits');
      const perPurchase = dialog.getByLabel('Per purchase', { exact: true });
      expect(await perPurchase.inputValue(), 'the current limit, filled in').toBe(card.controls.perPurchase);
      await perPurchase.fill('10.00');
      const online = dialog.getByRole('switch', { name: 'Online purchases' });
      expect(await online.getAttribute('aria-checked')).toBe('true');
      await online.click();
      expect(await online.getAttribute('aria-checked')).toBe('false');
      expect(await dialog.getByRole('switch', { name: 'ATM withdrawals' }).getAttribute('aria-checked')).toBe('true');
      await dialog.getByRole('button', { name: 'Save Limits' }).click();
      await expectStatus(dialog, m.limitsSaved(card.last4), SETTLED);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await dialog.waitFor({ state: 'detached' });

      expectDecision(await terminalPurchase(plastic, { amount: '10.00', merchant: 'Dockside Books' }), 'Approved');
      expectDecision(
        await terminalPurchase(plastic, { amount: '10.01', merchant: 'Dockside Books' }),
        'Declined: over your per-purchase limit',
      );
      expectDecision(
        await terminalPurchase(plastic, { amount: '5.00', merchant: 'Web Outfitters', channel: 'online' }),
        'Declined: online purchases turned off',
      );
      const entry = await liveEntry(page, 'Card purchase: Web Outfitters');
      expect(entry).toContain('Declined: online purchases turned off');
      await expect
        .poll(() => cardTransaction(item, 'Dockside Books').allInnerTexts(), SETTLED)
        .toEqual(expect.arrayContaining([expect.stringContaining('Declined: over your per-purchase limit')]));
      expect(unexpectedErrors(errors)).toEqual([]);
    },
  );

  test(
    '[CARDS]: View Card Details with the card code shows the full number (grouped), expiry and CVV with a ' +
      'countdown, and Hide Details takes them off the page',
    async () => {
      const { page, errors, member, card, plastic } = await cardholderOnDashboard(browser, 'cards-details', 'Quinn');
      await openCards(page);
      const item = cardItem(page, card.last4);
      expect(await everythingShown(page), 'only the masked number before').not.toContain(plastic.number);

      const { dialog, since } = await openModal(page, item, 'details');
      const code = await readCardCode(member.email, since);
      const codeBox = dialog.getByLabel('6-digit one-time password (OTP)');
      await codeBox.fill(otherCode(code));
      await dialog.getByRole('button', { name: 'Verify' }).click();
      await dialog.getByText(m.otpWrong).waitFor({ state: 'visible', ...SETTLED });
      expect(await dialog.getByTestId('card-details-number').count()).toBe(0);
      await codeBox.fill(code);
      await dialog.getByRole('button', { name: 'Verify' }).click();

      const number = dialog.getByTestId('card-details-number');
      await number.waitFor({ state: 'visible', ...SETTLED });
      expect(await number.innerText()).toBe(grouped(plastic.number));
      expect(await dialog.getByTestId('card-details-expiry').innerText()).toBe(plastic.expiry);
      expect(await dialog.getByTestId('card-details-cvv').innerText()).toMatch(/^\d{3}$/);
      expect(await dialog.innerText()).toContain(m.detailsVisible(60));
      const countdown = dialog.getByTestId('card-details-countdown');
      const secondsLeft = async () => Number(/^(\d+) seconds?$/.exec(await countdown.innerText())?.[1] ?? NaN);
      const first = await secondsLeft();
      expect(first).toBeGreaterThan(50);
      expect(first).toBeLessThanOrEqual(60);
      await expect.poll(secondsLeft, { timeout: 5000, message: 'the countdown runs' }).toBeLessThan(first);

      await dialog.getByRole('button', { name: 'Hide Details' }).click();
      await dialog.waitFor({ state: 'detached' });
      const shown = await everythingShown(page);
      expect(shown, 'the number is gone').not.toContain(plastic.number);
      expect(shown).not.toContain(grouped(plastic.number));
      expect(unexpectedErrors(errors, 400)).toEqual([]);
    },
  );

  test(
    '[CARDS]: a purchase on the /dev/terminal page appears live on the member’s open dashboard (Pending, then ' +
      'cleared with a tip), and a declined one with its reason; axe finds nothing on the terminal at 1280 and 390 px',
    async () => {
      const { page, errors, member, card, plastic } = await cardholderOnDashboard(browser, 'cards-terminal', 'Riley');
      await openCards(page);
      const item = cardItem(page, card.last4);
      await markPage(page);

      const terminal = await browser.open(DESKTOP);
      const shop = terminal.page;
      await shop.emulateMedia({ reducedMotion: 'reduce' });
      await visit(shop, '/dev/terminal');
      expect(await headingText(shop)).toBe('Card Terminal');
      expect(await shop.title()).toMatch(/^Card Terminal — /);
      expect(await shop.getByTestId('terminal-banner').innerText()).toContain(
        'Demo card terminal — it signs requests as a card processor would. Not part of a real portal.',
      );
      const dashboardLink = shop.getByRole('link', {
        name: 'Open the dashboard in another tab to watch it update live.',
      });
      expect(await dashboardLink.getAttribute('href')).toBe('/dashboard');

      const form = shop.getByRole('form', { name: 'Charge a card' });
      await form.getByLabel('Card', { exact: true }).selectOption({
        label: `${member.name} · Debit Card ••${card.last4} · Active`,
      });
      expect(await shop.locator('#terminal-card-hint').innerText()).toBe(
        `Debit Card of ${member.name}, ending ${card.last4}: Active. Its number and expiry are filled in below ` +
          '(it is a demo).',
      );
      expect(await form.getByLabel('Card number', { exact: true }).inputValue()).toBe(plastic.number);
      expect(await form.getByLabel('Expiry (MM/YY)', { exact: true }).inputValue()).toBe(plastic.expiry);
      expect(await form.getByLabel('Merchant', { exact: true }).inputValue()).toBe('Harbor Coffee');
      expect(await form.getByLabel('Country', { exact: true }).inputValue()).toBe('US');
      expect(await form.getByRole('radio', { name: 'In store' }).isChecked()).toBe(true);
      await form.getByLabel('Amount', { exact: true }).fill('4.50');
      await form.getByRole('button', { name: 'Charge Card' }).click();

      const answer = shop.getByTestId('terminal-answer');
      await expect.poll(() => answer.getAttribute('data-tone'), SETTLED).toBe('approved');
      expect(await answer.getByTestId('terminal-answer-headline').innerText()).toBe('Approved');
      const processorId = await answer.getByTestId('terminal-answer-id').innerText();
      expect(processorId).toMatch(/^terminal-/);
      const line = shop.locator(`[data-testid="terminal-transaction"][data-processor-id="${processorId}"]`);
      await expect.poll(() => line.getAttribute('data-status'), SETTLED).toBe('pending');

      // The member's dashboard, open in another browser: the hold arrives live.
      const pending = await liveEntry(page, 'Card purchase: Harbor Coffee', '$4.50');
      expect(pending).toContain('Pending');
      await expect.poll(() => cardTransaction(item, 'Harbor Coffee').innerText(), SETTLED).toContain('Pending');
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$495.50', pending: '$4.50' });

      // The merchant clears it with a tip: $5.25 posts.
      await line.getByLabel(/^Amount to clear/).fill('5.25');
      await line.getByRole('button', { name: 'Clear', exact: true }).click();
      await expect
        .poll(() => answer.getByTestId('terminal-answer-headline').innerText(), SETTLED)
        .toBe('Cleared $5.25');
      await expect.poll(() => line.getAttribute('data-status'), SETTLED).toBe('posted');
      expect(await line.getByRole('button', { name: 'Clear', exact: true }).count()).toBe(0);
      expect(await liveEntry(page, 'Card purchase: Harbor Coffee', '$5.25')).toContain('Completed');
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$494.75', pending: '$0.00' });

      // Abroad, with international use off (a new card's default): declined, and the dashboard says why.
      await form.getByLabel('Merchant', { exact: true }).fill('Pastelaria Lisboa');
      await form.getByLabel('Country', { exact: true }).fill('PT');
      await form.getByLabel('Amount', { exact: true }).fill('3.20');
      await form.getByRole('button', { name: 'Charge Card' }).click();
      await expect.poll(() => answer.getAttribute('data-tone'), SETTLED).toBe('declined');
      expect(await answer.getByTestId('terminal-answer-headline').innerText()).toBe(
        'Declined: international use turned off',
      );
      const declined = await liveEntry(page, 'Card purchase: Pastelaria Lisboa');
      for (const part of ['Failed', 'Declined: international use turned off']) expect(declined).toContain(part);
      await expect
        .poll(() => cardTransaction(item, 'Pastelaria Lisboa').innerText(), SETTLED)
        .toContain('Declined: international use turned off');

      // A purchase reversed before it clears: the hold goes.
      await form.getByLabel('Merchant', { exact: true }).fill('Corner Kiosk');
      await form.getByLabel('Country', { exact: true }).fill('US');
      await form.getByLabel('Amount', { exact: true }).fill('2.00');
      await form.getByRole('button', { name: 'Charge Card' }).click();
      await expect.poll(() => answer.getAttribute('data-tone'), SETTLED).toBe('approved');
      const kioskId = await answer.getByTestId('terminal-answer-id').innerText();
      const kiosk = shop.locator(`[data-testid="terminal-transaction"][data-processor-id="${kioskId}"]`);
      await kiosk.getByRole('button', { name: 'Reverse' }).waitFor({ state: 'visible', ...SETTLED });
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$492.75', pending: '$2.00' });
      await kiosk.getByRole('button', { name: 'Reverse' }).click();
      await expect.poll(() => answer.getByTestId('terminal-answer-headline').innerText(), SETTLED).toBe('Reversed');
      await expect.poll(() => kiosk.getAttribute('data-status'), SETTLED).toBe('reversed');
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$494.75', pending: '$0.00' });
      expect(await samePage(page), 'every change arrived without a reload').toBe(true);

      await expectNoViolations(shop, 'the card terminal at 1280 px');
      expect(await hasHorizontalScroll(shop), 'the terminal fits 1280 px').toBe(false);
      await screenshot(shop, 'cards-terminal');
      await screenshot(page, 'cards-dashboard-live');
      expect(unexpectedErrors(errors)).toEqual([]);
      expect(unexpectedErrors(terminal.errors)).toEqual([]);

      // At 390 px: the same terminal on a phone, an answer on screen.
      const phone = await browser.open(MOBILE);
      await phone.page.emulateMedia({ reducedMotion: 'reduce' });
      await visit(phone.page, '/dev/terminal');
      const phoneForm = phone.page.getByRole('form', { name: 'Charge a card' });
      await phoneForm.getByLabel('Card', { exact: true }).selectOption({
        label: `${member.name} · Debit Card ••${card.last4} · Active`,
      });
      await phoneForm.getByRole('radio', { name: 'Online' }).check();
      await phoneForm.getByLabel('Amount', { exact: true }).fill('1.25');
      await phoneForm.getByRole('button', { name: 'Charge Card' }).click();
      await expect
        .poll(() => phone.page.getByTestId('terminal-answer').getAttribute('data-tone'), SETTLED)
        .toBe('approved');
      await expectNoViolations(phone.page, 'the card terminal at 390 px');
      expect(await hasHorizontalScroll(phone.page), 'the terminal fits 390 px').toBe(false);
      await screenshot(phone.page, 'cards-terminal');
      expect(unexpectedErrors(phone.errors)).toEqual([]);
    },
  );

  test(
    '[CARDS]: a cleared purchase staff delete in the console comes back to Checking, and the member’s card ' +
      'says "Reversed" beside Completed, under the card and in its statement',
    async () => {
      const { page, errors, member, card, plastic } = await cardholderOnDashboard(browser, 'cards-undone', 'Quinn');
      const bought = await terminalPurchase(plastic, { amount: '12.00', merchant: 'Harbor Books' });
      expectDecision(bought, 'Approved');
      expect((await terminalSettle(bought.body.id ?? '', 'clear')).status).toBe(200);
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$488.00', pending: '$0.00' });

      // Staff delete the purchase in the console, with a reason.
      const consolePage = await openMemberInConsole(browser, member);
      const row = staffRow(consolePage.page, 'Card purchase: Harbor Books');
      await row.getByRole('button', { name: /^Delete/ }).click();
      const dialog = consolePage.page.getByRole('dialog', { name: 'Delete transaction' });
      await dialog.getByLabel('Reason', { exact: true }).fill('Disputed with the merchant');
      await dialog.getByRole('button', { name: 'Delete transaction' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => headerFigures(page), SETTLED).toEqual({ available: '$500.00', pending: '$0.00' });

      // The member's card: the purchase stays in its list, marked as the history marks it.
      await page.reload();
      const panel = await openCards(page);
      const item = cardItem(page, card.last4);
      const purchase = cardTransaction(item, 'Harbor Books');
      await expect.poll(() => purchase.innerText(), SETTLED).toContain('Reversed');
      expect(await purchase.innerText()).toContain('Completed');
      await panel.getByRole('tab', { name: 'Statements' }).click();
      const statementRow = panel.getByRole('row').filter({ hasText: 'Harbor Books' });
      await expect.poll(() => statementRow.innerText(), SETTLED).toMatch(/Completed\s+Reversed/);
      expect(unexpectedErrors(errors)).toEqual([]);
      expect(unexpectedErrors(consolePage.errors)).toEqual([]);
    },
  );

  for (const viewport of [DESKTOP, MOBILE] as Viewport[]) {
    test(
      `[CARDS]: axe finds nothing on the Cards panel (Overview and Statements) and the card modal at ` +
        `${viewport.width} px, and nothing is wider than the screen`,
      async () => {
        // Alex's cards are only looked at: a debit card and the Platinum credit card with its line.
        const alex = await openDashboard(browser, demoMember(ALEX_EMAIL), viewport);
        await alex.page.emulateMedia({ reducedMotion: 'reduce' });
        const panel = await openCards(alex.page);
        const credit = panel.getByRole('article', { name: /^Credit Card ending in \d{4}$/ });
        await credit.waitFor({ state: 'visible' });
        expect(await credit.getByTestId('card-picture').getAttribute('data-design')).toBe('Platinum');
        expect(await credit.getByTestId('card-credit-limit').innerText()).toBe('$5,000.00');
        // Spec §3 "Demo cards": rewards 2,500 (soft: the pictures and axe checks still run if it is not).
        expect.soft(await credit.getByTestId('card-rewards').innerText()).toContain('2,500 points');
        expect.soft(await credit.getByTestId('card-credit-available').innerText()).toBe('$3,500.00');
        expect.soft(await squeezedMerchants(panel), 'merchant names crushed by the amount column').toEqual([]);
        await expectNoViolations(alex.page, `the Cards panel (Overview) at ${viewport.width} px`);
        expect(await hasHorizontalScroll(alex.page), `the panel fits ${viewport.width} px`).toBe(false);
        await partScreenshot(alex.page, panel, 'cards-panel');

        await panel.getByRole('tab', { name: 'Statements' }).click();
        const statements = panel.getByRole('tabpanel', { name: 'Statements' });
        await statements.waitFor({ state: 'visible' });
        // The credit card's month: its purchases, and the statement's balance, minimum payment and due date.
        const picker = statements.getByLabel('Card', { exact: true });
        const creditOption = await picker.locator('option', { hasText: 'Credit Card' }).first().innerText();
        await picker.selectOption({ label: creditOption });
        await statements.getByTestId('statement-due').waitFor({ state: 'visible', ...SETTLED });
        await alex.page.waitForLoadState('networkidle');
        expect.soft(await squeezedMerchants(panel), 'merchant names crushed by the amount column').toEqual([]);
        await expectNoViolations(alex.page, `the Cards panel (Statements) at ${viewport.width} px`);
        expect(await hasHorizontalScroll(alex.page), `the statements fit ${viewport.width} px`).toBe(false);
        await partScreenshot(alex.page, panel, 'cards-statements');
        expect(unexpectedErrors(alex.errors)).toEqual([]);

        // The modal, on a member of this test's own: the code step, then the limits form.
        const tag = `cards-axe-${viewport.width}`;
        const { page, errors, member, card } = await cardholderOnDashboard(browser, tag, 'Morgan', viewport);
        await openCards(page);
        const item = cardItem(page, card.last4);
        const { dialog, since } = await openModal(page, item, 'limits');
        // Verify waits for six digits (as every one-time password box does); a wrong code, under the box.
        const verify = dialog.getByRole('button', { name: 'Verify' });
        expect(await verify.isDisabled(), 'Verify before six digits').toBe(true);
        const code = await readCardCode(member.email, since);
        const codeBox = dialog.getByLabel('6-digit one-time password (OTP)');
        await codeBox.fill(otherCode(code));
        await verify.click();
        await dialog.getByText(m.otpWrong).waitFor({ state: 'visible', ...SETTLED });
        await expectNoViolations(page, `the card modal's code step at ${viewport.width} px`, '[role="dialog"]');
        await viewportScreenshot(page, 'cards-modal-code');
        await codeBox.fill(code);
        await verify.click();
        await dialog.getByRole('form', { name: 'Set Transaction Limits' }).waitFor({ state: 'visible', ...SETTLED });
        await expectNoViolations(page, `the Set Transaction Limits form at ${viewport.width} px`, '[role="dialog"]');
        expect(await hasHorizontalScroll(page), `the modal fits ${viewport.width} px`).toBe(false);
        await viewportScreenshot(page, 'cards-modal-limits');
        expect(unexpectedErrors(errors, 400)).toEqual([]);
      },
    );
  }
});
