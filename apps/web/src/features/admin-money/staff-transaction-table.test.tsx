import type { StaffTransaction } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { transaction } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { StaffTransactionTable } from './staff-transaction-table';

const row = (overrides: Partial<StaffTransaction>): StaffTransaction => ({
  ...transaction({ status: 'Pending', type: 'credit', category: 'Deposit' }),
  workflow: null,
  ...overrides,
});

function renderRows(items: StaffTransaction[]) {
  const onAction = vi.fn();
  renderWithProviders(<StaffTransactionTable items={items} onAction={onAction} />);
  const rowOf = (description: string) => {
    const found = screen.getAllByTestId('staff-transaction-row').find((r) => r.textContent?.includes(description));
    if (!found) throw new Error(`no row ${description}`);
    return within(found);
  };
  return { onAction, rowOf };
}

describe('Staff console: the member’s transactions, pending rows', () => {
  it('offers neither Complete nor Delete on a pending mobile deposit: it says Deposit Review handles it', () => {
    const { rowOf } = renderRows([
      row({
        id: 'dep:credit',
        transferId: 'dep',
        description: 'Mobile deposit',
        amount: '240.00',
        workflow: 'deposit',
      }),
    ]);
    const deposit = rowOf('Mobile deposit');
    expect(deposit.queryByRole('button', { name: /^Complete/ })).toBeNull();
    expect(deposit.queryByRole('button', { name: /^Delete/ })).toBeNull();
    expect(deposit.getByText('Handled in Deposit Review')).toBeTruthy();
  });

  it.each([
    ['billPayment', 'Electric bill', 'Handled in Payment Operations → Bill Pay'],
    ['cardAuthorization', 'Harbor Coffee', 'Handled by the card processor'],
    ['paymentOrder', 'Wire to Lisbon', 'Handled in Payment Operations'],
  ] as const)('says where a pending %s row is handled, with no buttons', (workflow, description, where) => {
    const { rowOf } = renderRows([row({ description, workflow, type: 'debit' })]);
    expect(rowOf(description).queryAllByRole('button')).toEqual([]);
    expect(rowOf(description).getByText(where)).toBeTruthy();
  });

  it('offers Complete and Delete on a pending row staff added, and Delete only once it is Completed', async () => {
    const { rowOf, onAction } = renderRows([
      row({ id: 'a:credit', transferId: 'a', description: 'Cheque (clearing)', workflow: 'staffEntry' }),
      row({ id: 'b:credit', transferId: 'b', description: 'Mobile deposit', status: 'Completed', workflow: null }),
    ]);
    const staffEntry = rowOf('Cheque (clearing)');
    await userEvent.setup().click(staffEntry.getByRole('button', { name: /^Complete/ }));
    expect(onAction).toHaveBeenCalledWith('complete', expect.objectContaining({ transferId: 'a' }));
    expect(staffEntry.getByRole('button', { name: /^Delete/ })).toBeTruthy();
    const settled = rowOf('Mobile deposit');
    expect(settled.queryByRole('button', { name: /^Complete/ })).toBeNull();
    expect(settled.getByRole('button', { name: /^Delete/ })).toBeTruthy();
  });
});
