import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Link, RouterProvider, createBrowserRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { memberAccounts, siteFacts } from '../../test/fixtures';
import { installSiteFacts, renderWithProviders, testQueryClient } from '../../test/render';
import { SiteProvider } from '../site/site-context';
import { overviewFixture, pageOf } from '../bill-pay/bill-pay.fixtures';
import { cardsOverview } from '../cards/cards.fixtures';
import { depositOverview } from '../deposits/deposits.fixtures';
import { statementsOverview } from '../statements/statements.fixtures';
import { QuickActions } from './quick-actions';

const tileNames = ['Bill Pay', 'Mobile Deposit', 'Cards', 'Statements', 'Zelle', 'Rewards'];

/** The dashboard's part that matters here, with the top navigation's two anchor links. */
function Dashboard() {
  return (
    <>
      <nav>
        <Link to="/dashboard#quick-actions-cards">Cards</Link>
        <Link to="/dashboard#quick-actions-billpay">Bill Pay</Link>
      </nav>
      <QuickActions />
    </>
  );
}

function renderQuickActions(route = '/dashboard') {
  const server = stubFetch({
    'GET /api/me/accounts': { accounts: memberAccounts },
    'GET /api/bill-pay': overviewFixture(),
    'GET /api/bill-pay/payments': pageOf([]),
    'GET /api/me/statements': statementsOverview(),
    'GET /api/deposits': depositOverview(),
    'GET /api/cards': cardsOverview(),
  });
  renderWithProviders(<Dashboard />, { route });
  const section = screen.getByRole('region', { name: 'Quick Actions' });
  return { server, section, user: userEvent.setup() };
}

/** A tile's button: its name is its label, then its one-line description. */
const tile = (section: HTMLElement, label: string) =>
  within(section).getByRole('button', { name: new RegExp(`^${label} (One-time|Download|Deposit|Lock|Coming|Being)`) });

/** Chooses a tile; its panel, named like the tile, is what stands in place of the tiles. */
async function openPanel({ section, user }: { section: HTMLElement; user: UserEvent }, label: string) {
  await user.click(tile(section, label));
  return within(section).getByRole('region', { name: label });
}

/**
 * For a tile whose panel is the feature's real form: checks the tile's words, chooses it and
 * waits for the form, named `formName`.
 */
async function openTileForm(label: string, tileText: string, formName: string) {
  const { section, user, server } = renderQuickActions();
  expect(tile(section, label).textContent).toBe(tileText);
  const panel = await openPanel({ section, user }, label);
  return { form: await within(panel).findByRole('form', { name: formName }), server };
}

describe('Quick Actions', () => {
  it('shows the six tiles of the spec, in its order, and no panel', () => {
    const { section, server } = renderQuickActions();
    expect(section.id).toBe('quick-actions');
    const names = within(section)
      .getAllByRole('button')
      .map((button) => button.firstElementChild?.nextElementSibling?.textContent);
    expect(names).toEqual(tileNames);
    expect(tile(section, 'Zelle').textContent).toBe('ZelleComing soon');
    expect(within(section).queryByRole('button', { name: 'Back to Quick Actions' })).toBeNull();
    // Nothing is fetched until Bill Pay is opened.
    expect(server.requests).toHaveLength(0);
  });

  it('opens a panel in place of the tiles, and "Back to Quick Actions" returns to them and to the tile', async () => {
    const { section, user } = renderQuickActions();
    const panel = await openPanel({ section, user }, 'Statements');
    expect(panel.id).toBe('quick-actions-statements');
    expect(document.activeElement).toBe(panel);
    expect(within(section).queryByRole('button', { name: /^Zelle/ })).toBeNull();

    await user.click(within(panel).getByRole('button', { name: 'Back to Quick Actions' }));
    expect(within(section).queryByRole('region', { name: 'Statements' })).toBeNull();
    for (const name of tileNames) expect(tile(section, name)).toBeTruthy();
    expect(document.activeElement).toBe(tile(section, 'Statements'));
  });

  it('Zelle: only the coming-soon message, with the credit union’s name', async () => {
    const { section, user } = renderQuickActions();
    const panel = await openPanel({ section, user }, 'Zelle');
    expect(within(panel).getByText(`Zelle® is coming soon to ${siteFacts.brand.name}.`)).toBeTruthy();
    expect(within(panel).queryByRole('textbox')).toBeNull();
    expect(within(panel).queryByRole('form')).toBeNull();
  });

  it('Rewards: only the message that the program is being enhanced', async () => {
    const { section, user } = renderQuickActions();
    const panel = await openPanel({ section, user }, 'Rewards');
    expect(panel.textContent).toContain(`The ${siteFacts.brand.shortName} rewards program is being enhanced.`);
    expect(within(panel).queryByRole('textbox')).toBeNull();
  });

  it('Cards: the real panel, with the Overview and Statements tabs and the member’s cards', async () => {
    const { section, user, server } = renderQuickActions();
    const panel = await openPanel({ section, user }, 'Cards');
    const tabs = await within(panel).findByRole('tablist', { name: 'Cards' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Overview', 'Statements']);
    expect(await within(panel).findAllByRole('heading', { name: /^(Debit|Credit) Card ending in/ })).toHaveLength(2);
    expect(within(panel).queryByText('Card management is not available online yet.')).toBeNull();
    expect(server.to('GET', '/api/cards')).toHaveLength(1);
  });

  it('Mobile Deposit: the real form, with the account, amount and both photos', async () => {
    const { form, server } = await openTileForm('Mobile Deposit', 'Mobile DepositDeposit a check', 'Deposit a check');
    expect(within(form).getByRole('combobox', { name: 'Deposit to' })).toBeTruthy();
    expect(within(form).getByLabelText('Front of check')).toBeTruthy();
    expect(within(form).getByLabelText('Back of check')).toBeTruthy();
    expect(server.to('GET', '/api/deposits')).toHaveLength(1);
  });

  it('Statements: the real panel, with the account and period choice', async () => {
    const { form, server } = await openTileForm('Statements', 'StatementsDownload or e-mail', 'Get a statement');
    expect(within(form).getByRole('combobox', { name: 'Account' })).toBeTruthy();
    expect(within(form).getByRole('combobox', { name: 'Statement period' })).toBeTruthy();
    expect(server.to('GET', '/api/me/statements')).toHaveLength(1);
  });

  it('opens Statements on arrival at #quick-actions-statements', async () => {
    const { section } = renderQuickActions('/dashboard#quick-actions-statements');
    const panel = within(section).getByRole('region', { name: 'Statements' });
    expect(panel.id).toBe('quick-actions-statements');
    expect(await within(panel).findByRole('form', { name: 'Get a statement' })).toBeTruthy();
  });

  it('opens Bill Pay on arrival at #quick-actions-billpay, with the form', async () => {
    const { section } = renderQuickActions('/dashboard#quick-actions-billpay');
    const panel = within(section).getByRole('region', { name: 'Bill Pay' });
    expect(panel.id).toBe('quick-actions-billpay');
    expect(await within(panel).findByRole('form', { name: 'Pay a bill' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Upcoming Bills' })).toBeTruthy();
    expect(within(panel).getByRole('heading', { name: 'Payment History' })).toBeTruthy();
  });

  it('opens Cards, then Bill Pay, when the navigation’s links change the address on the dashboard', async () => {
    const { section, user } = renderQuickActions();
    const nav = screen.getByRole('navigation');
    await user.click(within(nav).getByRole('link', { name: 'Cards' }));
    const cards = within(section).getByRole('region', { name: 'Cards' });
    expect(cards.id).toBe('quick-actions-cards');

    await user.click(within(nav).getByRole('link', { name: 'Bill Pay' }));
    expect(within(section).getByRole('region', { name: 'Bill Pay' }).id).toBe('quick-actions-billpay');
    await within(section).findByRole('form', { name: 'Pay a bill' });
  });

  it('opens the panel again when its link is followed after going back to the tiles', async () => {
    const { section, user } = renderQuickActions('/dashboard#quick-actions-cards');
    const cards = within(section).getByRole('region', { name: 'Cards' });
    await user.click(within(cards).getByRole('button', { name: 'Back to Quick Actions' }));
    expect(within(section).queryByRole('region', { name: 'Cards' })).toBeNull();

    await user.click(within(screen.getByRole('navigation')).getByRole('link', { name: 'Cards' }));
    await waitFor(() => expect(within(section).getByRole('region', { name: 'Cards' })).toBeTruthy());
  });

  it('opens the panel when only the address’s #hash changes (no reload, no link in the app)', async () => {
    stubFetch({ 'GET /api/cards': cardsOverview(), 'GET /api/me/accounts': { accounts: memberAccounts } });
    installSiteFacts(siteFacts);
    // The browser's own history, as on the site: a changed #hash is a "popstate" with no state of
    // the router's, so the location keeps the key it had on arrival ("default").
    window.history.replaceState(null, '', '/dashboard');
    const router = createBrowserRouter([{ path: '/dashboard', element: <Dashboard /> }]);
    render(
      <QueryClientProvider client={testQueryClient()}>
        <SiteProvider>
          <RouterProvider router={router} />
        </SiteProvider>
      </QueryClientProvider>,
    );
    try {
      const section = screen.getByRole('region', { name: 'Quick Actions' });
      expect(within(section).queryByRole('region', { name: 'Cards' })).toBeNull();
      act(() => {
        window.history.pushState(null, '', '/dashboard#quick-actions-cards');
        window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
      });
      await waitFor(() =>
        expect(within(section).getByRole('region', { name: 'Cards' }).id).toBe('quick-actions-cards'),
      );
    } finally {
      router.dispose();
      window.history.replaceState(null, '', '/');
    }
  });
});
