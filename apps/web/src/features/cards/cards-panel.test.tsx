import { type Card, cardHoldEndReasons, declineReasons, messages } from '@mutual/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { formatCalendarDate } from '../../lib/format-date';
import { transaction } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SignedAmount, StatusBadge } from '../transactions/transaction-parts';
import { CardsPanel } from '../quick-actions/cards-panel';
import {
  CREDIT_ID,
  DEBIT_ID,
  cardId,
  cardResult,
  cardsOverview,
  cardTransaction,
  creditCard,
  creditStatement,
  debitCard,
} from './cards.fixtures';

const m = messages.cards;
const path = (id: string, action: string) => `/api/cards/${id}/${action}`;

function renderPanel(routes: StubRoutes = {}) {
  const server = stubFetch({ 'GET /api/cards': cardsOverview(), ...routes });
  const user = userEvent.setup();
  renderWithProviders(<CardsPanel />);
  return { server, user };
}

/** The article of one card, found by its heading ("Debit Card ending in 4242"). */
async function cardArticle(name: RegExp) {
  const heading = await screen.findByRole('heading', { name });
  const article = heading.closest('article');
  if (!article) throw new Error('a card is an article');
  return article;
}

describe('Cards panel: Overview', () => {
  it('shows each card, debit first, with its picture, status, linked account or credit line', async () => {
    renderPanel();
    const articles = await screen.findAllByTestId('card');
    expect(articles.map((article) => article.dataset.cardId)).toEqual([DEBIT_ID, CREDIT_ID]);
    const [debit, credit] = articles as [HTMLElement, HTMLElement];

    expect(within(debit).getByRole('heading', { name: 'Debit Card ending in 4242' })).toBeTruthy();
    const debitPicture = within(debit).getByRole('img', { name: /•••• •••• •••• 4242/ });
    expect(debitPicture.getAttribute('aria-label')).toBe(
      'Standard Debit Card •••• •••• •••• 4242, ALEX MEMBER, expires 08/29',
    );
    expect(debitPicture.dataset.design).toBe('Standard');
    expect(within(debit).getByTestId('card-status').textContent).toBe('Active');
    expect(within(debit).getByTestId('card-linked-account').textContent).toBe('Checking ••1234');
    expect(within(debit).queryByTestId('card-credit-limit')).toBeNull();

    expect(within(credit).getByRole('img', { name: /8810/ }).dataset.design).toBe('Platinum');
    expect(within(credit).getByTestId('card-credit-limit').textContent).toBe('$5,000.00');
    expect(within(credit).getByTestId('card-credit-balance').textContent).toBe('$1,450.00');
    expect(within(credit).getByTestId('card-credit-pending').textContent).toBe('$50.00');
    expect(within(credit).getByTestId('card-credit-available').textContent).toBe('$3,500.00');
    expect(within(credit).getByTestId('card-rewards').textContent).toBe('2,500 points ($25.00)2% cash back');
    expect(within(credit).queryByTestId('card-linked-account')).toBeNull();
  });

  it('writes a credit balance paid past zero with the portal’s minus sign, not a hyphen', async () => {
    const { credit: line } = creditCard();
    if (!line) throw new Error('the credit card has a credit line');
    const overpaid = creditCard({ credit: { ...line, balance: '-3500.00', available: '8500.00' } });
    renderPanel({ 'GET /api/cards': cardsOverview({ cards: [overpaid, debitCard()] }) });
    const credit = await cardArticle(/^Credit Card/);
    expect(within(credit).getByTestId('card-credit-balance').textContent).toBe('\u2212$3,500.00');
  });

  it('lists recent card transactions: a decline with its reason, a hold as Pending', async () => {
    renderPanel();
    const debit = await cardArticle(/^Debit Card/);
    const list = within(debit).getByRole('list', { name: 'Recent card transactions' });
    const rows = within(list).getAllByTestId('card-transaction');
    expect(rows.map((row) => row.dataset.status)).toEqual(['declined', 'pending', 'posted']);
    const [declined, pending, posted] = rows as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(declined).getByText('Book Nook')).toBeTruthy();
    expect(within(declined).getByTestId('card-transaction-reason').textContent).toBe(declineReasons.card_locked);
    // Nothing was charged: the amount says so to a screen reader, and is struck through on screen.
    expect(declined.textContent).toContain('Not charged: Debit −$32.00');
    expect(within(pending).getByText('Pending')).toBeTruthy();
    // Filed under the merchant's category, as the history files it.
    expect(pending.textContent).toContain('Food · Online');
    expect(declined.textContent).toContain('Shopping · In store');
    expect(within(posted).getByText('Completed')).toBeTruthy();
    expect(posted.textContent).not.toContain('Not charged');
  });

  it('writes card transactions in the history’s words and signs: Completed, −$171.75, Failed with why', async () => {
    const at = { authorizedAt: '2026-03-06T10:00:00.000Z' };
    const transactions = [
      cardTransaction({
        ...at,
        id: cardId(21),
        merchant: 'Harbor Furniture',
        amount: '171.75',
        clearedAmount: '171.75',
      }),
      cardTransaction({ ...at, id: cardId(22), merchant: 'Corner Kiosk', status: 'reversed', clearedAmount: null }),
      cardTransaction({ ...at, id: cardId(23), merchant: 'Lost Parcel', status: 'expired', clearedAmount: null }),
    ];
    renderPanel({ 'GET /api/cards': cardsOverview({ cards: [debitCard({ recentTransactions: transactions })] }) });
    const debit = await cardArticle(/^Debit Card/);
    const [posted, reversed, expired] = within(debit).getAllByTestId('card-transaction') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];

    // The history's own badge and amount for the same row, side by side with the card's.
    const history = render(
      <>
        <StatusBadge status="Completed" />
        <SignedAmount transaction={transaction({ type: 'debit', amount: '171.75' })} />
      </>,
    );
    const [badge, amount] = [...history.container.children] as [HTMLElement, HTMLElement];
    expect(within(posted).getByText('Completed').outerHTML).toBe(badge.outerHTML);
    expect(within(posted).getByTestId('card-transaction-amount').innerHTML).toBe(amount.outerHTML);
    expect(posted.textContent).toContain('−$171.75');
    expect(posted.textContent).not.toContain('Posted');

    // Undone before it cleared: Failed, with the words the history gives the hold's release.
    for (const [row, reason] of [
      [reversed, cardHoldEndReasons.reversed],
      [expired, cardHoldEndReasons.expired],
    ] as const) {
      expect(within(row).getByText('Failed')).toBeTruthy();
      expect(within(row).getByTestId('card-transaction-reason').textContent).toBe(reason);
      expect(row.textContent).toContain('Not charged: Debit −$4.50');
      for (const word of ['Reversed', 'Expired']) expect(within(row).queryByText(word)).toBeNull();
    }
  });

  it('a purchase staff reversed says "Reversed" beside Completed, and that its points were taken back', async () => {
    const transactions = [
      cardTransaction({
        id: cardId(31),
        merchant: 'Longfellow Books',
        amount: '136.00',
        clearedAmount: '136.00',
        points: 272,
        reversedByStaffAt: '2026-03-07T15:00:00.000Z',
      }),
      cardTransaction({
        id: cardId(32),
        merchant: 'Blue Ocean Sushi',
        amount: '84.00',
        clearedAmount: '84.00',
        points: 168,
      }),
    ];
    renderPanel({ 'GET /api/cards': cardsOverview({ cards: [creditCard({ recentTransactions: transactions })] }) });
    const credit = await cardArticle(/^Credit Card/);
    const [reversed, kept] = within(credit).getAllByTestId('card-transaction') as [HTMLElement, HTMLElement];

    expect(within(reversed).getByText('Completed')).toBeTruthy();
    expect(within(reversed).getByTestId('correction-badge').textContent).toBe('Reversed');
    expect(reversed.textContent).toContain('+272 points, taken back');
    expect(within(kept).queryByTestId('correction-badge')).toBeNull();
    expect(kept.textContent).toContain('+168 points');
    expect(kept.textContent).not.toContain('taken back');
  });

  it('Lock Card locks at once, says so in the server’s words, and then offers Unlock Card', async () => {
    const locked = debitCard({ status: 'locked' });
    const { server, user } = renderPanel({
      [`POST ${path(DEBIT_ID, 'lock')}`]: cardResult(locked, m.locked('4242')),
    });
    const debit = await cardArticle(/^Debit Card/);
    // The refreshed list has the card locked.
    server.on('GET /api/cards', cardsOverview({ cards: [creditCard(), locked] }));
    await user.click(within(debit).getByRole('button', { name: 'Lock Card' }));

    expect(await within(debit).findByText(m.locked('4242'))).toBeTruthy();
    expect(server.to('POST', path(DEBIT_ID, 'lock'))).toHaveLength(1);
    expect(within(debit).getByTestId('card-status').textContent).toBe('Locked');
    expect(within(debit).getByRole('button', { name: 'Unlock Card' })).toBeTruthy();
    expect(within(debit).queryByRole('button', { name: 'Lock Card' })).toBeNull();
    // No confirmation step: a lock is reversible.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('Unlock Card calls unlock', async () => {
    const { server, user } = renderPanel({
      'GET /api/cards': cardsOverview({ cards: [debitCard({ status: 'locked' })] }),
      [`POST ${path(DEBIT_ID, 'unlock')}`]: cardResult(debitCard(), m.unlocked('4242')),
    });
    const debit = await cardArticle(/^Debit Card/);
    await user.click(within(debit).getByRole('button', { name: 'Unlock Card' }));
    expect(await within(debit).findByText(m.unlocked('4242'))).toBeTruthy();
    expect(server.to('POST', path(DEBIT_ID, 'unlock'))).toHaveLength(1);
    expect(server.to('POST', path(DEBIT_ID, 'lock'))).toHaveLength(0);
  });

  it('shows a refusal in the server’s words, and "unavailable" only for a 503', async () => {
    const { server, user } = renderPanel({
      [`POST ${path(DEBIT_ID, 'lock')}`]: apiError(409, 'CONFLICT', m.alreadyLocked),
    });
    const debit = await cardArticle(/^Debit Card/);
    const lock = within(debit).getByRole('button', { name: 'Lock Card' });
    await user.click(lock);
    expect((await within(debit).findByRole('alert')).textContent).toBe(m.alreadyLocked);

    server.on(`POST ${path(DEBIT_ID, 'lock')}`, apiError(500, 'INTERNAL', 'boom'));
    await user.click(lock);
    await waitFor(() => expect(within(debit).getByRole('alert').textContent).toBe(messages.generic.internal));

    server.on(`POST ${path(DEBIT_ID, 'lock')}`, apiError(503, 'UNAVAILABLE', messages.generic.unavailable));
    await user.click(lock);
    await waitFor(() => expect(within(debit).getByRole('alert').textContent).toBe(m.unavailable));
  });

  it('shows the spec’s unavailable message when the cards cannot be read (503), with a way to retry', async () => {
    const { server, user } = renderPanel({
      'GET /api/cards': apiError(503, 'UNAVAILABLE', messages.generic.unavailable),
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.unavailable);
    server.on('GET /api/cards', cardsOverview());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('card')).toHaveLength(2);
  });

  it('a load failure that is not an outage says it could not load the cards', async () => {
    renderPanel({ 'GET /api/cards': apiError(500, 'INTERNAL', 'boom') });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.loadFailed);
    expect(alert.textContent).not.toContain(m.unavailable);
  });

  it('Report Lost or Stolen asks what happened, closes the card and shows the replacement to activate', async () => {
    const replacementId = cardId(9);
    const closed = debitCard({
      status: 'closed',
      closedReason: 'stolen',
      closedAt: '2026-03-07T12:00:00.000Z',
      replacedById: replacementId,
    });
    const replacement: Card = debitCard({
      id: replacementId,
      status: 'inactive',
      numberMasked: '•••• •••• •••• 9931',
      last4: '9931',
      // Not shown before activation: activation asks for the expiry printed on the card.
      expiry: null,
      replacesId: DEBIT_ID,
      issuedAt: '2026-03-07T12:00:00.000Z',
      recentTransactions: [],
    });
    const { server, user } = renderPanel({
      [`POST ${path(DEBIT_ID, 'report-lost')}`]: () => {
        server.on('GET /api/cards', cardsOverview({ cards: [closed, creditCard(), replacement] }));
        return cardResult(closed, m.reportedLost('4242', '9931'));
      },
    });
    const debit = await cardArticle(/^Debit Card/);
    await user.click(within(debit).getByRole('button', { name: 'Report Lost or Stolen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report Lost or Stolen' });
    expect(dialog.textContent).toContain('closed for good');
    expect(dialog.textContent).toContain('replacement card with a new number');

    await user.click(within(dialog).getByRole('button', { name: 'Report Card' }));
    expect(await within(dialog).findByText(m.reasonRequired)).toBeTruthy();
    expect(server.to('POST', path(DEBIT_ID, 'report-lost'))).toHaveLength(0);

    await user.click(within(dialog).getByRole('radio', { name: 'Stolen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Report Card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('POST', path(DEBIT_ID, 'report-lost'))[0]?.body).toEqual({ reason: 'stolen' });

    const articles = screen.getAllByTestId('card');
    expect(articles.map((article) => article.dataset.cardId)).toEqual([replacementId, CREDIT_ID]);
    const fresh = articles[0] as HTMLElement;
    expect(within(fresh).getByText(m.reportedLost('4242', '9931'))).toBeTruthy();
    expect(within(fresh).getAllByTestId('card-status')[0]?.textContent).toBe('Awaiting activation');
    const activate = within(fresh).getByRole('form', { name: 'Activate Card ending 9931' });
    expect(activate.textContent).toContain('Your replacement card ending 9931 is on its way.');
    // Its picture: the last 4, so the member knows which card it is; no expiry, not even an empty one.
    const picture = within(fresh).getAllByTestId('card-picture')[0] as HTMLElement;
    expect(picture.textContent).toContain('•••• •••• •••• 9931');
    expect(picture.textContent).not.toMatch(/Expires|null|undefined/);
    expect(picture.getAttribute('aria-label')).toBe('Standard Debit Card •••• •••• •••• 9931, ALEX MEMBER');
    // The old card: one dimmed line under its replacement, no buttons.
    const old = within(fresh).getByTestId('closed-card');
    expect(old.dataset.cardId).toBe(DEBIT_ID);
    expect(old.textContent).toContain('Debit Card ••4242 · Closed (stolen');
    expect(within(old).queryByRole('button')).toBeNull();
    // A replacement not yet activated cannot be locked or used in the modal.
    expect(within(fresh).queryByRole('button', { name: 'Lock Card' })).toBeNull();
    expect(within(fresh).queryByRole('button', { name: 'Change PIN' })).toBeNull();
  });

  it('Activate Card checks the last 4 digits and MM/YY, then sends them', async () => {
    const inactive = debitCard({ status: 'inactive', expiry: null, recentTransactions: [] });
    const { server, user } = renderPanel({
      'GET /api/cards': cardsOverview({ cards: [inactive] }),
      [`POST ${path(DEBIT_ID, 'activate')}`]: apiError(400, 'VALIDATION_FAILED', m.activationMismatch),
    });
    const form = await screen.findByRole('form', { name: 'Activate Card ending 4242' });
    await user.click(within(form).getByRole('button', { name: 'Activate Card' }));
    expect(await within(form).findByText(m.activationLast4)).toBeTruthy();
    expect(within(form).getByText(m.activationExpiry)).toBeTruthy();
    expect(server.to('POST', path(DEBIT_ID, 'activate'))).toHaveLength(0);

    await user.type(within(form).getByLabelText('Last 4 digits'), '42x42');
    await user.type(within(form).getByLabelText('Expiry (MM/YY)'), '0829');
    expect(within(form).getByLabelText<HTMLInputElement>('Expiry (MM/YY)').value).toBe('08/29');
    await user.click(within(form).getByRole('button', { name: 'Activate Card' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(m.activationMismatch);
    expect(server.to('POST', path(DEBIT_ID, 'activate'))[0]?.body).toEqual({ last4: '4242', expiry: '08/29' });
  });
});

describe('Cards panel: Statements', () => {
  /** The statement summary's lines: [term, value]. */
  const summaryOf = () =>
    [...screen.getByLabelText('Statement summary').children].map((line) => [
      line.querySelector('dt')?.textContent ?? '',
      line.querySelector('dd')?.textContent ?? '',
    ]);

  it('shows a card’s month: the credit statement’s figures and transactions; another month on request', async () => {
    const open = creditStatement().credit;
    if (!open) throw new Error('the credit statement has figures');
    const debitStatement = creditStatement({
      cardId: DEBIT_ID,
      credit: null,
      purchases: '4.50',
      withdrawals: '60.00',
      refunds: '2.00',
      transactions: debitCard().recentTransactions,
    });
    const { server, user } = renderPanel({
      [`GET /api/cards/${DEBIT_ID}/statements`]: debitStatement,
      [`GET /api/cards/${CREDIT_ID}/statements`]: (request) =>
        request.query.get('month') === '2026-02'
          ? creditStatement({
              month: '2026-02',
              transactions: [],
              credit: { ...open, open: false },
            })
          : creditStatement(),
    });
    await user.click(await screen.findByRole('tab', { name: 'Statements' }));

    const cardSelect = await screen.findByRole('combobox', { name: 'Card' });
    expect([...cardSelect.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'Debit Card ••4242',
      'Credit Card ••8810',
    ]);
    // The debit card's current month: no month asked for, the server's default.
    const debitTable = await screen.findByRole('table', { name: 'Card transactions, March 2026' });
    expect(server.to('GET', `/api/cards/${DEBIT_ID}/statements`)[0]?.query.has('month')).toBe(false);
    expect(within(debitTable).getByText(declineReasons.card_locked)).toBeTruthy();
    expect(screen.getByTestId('statement-purchases').textContent).toBe('$4.50');
    // A debit card's ATM cash is its own line, not in Purchases.
    expect(summaryOf().map(([term]) => term)).toEqual(['Purchases', 'Withdrawals', 'Refunds']);
    expect(screen.getByTestId('statement-withdrawals').textContent).toBe('$60.00');
    expect(screen.getByTestId('statement-refunds').textContent).toBe('$2.00');
    expect(screen.queryByTestId('statement-minimum')).toBeNull();

    await user.selectOptions(cardSelect, 'Credit Card ••8810');
    await waitFor(() => expect(screen.getByTestId('statement-minimum').textContent).toBe('$35.00'));
    expect(screen.getByTestId('statement-opening').textContent).toBe('$1,030.00');
    expect(screen.getByTestId('statement-balance').textContent).toBe('$1,450.00');
    // The portal's calendar date (lib/format-date.ts).
    expect(screen.getByTestId('statement-due').textContent).toBe(formatCalendarDate('2026-04-25'));
    expect(screen.getByTestId('statement-points').textContent).toBe('840 points');
    expect(screen.getByText('Points earned so far')).toBeTruthy();
    expect(screen.getByText('Statement balance so far')).toBeTruthy();
    // A credit card's cash is a cash advance; no other charges or credits this month, so no such lines.
    expect(summaryOf().map(([term]) => term)).toEqual([
      'Opening balance',
      'Purchases so far',
      'Cash advances so far',
      'Payments so far',
      'Statement balance so far',
      'Minimum payment',
      'Due date',
      'Points earned so far',
    ]);

    const month = screen.getByRole('combobox', { name: 'Month' });
    expect([...month.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'March 2026',
      'February 2026',
      'January 2026',
    ]);
    await user.selectOptions(month, 'February 2026');
    await waitFor(() =>
      expect(server.to('GET', `/api/cards/${CREDIT_ID}/statements`).at(-1)?.query.get('month')).toBe('2026-02'),
    );
    expect(await screen.findByText('No card transactions in this month.')).toBeTruthy();
    // A closed month: its final figures.
    expect(screen.getByText('Points earned')).toBeTruthy();
    expect(screen.queryByText('Points earned so far')).toBeNull();
  });

  it('a credit card month with cash, a payment undone and a charge undone: each its own line, adding up', async () => {
    const open = creditStatement().credit;
    if (!open) throw new Error('the credit statement has figures');
    const { user } = renderPanel({
      [`GET /api/cards/${DEBIT_ID}/statements`]: creditStatement({ cardId: DEBIT_ID, credit: null }),
      [`GET /api/cards/${CREDIT_ID}/statements`]: creditStatement({
        month: '2026-02',
        purchases: '324.50',
        withdrawals: '200.00',
        credit: {
          ...open,
          openingBalance: '0.00',
          otherCharges: '50.00',
          payments: '150.00',
          credits: '300.00',
          statementBalance: '124.50',
          minimumPayment: '25.00',
          pointsEarned: 649,
          pointsTakenBack: 600,
          open: false,
        },
      }),
    });
    await user.click(await screen.findByRole('tab', { name: 'Statements' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Card' }), 'Credit Card ••8810');
    await waitFor(() => expect(screen.getByTestId('statement-minimum').textContent).toBe('$25.00'));
    expect(summaryOf().slice(0, 7)).toEqual([
      ['Opening balance', '$0.00'],
      ['Purchases', '$324.50'],
      ['Cash advances', '$200.00'],
      ['Other charges', '$50.00'],
      ['Payments', '$150.00'],
      ['Credits', '$300.00'],
      ['Statement balance', '$124.50'],
    ]);
    // 0 + 324.50 + 200.00 + 50.00 − 150.00 − 300.00 = 124.50: no line is inside another.
    const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);
    const [opening, purchases, cash, other, payments, credits, balance] = summaryOf().map(([, value]) =>
      cents(value ?? ''),
    ) as number[] as [number, number, number, number, number, number, number];
    expect(opening + purchases + cash + other - payments - credits).toBe(balance);
    // The undone charge's points: earned, then taken back, each said.
    expect(summaryOf().slice(-2)).toEqual([
      ['Points earned', '649 points'],
      ['Points taken back', '600 points'],
    ]);
  });
});
