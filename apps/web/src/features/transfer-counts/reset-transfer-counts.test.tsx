import { type TransferCountList, type TransferCountRow, messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ResetTransferCounts } from './reset-transfer-counts';

const r = messages.resetTransfers;
const listPath = '/api/admin/transfer-counts';

function row(overrides: Partial<TransferCountRow>): TransferCountRow {
  return {
    id: 'user-1',
    name: 'Devon Member',
    email: 'devon@example.com',
    count: 3,
    windowEndsAt: null,
    lastResetAt: null,
    lastResetBy: null,
    protected: false,
    ...overrides,
  };
}

const list = (users: TransferCountRow[]): TransferCountList => ({ users, limit: 3, windowHours: 24 });

/** The table rows (the phone cards are in the page too, hidden by CSS). */
const tableRows = () => screen.getAllByTestId('transfer-count-row');

describe('Reset Transfer Counts: the list', () => {
  it('shows each member’s count against the limit, and a Reset for each but the protected account', async () => {
    stubFetch({
      [`GET ${listPath}`]: list([
        row({}),
        row({ id: 'staff-1', name: 'Staff', email: 'staff@example.com', count: 0, protected: true }),
      ]),
    });
    renderWithProviders(<ResetTransferCounts />);
    await screen.findByRole('table', { name: 'Transfer counts in the current window' });
    const [devon, staff] = tableRows() as [HTMLElement, HTMLElement];
    expect(devon.textContent).toContain('3 of 3');
    expect(devon.textContent).toContain('Limit reached');
    expect(devon.textContent).toContain('Never');
    const reset = within(devon).getByRole<HTMLButtonElement>('button', {
      name: 'Reset transfer count for devon@example.com',
    });
    expect(reset.disabled).toBe(false);
    expect(staff.className).toContain('bg-slate-50');
    const locked = within(staff).getByRole<HTMLButtonElement>('button', { name: /^Reset/ });
    expect(locked.disabled).toBe(true);
    expect(document.getElementById(locked.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Protected staff account: its count is never reset.',
    );
    const cards = screen.getByRole('list', { name: 'Transfer counts in the current window' });
    expect(within(cards).getAllByTestId('transfer-count-card')).toHaveLength(2);
  });

  it('says "No members yet." when there is nobody', async () => {
    stubFetch({ [`GET ${listPath}`]: list([]) });
    renderWithProviders(<ResetTransferCounts />);
    expect(await screen.findByText('No members yet.')).toBeTruthy();
  });

  it('a failed load says "Failed to fetch users" whatever the server said, and tries again', async () => {
    let fail = true;
    stubFetch({
      [`GET ${listPath}`]: () => (fail ? apiError(403, 'FORBIDDEN', 'Staff only') : list([row({})])),
    });
    renderWithProviders(<ResetTransferCounts />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(`${r.fetchFailed}Try again`);
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('transfer-count-row')).toHaveLength(1);
  });
});
