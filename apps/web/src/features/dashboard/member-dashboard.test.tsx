import { type AccountOverview, messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { fixtureFactory, member, memberAccounts, transaction } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { MemberDashboard } from './member-dashboard';

const overview = fixtureFactory<AccountOverview>({
  availableBalance: '1250.50',
  pendingTotal: '75.25',
  pendingOut: '75.25',
  pendingIn: '0.00',
  monthIncome: '3200.00',
  monthOutgoing: '1049.99',
  monthCorrections: '0.00',
  month: '2026-03',
  transferLimit: { limit: 10, used: 2, windowHours: 24 },
  onHold: false,
});

function renderDashboard(summary = overview()) {
  stubFetch({
    'GET /api/me/accounts': { accounts: memberAccounts },
    'GET /api/me/summary': summary,
    'GET /api/me/transactions': {
      items: [transaction({ id: 'fee:debit', description: 'Card fee', amount: '0.05' })],
      pageSize: 20,
      older: null,
      newer: null,
    },
  });
  renderWithProviders(<MemberDashboard user={member} />, { route: '/dashboard' });
}

/** The summary has arrived: the header shows figures, not placeholders. */
async function summaryShown() {
  await waitFor(() => expect(screen.getByTestId('available-balance').textContent).toBe('$1,250.50'));
}

describe('amounts on the member dashboard', () => {
  it('shows the header figures in dollars with thousands separators and cents', async () => {
    renderDashboard();
    await summaryShown();
    expect(screen.getByTestId('pending-total').textContent).toBe('$75.25');
  });

  it('shows under the pending total what of it is going out and what is coming in', async () => {
    renderDashboard(overview({ pendingTotal: '763.90', pendingOut: '523.90', pendingIn: '240.00' }));
    await summaryShown();
    expect(screen.getByTestId('pending-total').textContent).toBe('$763.90');
    const parts = within(screen.getByTestId('pending-parts'));
    expect(parts.getByText('$523.90 going out')).toBeTruthy();
    expect(parts.getByText('$240.00 coming in')).toBeTruthy();
    // The pending figure and its parts are read together, under the one "Pending" term.
    const term = screen.getByText('Pending', { selector: 'dt' });
    expect(term.parentElement?.textContent).toBe('Pending$763.90$523.90 going out · $240.00 coming in');
  });

  it('names only the part of the pending total that is not zero', async () => {
    renderDashboard(overview({ pendingTotal: '240.00', pendingOut: '0.00', pendingIn: '240.00' }));
    await summaryShown();
    expect(screen.getByTestId('pending-parts').textContent).toBe('$240.00 coming in');
  });

  it('shows no parts when nothing is pending', async () => {
    renderDashboard(overview({ pendingTotal: '0.00', pendingOut: '0.00', pendingIn: '0.00' }));
    await summaryShown();
    expect(screen.getByTestId('pending-total').textContent).toBe('$0.00');
    expect(screen.queryByTestId('pending-parts')).toBeNull();
    expect(screen.queryByText(/going out|coming in/)).toBeNull();
  });

  it('says above Transfer Money that transfers are on hold, only when staff hold them', async () => {
    renderDashboard(overview({ onHold: true }));
    await summaryShown();
    const section = within(screen.getByRole('region', { name: 'Transfer Money' }));
    const notice = section.getByRole('status');
    expect(notice.textContent).toBe(messages.transfers.suspendedTitle + messages.transfers.onHold);
    // The forms stay: the answer to a transfer still says why, in the spec's modal.
    expect(section.getByRole('tab', { name: 'Between Accounts' })).toBeTruthy();
  });

  it('shows no hold notice for a member who is not on hold', async () => {
    renderDashboard();
    await summaryShown();
    expect(screen.queryByText(messages.transfers.onHold)).toBeNull();
  });

  it('shows the Checking card’s balance and available amount', async () => {
    renderDashboard();
    const card = await screen.findByTestId('checking-card');
    expect(within(card).getByText('$1,500.00')).toBeTruthy();
    expect(within(card).getByText('$1,250.50')).toBeTruthy();
  });

  it('names this month and shows its income and outgoing', async () => {
    renderDashboard();
    const income = await screen.findByRole('article', { name: 'Monthly Income, March 2026' });
    expect(within(income).getByText('$3,200.00')).toBeTruthy();
    const outgoing = screen.getByRole('article', { name: 'Monthly Outgoing, March 2026' });
    expect(within(outgoing).getByText('$1,049.99')).toBeTruthy();
  });

  it('shows corrections that took money out with a minus sign: "−$12.50"', async () => {
    renderDashboard(overview({ monthCorrections: '-12.50' }));
    expect((await screen.findByTestId('corrections-total')).textContent).toBe('\u2212$12.50');
  });

  it('shows corrections that put money in with a plus sign: "+$7.05"', async () => {
    renderDashboard(overview({ monthCorrections: '7.05' }));
    expect((await screen.findByTestId('corrections-total')).textContent).toBe('+$7.05');
  });

  it('hides the corrections figure in a month that has none', async () => {
    renderDashboard(overview({ monthCorrections: '0.00' }));
    await summaryShown();
    expect(screen.queryByText('Corrections this month')).toBeNull();
  });

  it('lists a five-cent fee among recent transactions as "−$0.05"', async () => {
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Recent transactions, newest first' });
    expect(within(table).getByText('$0.05').parentElement?.textContent).toBe('Debit −$0.05');
  });
});

describe('account numbers on the member dashboard', () => {
  it('shows the Checking card’s account number as its last four digits until asked for all of it', async () => {
    renderDashboard();
    const card = await screen.findByTestId('checking-card');
    expect(within(card).getByText('••••1234')).toBeTruthy();
    expect(within(card).queryByText('4000001234')).toBeNull();
    expect(within(card).getByText('021000021')).toBeTruthy();

    await userEvent.click(within(card).getByRole('button', { name: 'Show full Checking account number' }));
    expect(within(card).getByText('4000001234')).toBeTruthy();
    await userEvent.click(within(card).getByRole('button', { name: 'Hide full Checking account number' }));
    expect(within(card).queryByText('4000001234')).toBeNull();
  });

  it('copies the whole account number while it is masked', async () => {
    renderDashboard();
    const card = await screen.findByTestId('checking-card');
    const user = userEvent.setup(); // gives the page a clipboard to write to
    vi.stubGlobal('isSecureContext', true);
    await user.click(within(card).getByRole('button', { name: 'Copy account number' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe('4000001234'));
    expect(within(card).getByText('Account number copied')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
