import { ADMIN_MESSAGE_CLEAR_MS, messages } from '@mutual/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { checking } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { AccountEditDialog } from './account-edit-dialog';

const a = messages.admin;
const accountPath = `/api/admin/users/user-1/accounts/${checking.id}`;

afterEach(() => {
  vi.useRealTimers();
});

function renderDialog(user = userEvent.setup()) {
  renderWithProviders(<AccountEditDialog userId="user-1" account={checking} open onOpenChange={() => undefined} />);
  const numbers = screen.getByRole('form', { name: 'Account details' });
  const balance = screen.getByRole('form', { name: 'Balance' });
  return { numbers, balance, user };
}

describe('Edit account: the account numbers', () => {
  it('saves the numbers and says so', async () => {
    const server = stubFetch({ [`PATCH ${accountPath}`]: { message: '' } });
    const { numbers, user } = renderDialog();
    const accountNumber = within(numbers).getByLabelText('Account number');
    await user.clear(accountNumber);
    await user.type(accountNumber, '4000009999');
    await user.click(within(numbers).getByRole('button', { name: 'Save account details' }));
    expect((await within(numbers).findByRole('status')).textContent).toBe(a.accountUpdated('Checking'));
    expect(server.to('PATCH', accountPath).map((request) => request.body)).toEqual([
      { accountNumber: '4000009999', routingNumber: checking.routingNumber },
    ]);
  });

  it('a number in use: the reason under the field, "Failed to update account" above the button', async () => {
    stubFetch({
      [`PATCH ${accountPath}`]: apiError(409, 'CONFLICT', a.accountNumberInUse, {
        accountNumber: a.accountNumberInUse,
      }),
    });
    const { numbers, user } = renderDialog();
    await user.click(within(numbers).getByRole('button', { name: 'Save account details' }));
    const alerts = await within(numbers).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([a.accountNumberInUse, a.updateAccountFailed]);
    expect(within(numbers).getByLabelText('Account number').getAttribute('aria-invalid')).toBe('true');
  });

  it('a refusal no field shows: "Failed to update account" with the server’s reason', async () => {
    stubFetch({ [`PATCH ${accountPath}`]: apiError(404, 'NOT_FOUND', 'Account not found') });
    const { numbers, user } = renderDialog();
    await user.click(within(numbers).getByRole('button', { name: 'Save account details' }));
    const alert = await within(numbers).findByRole('alert');
    expect(within(alert).getByText(a.updateAccountFailed).className).toContain('font-semibold');
    expect(alert.textContent).toBe(`${a.updateAccountFailed}Account not found`);
  });

  it('a broken server: only "Failed to update account"', async () => {
    stubFetch({ [`PATCH ${accountPath}`]: apiError(500, 'INTERNAL', 'Something broke') });
    const { numbers, user } = renderDialog();
    await user.click(within(numbers).getByRole('button', { name: 'Save account details' }));
    expect((await within(numbers).findByRole('alert')).textContent).toBe(a.updateAccountFailed);
  });

  it('checks the routing number in the browser first', async () => {
    const server = stubFetch({});
    const { numbers, user } = renderDialog();
    const routing = within(numbers).getByLabelText('Routing number');
    await user.clear(routing);
    await user.type(routing, '123');
    await user.click(within(numbers).getByRole('button', { name: 'Save account details' }));
    expect((await within(numbers).findByRole('alert')).textContent).toBe(a.routingNumberInvalid);
    expect(server.requests).toEqual([]);
  });
});

describe('Edit account: the balance', () => {
  it('asks for a reason before anything is sent', async () => {
    const server = stubFetch({});
    const { balance, user } = renderDialog();
    await user.click(within(balance).getByRole('button', { name: 'Set balance' }));
    expect((await within(balance).findByRole('alert')).textContent).toBe(a.adjustmentReasonRequired);
    expect(server.requests).toEqual([]);
  });

  it('sets the balance with a reason of two lines, says what the server did and empties the reason', async () => {
    const server = stubFetch({ [`PUT ${accountPath}/balance`]: { message: 'Balance set to $2,000.00.' } });
    const { balance, user } = renderDialog();
    const amount = within(balance).getByLabelText('New balance');
    await user.clear(amount);
    await user.type(amount, '2000.00');
    await user.type(within(balance).getByLabelText('Reason'), 'Branch correction{Enter}Ticket 42');
    await user.click(within(balance).getByRole('button', { name: 'Set balance' }));
    expect((await within(balance).findByRole('status')).textContent).toBe('Balance set to $2,000.00.');
    expect((within(balance).getByLabelText('Reason') as HTMLTextAreaElement).value).toBe('');
    expect(server.to('PUT', `${accountPath}/balance`).map((request) => request.body)).toEqual([
      { balance: '2000.00', reason: 'Branch correction\nTicket 42' },
    ]);
  });

  it('a refused reason goes under the field, with "Failed to update account"', async () => {
    stubFetch({
      [`PUT ${accountPath}/balance`]: apiError(400, 'VALIDATION_FAILED', a.updateAccountFailed, {
        reason: 'Too vague',
      }),
    });
    const { balance, user } = renderDialog();
    await user.type(within(balance).getByLabelText('Reason'), 'x');
    await user.click(within(balance).getByRole('button', { name: 'Set balance' }));
    const alerts = await within(balance).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Too vague', a.updateAccountFailed]);
    expect(document.activeElement).toBe(within(balance).getByLabelText('Reason'));
  });

  it('the success clears after 3 s, like every console message (spec §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ [`PUT ${accountPath}/balance`]: { message: 'Checking balance set to $1,000.00.' } });
    const { balance, user } = renderDialog(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await user.type(within(balance).getByLabelText('Reason'), 'Branch correction');
    await user.click(within(balance).getByRole('button', { name: 'Set balance' }));
    expect((await within(balance).findByRole('status')).textContent).toBe('Checking balance set to $1,000.00.');

    await act(() => vi.advanceTimersByTimeAsync(ADMIN_MESSAGE_CLEAR_MS - 500));
    expect(within(balance).queryByRole('status')).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(within(balance).queryByRole('status')).toBeNull();
  });

  it('a new attempt clears the last success: only its own error shows', async () => {
    stubFetch({ [`PUT ${accountPath}/balance`]: { message: 'Checking balance set to $1,000.00.' } });
    const { balance, user } = renderDialog();
    await user.type(within(balance).getByLabelText('Reason'), 'Branch correction');
    await user.click(within(balance).getByRole('button', { name: 'Set balance' }));
    await within(balance).findByRole('status');

    const amount = within(balance).getByLabelText('New balance');
    await user.clear(amount);
    await user.type(amount, '-5');
    await user.type(within(balance).getByLabelText('Reason'), 'Again');
    await user.click(within(balance).getByRole('button', { name: 'Set balance' }));
    await within(balance).findByRole('alert');
    expect(balance.textContent).not.toContain('Checking balance set to $1,000.00.');
    expect(within(balance).queryByRole('status')).toBeNull();
  });
});
