import { messages, type TransactionPage } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubRequest } from '../../test/fetch-stub';
import { transaction } from '../../test/fixtures';
import { cardsOverview, creditCard, debitCard } from '../cards/cards.fixtures';
import { renderWithProviders } from '../../test/render';
import { TransactionHistory } from './transaction-history';

const newest: TransactionPage = {
  items: [
    transaction({ id: 'a:credit', type: 'credit', amount: '1234.56', description: 'Payroll', date: '2026-03-04' }),
    transaction({ id: 'b:debit', type: 'debit', amount: '0.05', description: 'Card fee', date: '2026-03-01' }),
  ],
  pageSize: 20,
  older: 'cursorB',
  newer: null,
};
const oldest: TransactionPage = {
  items: [transaction({ id: 'c:debit', description: 'Groceries', date: '2026-02-20' })],
  pageSize: 20,
  older: null,
  newer: 'cursorC',
};

/** The history API: the newest page, or the page just older than `cursorB`. */
function historyApi(request: StubRequest) {
  return request.query.get('olderThan') === 'cursorB' ? oldest : newest;
}

function renderHistory() {
  const server = stubFetch({ 'GET /api/me/transactions': historyApi });
  const user = userEvent.setup();
  renderWithProviders(<TransactionHistory />, { route: '/dashboard/transactions' });
  const pages = () => screen.getByRole('navigation', { name: 'Pages' });
  return { server, user, pages };
}

describe('transaction history paging', () => {
  it('on the newest page: "Newer" is greyed out and the label gives the count and the dates', async () => {
    const { pages } = renderHistory();
    expect(await screen.findAllByText('Payroll')).not.toHaveLength(0);
    const nav = pages();
    expect(within(nav).getByTestId('history-range').textContent).toBe('2 transactions, Mar 1, 2026 – Mar 4, 2026');
    expect(within(nav).queryByRole('link', { name: 'Newer' })).toBeNull();
    expect(within(nav).getByRole<HTMLButtonElement>('button', { name: 'Newer' }).disabled).toBe(true);
    expect(within(nav).queryByRole('link', { name: 'Newest' })).toBeNull();
  });

  it('"Older" asks for the rows older than the last one seen, and then "Older" is greyed out', async () => {
    const { server, user, pages } = renderHistory();
    await screen.findAllByText('Payroll');
    await user.click(within(pages()).getByRole('link', { name: 'Older' }));
    expect(await screen.findAllByText('Groceries')).not.toHaveLength(0);
    const nav = pages();
    expect(within(nav).getByTestId('history-range').textContent).toBe('1 transaction, Feb 20, 2026 – Feb 20, 2026');
    expect(within(nav).queryByRole('link', { name: 'Older' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Newer' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: 'Newest' })).toBeTruthy();
    const asked = server.to('GET', '/api/me/transactions').map((request) => request.query.get('olderThan'));
    expect(asked).toEqual([null, 'cursorB']);
    expect(server.to('GET', '/api/me/transactions')[1]?.query.get('pageSize')).toBe('20');
  });

  it('shows credits with "+" and debits with "−", in dollars and cents', async () => {
    renderHistory();
    const table = await screen.findByRole('table', { name: 'Transactions, newest first' });
    const [, payroll, fee] = within(table).getAllByRole('row');
    expect(within(payroll as HTMLElement).getByText('$1,234.56').parentElement?.textContent).toBe('Credit +$1,234.56');
    expect(within(fee as HTMLElement).getByText('$0.05').parentElement?.textContent).toBe('Debit −$0.05');
  });

  it('says so when no transaction matches the filters', async () => {
    stubFetch({ 'GET /api/me/transactions': { items: [], pageSize: 20, older: null, newer: null } });
    renderWithProviders(<TransactionHistory />, { route: '/dashboard/transactions?type=credit' });
    expect(await screen.findByText('No transactions match these filters.')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});

describe('transaction history exports', () => {
  it('offers CSV, OFX and QIF, each with the filters the page shows', async () => {
    stubFetch({ 'GET /api/me/transactions': newest });
    renderWithProviders(<TransactionHistory />, {
      route: '/dashboard/transactions?account=Savings&type=credit&olderThan=cursorB',
    });
    const exports = await screen.findByRole('group', { name: 'Export transactions' });
    const hrefOf = (name: string) => within(exports).getByRole('link', { name }).getAttribute('href');
    // The page's place (olderThan) is not a filter: every matching row is exported.
    expect(hrefOf('Export CSV')).toBe('/api/me/transactions/export?account=Savings&type=credit');
    expect(hrefOf('Export OFX')).toBe('/api/me/transactions/export.ofx?account=Savings&type=credit');
    expect(hrefOf('Export QIF')).toBe('/api/me/transactions/export.qif?account=Savings&type=credit');
    for (const name of ['Export OFX', 'Export QIF']) {
      const link = within(exports).getByRole('link', {
        name,
        description:
          'OFX and QIF files for Quicken, GnuCash or Moneydance list completed Checking and Savings transactions only.',
      });
      expect(link.hasAttribute('download')).toBe(true);
    }
  });
});

describe('the credit card in the history', () => {
  const cardRow = transaction({
    id: 'p:credit',
    accountType: 'Credit Card',
    accountNumberLast4: '6307',
    type: 'credit',
    amount: '15.00',
    description: 'Transfer from Checking',
  });

  /** The history API answers the credit card's rows when asked for them, else the usual page. */
  function renderWithCards(cards: object, route = '/dashboard/transactions') {
    const server = stubFetch({
      'GET /api/cards': cards,
      'GET /api/me/transactions': (request: StubRequest) =>
        request.query.get('account') === 'Credit Card'
          ? { items: [cardRow], pageSize: 20, older: null, newer: null }
          : newest,
    });
    renderWithProviders(<TransactionHistory />, { route });
    return { server, user: userEvent.setup() };
  }

  const accountChoices = () =>
    within(screen.getByRole('combobox', { name: 'Account' }))
      .getAllByRole('option')
      .map((option) => option.textContent);

  it('offers the credit card by its last four; choosing it lists its rows and exports them as CSV only', async () => {
    const { server, user } = renderWithCards(
      cardsOverview({ cards: [creditCard({ last4: '6307', numberMasked: '•••• •••• •••• 6307' }), debitCard()] }),
    );
    await screen.findAllByText('Payroll');
    await waitFor(() =>
      expect(accountChoices()).toEqual(['All accounts', 'Checking', 'Savings', 'Credit Card ••6307']),
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Account' }), 'Credit Card ••6307');
    const table = await screen.findByRole('table', { name: 'Transactions, newest first' });
    await within(table).findByText('Credit Card ••6307');
    expect(server.to('GET', '/api/me/transactions').at(-1)?.query.get('account')).toBe('Credit Card');

    const exports = screen.getByRole('group', { name: 'Export transactions' });
    expect(within(exports).getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toBe(
      '/api/me/transactions/export?account=Credit%20Card',
    );
    expect(within(exports).queryByRole('link', { name: 'Export OFX' })).toBeNull();
    expect(within(exports).queryByRole('link', { name: 'Export QIF' })).toBeNull();
    expect(screen.getByText(messages.history.moneyFilesForDepositAccounts)).toBeTruthy();
  });

  it('offers Checking and Savings alone to a member without a credit card', async () => {
    renderWithCards(cardsOverview({ cards: [debitCard()] }));
    await screen.findAllByText('Payroll');
    await waitFor(() => expect(accountChoices()).toEqual(['All accounts', 'Checking', 'Savings']));
  });

  it('keeps a credit card chosen in the address while the cards load', () => {
    stubFetch({ 'GET /api/me/transactions': newest });
    renderWithProviders(<TransactionHistory />, { route: '/dashboard/transactions?account=Credit+Card' });
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Account' }).value).toBe('Credit Card');
  });
});
