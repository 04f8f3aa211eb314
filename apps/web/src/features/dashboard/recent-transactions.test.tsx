import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { transaction } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { QuickActions } from '../quick-actions/quick-actions';
import { statementsOverview } from '../statements/statements.fixtures';
import { RecentTransactions } from './recent-transactions';

function renderDashboardPart() {
  stubFetch({
    'GET /api/me/transactions': { items: [transaction()], pageSize: 20, older: null, newer: null },
    'GET /api/me/statements': statementsOverview(),
  });
  renderWithProviders(
    <>
      <QuickActions />
      <RecentTransactions />
    </>,
    { route: '/dashboard' },
  );
  return screen.getByRole('region', { name: 'Recent Transactions' });
}

describe('Recent Transactions: View All', () => {
  it('points at Quick Actions’ Statements panel on the dashboard (spec §2)', () => {
    const recent = renderDashboardPart();
    expect(within(recent).getByRole('link', { name: 'View All' }).getAttribute('href')).toBe(
      '/dashboard#quick-actions-statements',
    );
  });

  it('opens Statements, from where the full history is one click away', async () => {
    const recent = renderDashboardPart();
    const quickActions = screen.getByRole('region', { name: 'Quick Actions' });
    expect(within(quickActions).queryByRole('region', { name: 'Statements' })).toBeNull();

    await userEvent.click(within(recent).getByRole('link', { name: 'View All' }));
    const panel = within(quickActions).getByRole('region', { name: 'Statements' });
    expect(panel.id).toBe('quick-actions-statements');
    await within(panel).findByRole('form', { name: 'Get a statement' });
    expect(within(panel).getByRole('link', { name: 'View all transactions' }).getAttribute('href')).toBe(
      '/dashboard/transactions',
    );
  });
});
