import { ADMIN_MESSAGE_CLEAR_MS, messages } from '@mutual/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { userSummary } from '../admin-users/test-fixtures';
import { DeleteUserTransactions } from './delete-user-transactions';

const a = messages.admin;
const member = userSummary();

afterEach(() => {
  vi.useRealTimers();
});

function renderBox(user = userEvent.setup()) {
  renderWithProviders(<DeleteUserTransactions />);
  const box = screen.getByRole('region', { name: 'Delete User Transactions' });
  return { box, user };
}

async function deleteAll(box: HTMLElement, user: ReturnType<typeof userEvent.setup>, email = member.email) {
  await user.type(within(box).getByLabelText('User email'), email);
  await user.type(within(box).getByLabelText('Reason'), 'Test data');
  await user.click(within(box).getByRole('button', { name: 'Delete Transactions' }));
}

describe('Delete User Transactions', () => {
  it('"Successfully deleted N transactions" clears after 3 s (spec §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({
      'GET /api/admin/users/lookup': member,
      [`POST /api/admin/users/${member.id}/transactions/reverse-all`]: { message: '', count: 6 },
    });
    const { box, user } = renderBox(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await deleteAll(box, user);
    await user.click(await within(box).findByRole('button', { name: 'Delete all transactions' }));
    expect((await within(box).findByRole('status')).textContent).toBe(a.transactionsDeleted(6));

    await act(() => vi.advanceTimersByTimeAsync(ADMIN_MESSAGE_CLEAR_MS - 500));
    expect(within(box).queryByText(a.transactionsDeleted(6))).not.toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(within(box).queryByText(a.transactionsDeleted(6))).toBeNull();
  });

  it('"User not found" stays until the next attempt, which clears it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ 'GET /api/admin/users/lookup': apiError(404, 'NOT_FOUND', a.userNotFound) });
    const { box, user } = renderBox(userEvent.setup({ advanceTimers: vi.advanceTimersByTime }));
    await deleteAll(box, user, 'nobody@example.com');
    expect((await within(box).findByRole('alert')).textContent).toBe(a.userNotFound);

    await act(() => vi.advanceTimersByTimeAsync(ADMIN_MESSAGE_CLEAR_MS * 3));
    expect(within(box).getByRole('alert').textContent).toBe(a.userNotFound);

    await user.clear(within(box).getByLabelText('Reason'));
    await user.click(within(box).getByRole('button', { name: 'Delete Transactions' }));
    expect(within(box).queryByText(a.userNotFound)).toBeNull();
  });
});

describe('Delete User Transactions, with the keyboard', () => {
  const routes = {
    'GET /api/admin/users/lookup': member,
    [`POST /api/admin/users/${member.id}/transactions/reverse-all`]: { message: '', count: 6 },
  };

  it('lands on the box’s heading as the confirmation goes, and stays there with the answer', async () => {
    stubFetch(routes);
    const { box, user } = renderBox();
    await user.type(within(box).getByLabelText('User email'), member.email);
    await user.type(within(box).getByLabelText('Reason'), 'Test data');
    await pressEnter(user, within(box).getByRole('button', { name: 'Delete Transactions' }));
    const confirm = await within(box).findByRole('button', { name: 'Delete all transactions' });
    expect(document.activeElement).toBe(confirm);
    await user.keyboard('{Enter}');

    const heading = within(box).getByRole('heading', { name: 'Delete User Transactions' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect((await within(box).findByRole('status')).textContent).toBe(a.transactionsDeleted(6));
    expect(document.activeElement).toBe(heading);
  });

  it('"Cancel" gives the focus back to "Delete Transactions"; Enter in a field keeps it there', async () => {
    stubFetch({ ...routes, 'GET /api/admin/users/lookup': apiError(404, 'NOT_FOUND', a.userNotFound) });
    const { box, user } = renderBox();
    await user.type(within(box).getByLabelText('Reason'), 'Test data');
    const email = within(box).getByLabelText('User email');
    await user.type(email, 'nobody@example.com{Enter}');
    expect((await within(box).findByRole('alert')).textContent).toBe(a.userNotFound);
    expect(document.activeElement).toBe(email);

    stubFetch(routes);
    await user.clear(email);
    await user.type(email, member.email);
    const ask = within(box).getByRole('button', { name: 'Delete Transactions' });
    await pressEnter(user, ask);
    await within(box).findByRole('button', { name: 'Delete all transactions' });
    await pressEnter(user, within(box).getByRole('button', { name: 'Cancel' }));
    expect(within(box).queryByRole('button', { name: 'Delete all transactions' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(ask));
  });
});
