import {
  type CardCodeAction,
  type CardsOverview,
  type TerminalOverview,
  type TerminalPurchaseInput,
  cardCodeActionLabels,
} from '@mutual/shared';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { quickPanel, tile } from './bill-pay';
import { type BrowserPages, DESKTOP, type Viewport, e2e } from './browser';
import { type ApiSession, waitForMail } from './identity';
import { SETTLED, memberOnDashboard, recentTransactions } from './money';

/**
 * Cards as a member uses them on /dashboard (the Cards panel of Quick Actions and its modal), the
 * demo card terminal (`/api/dev/terminal`: it signs each request as a card processor would), and
 * the e-mailed card code.
 */

export type TerminalCard = TerminalOverview['cards'][number];

/** What the terminal relays: the processor interface's HTTP status and answer. */
export interface TerminalAnswer {
  status: number;
  body: { id?: string; decision?: 'approved' | 'declined'; reason?: string | null; message?: string };
}

async function terminalCall<T>(method: 'GET' | 'POST', apiPath: string, body?: unknown): Promise<T> {
  const response = await fetch(new URL(apiPath, e2e.baseUrl), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** `GET /api/dev/terminal`: every card (full number and expiry: a demo) and the latest card transactions. */
export const terminalOverview = () => terminalCall<TerminalOverview>('GET', '/api/dev/terminal');

/** The card of this member the terminal lists: by name, kind and status (a replacement has the same kind). */
export async function terminalCard(
  memberName: string,
  { kind = 'debit', last4 }: { kind?: TerminalCard['kind']; last4?: string } = {},
): Promise<TerminalCard> {
  const { cards } = await terminalOverview();
  const card = cards.find(
    (candidate) =>
      candidate.member === memberName &&
      candidate.kind === kind &&
      (last4 === undefined ? candidate.status !== 'closed' : candidate.number.endsWith(last4)),
  );
  if (!card) throw new Error(`the terminal lists no ${kind} card of ${memberName}${last4 ? ` ending ${last4}` : ''}`);
  return card;
}

/** A purchase through the terminal's API (the same request the /dev/terminal page sends). */
export function terminalPurchase(
  card: Pick<TerminalCard, 'number' | 'expiry'>,
  purchase: Partial<Omit<TerminalPurchaseInput, 'cardNumber' | 'expiry'>> & { amount: string },
): Promise<TerminalAnswer> {
  return terminalCall<TerminalAnswer>('POST', '/api/dev/terminal/purchase', {
    cardNumber: card.number,
    expiry: card.expiry,
    merchant: 'Harbor Coffee',
    country: 'US',
    channel: 'in_store',
    ...purchase,
  });
}

/** Clears (for what was authorized, unless `amount` says more) or reverses a purchase, as the terminal's page does. */
export function terminalSettle(authorizationId: string, action: 'clear' | 'reverse', amount?: string) {
  return terminalCall<TerminalAnswer>('POST', '/api/dev/terminal/settle', { authorizationId, action, amount });
}

/** Expects the terminal's answer to be this decision (and, declined, these words). */
export function expectDecision(answer: TerminalAnswer, message: 'Approved' | `Declined: ${string}`) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.decision).toBe(message === 'Approved' ? 'approved' : 'declined');
  expect(answer.body.message).toBe(message);
}

/** `GET /api/cards` as the member: the first visit issues a member's debit card. */
export const cardsOf = (session: ApiSession) => session.request<CardsOverview>('GET', '/api/cards');

/** The member's debit card in use (not a closed one), as the API reports it. */
export async function debitCardOf(session: ApiSession) {
  const card = (await cardsOf(session)).cards.find((one) => one.kind === 'debit' && one.status !== 'closed');
  if (!card) throw new Error(`${session.email} has no debit card in use`);
  return card;
}

/**
 * The 6-digit code of the newest "card-code" mail to `email` since `since` — for `action`, if
 * given (the mail says what the code is for: "Enter this code to change pin …").
 */
export async function readCardCode(email: string, since: number, action?: CardCodeAction): Promise<string> {
  const purpose = action && `Enter this code to ${cardCodeActionLabels[action].toLowerCase()} `;
  const mail = await waitForMail(email, {
    template: 'card-code',
    since,
    where: (one) => !purpose || one.text.includes(purpose),
  });
  const code = /card code: (\d{6})\b/.exec(mail.subject)?.[1];
  if (!code) throw new Error(`no 6-digit card code in "${mail.subject}"`);
  return code;
}

// ---------------------------------------------------------------- the Cards panel

export const cardsPanel = (page: Page) => quickPanel(page, 'cards');

/** Opens the Cards tile and waits for the cards (Overview tab). */
export async function openCards(page: Page): Promise<Locator> {
  await tile(page, 'Cards').click();
  const panel = cardsPanel(page);
  await panel.getByRole('list', { name: 'Your cards' }).waitFor({ state: 'visible', ...SETTLED });
  return panel;
}

/** A card of the panel by its heading ("Debit Card ending in 4242"). */
export const cardItem = (page: Page, last4: string, kind: 'Debit Card' | 'Credit Card' = 'Debit Card') =>
  cardsPanel(page).getByRole('article', { name: `${kind} ending in ${last4}`, exact: true });

export const cardStatus = (card: Locator) => card.getByTestId('card-status').first();

/** A card's recent card transaction with `text` in it (a merchant). */
export const cardTransaction = (card: Locator, text: string) =>
  card.getByTestId('card-transaction').filter({ hasText: text });

/** The visible Recent Transactions entry (a table row, or a card on a phone) with all of `texts` in it. */
export function dashboardTransaction(page: Page, ...texts: string[]): Locator {
  let rows = recentTransactions(page)
    .locator('[data-testid="transaction-row"], [data-testid="transaction-card"]')
    .filter({ visible: true });
  for (const text of texts) rows = rows.filter({ hasText: text });
  return rows;
}

/**
 * Opens the card modal for one action from the card's buttons and passes step 1 with the e-mailed
 * card code (the one sent as it opened, or, opened again while that one works, the one sent before);
 * resolves with the dialog at step 2.
 */
export async function openModalWithCode(page: Page, card: Locator, email: string, action: CardCodeAction) {
  const { dialog } = await openModal(page, card, action);
  await dialog.getByLabel('6-digit one-time password (OTP)').fill(await readCardCode(email, 0, action));
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await dialog.getByRole('form', { name: 'Enter your card code' }).waitFor({ state: 'detached', ...SETTLED });
  return dialog;
}

/** Opens the card modal at step 1 (the code is e-mailed as it opens); `since` is for `readCardCode`. */
export async function openModal(page: Page, card: Locator, action: CardCodeAction) {
  const title = cardCodeActionLabels[action];
  const since = Date.now();
  await card
    .getByRole('group', { name: /^Actions for card ending/ })
    .getByRole('button', { name: title })
    .click();
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor({ state: 'visible' });
  await dialog
    .getByTestId('card-code-message')
    .getByText(/6-digit code/)
    .waitFor({ state: 'visible', ...SETTLED });
  return { dialog, since };
}

/**
 * "•••• •••• •••• 1234" and "08/29" as the card picture shows them; no expiry (null) on a replacement
 * waiting to be activated, whose expiry only the plastic shows.
 */
export async function printedOnPicture(card: Locator): Promise<{ last4: string; expiry: string | null }> {
  const text = await card.getByTestId('card-picture').first().innerText();
  const last4 = /•{4}\s+•{4}\s+•{4}\s+(\d{4})/.exec(text)?.[1];
  const expiry = /\b(\d{2}\/\d{2})\b/.exec(text)?.[1] ?? null;
  if (!last4) throw new Error(`no number on the card picture:\n${text}`);
  return { last4, expiry };
}

/** "4000001234564242" → "4000 0012 3456 4242", as View Card Details shows it. */
export const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

// ---------------------------------------------------------------- set-up and pictures

/** Checking of every test's own cardholder: enough for a few coffees and two ATM withdrawals. */
export const OPENING = '500.00';

/**
 * A new member with money in Checking, on an open /dashboard (live updates connected), whose debit
 * card has been issued (the first `GET /api/cards`), and that card as the terminal reads it.
 */
export async function cardholderOnDashboard(
  browser: BrowserPages,
  tag: string,
  firstName: string,
  viewport: Viewport = DESKTOP,
) {
  const opened = await memberOnDashboard(browser, tag, { Checking: OPENING }, firstName, viewport);
  await opened.page.emulateMedia({ reducedMotion: 'reduce' });
  const card = await debitCardOf(opened.session);
  const plastic = await terminalCard(opened.member.name);
  expect(plastic.number.endsWith(card.last4), 'the terminal reads the member’s card').toBe(true);
  return { ...opened, card, plastic };
}
