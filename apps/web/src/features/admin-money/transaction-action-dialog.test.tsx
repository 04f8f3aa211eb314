import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { transaction } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { TransactionActionDialog } from './transaction-action-dialog';

const reversePath = '/api/admin/users/user-1/transactions/tx-1/reverse';

function renderDelete() {
  const onFlash = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <TransactionActionDialog
      userId="user-1"
      action="reverse"
      transaction={transaction()}
      onClose={onClose}
      onFlash={onFlash}
    />,
  );
  return {
    onFlash,
    onClose,
    dialog: screen.getByRole('dialog', { name: 'Delete transaction' }),
    user: userEvent.setup(),
  };
}

describe('Staff console: Delete transaction', () => {
  it('sends the reason as written, its lines kept, says so and closes', async () => {
    const server = stubFetch({ [`POST ${reversePath}`]: { message: 'Transaction deleted.' } });
    const { dialog, onFlash, onClose, user } = renderDelete();
    await user.type(within(dialog).getByLabelText('Reason'), 'Entered twice{Enter}by the branch');
    await user.click(within(dialog).getByRole('button', { name: 'Delete transaction' }));
    await vi.waitFor(() => expect(onFlash).toHaveBeenCalledWith('success', 'Transaction deleted.'));
    expect(onClose).toHaveBeenCalled();
    expect(server.to('POST', reversePath).map((request) => request.body)).toEqual([
      { reason: 'Entered twice\nby the branch' },
    ]);
  });
});
