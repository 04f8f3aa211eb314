import { IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { TransactionRowsEditor } from './transaction-rows-editor';

const path = '/api/admin/users/user-1/transactions';

async function renderEditor() {
  const onPosted = vi.fn();
  renderWithProviders(<TransactionRowsEditor userId="user-1" onPosted={onPosted} />);
  const user = userEvent.setup();
  const row = screen.getByRole('group', { name: 'Row 1' });
  await user.type(within(row).getByLabelText('Amount'), '12.50');
  await user.type(within(row).getByLabelText('Description'), 'Coffee');
  await user.selectOptions(within(row).getByLabelText('Category'), 'Transfer');
  await user.type(within(row).getByLabelText('Date'), '2026-03-04');
  await user.type(within(row).getByLabelText('Time'), '09:30');
  const submit = () => user.click(screen.getByRole('button', { name: 'Add transaction' }));
  return { user, row, submit, onPosted };
}

const keysSent = (server: ReturnType<typeof stubFetch>) =>
  server.to('POST', path).map((request) => request.headers.get(IDEMPOTENCY_HEADER));

describe('Add transactions by rows', () => {
  it('posts the rows and hands the server’s message on', async () => {
    const server = stubFetch({ [`POST ${path}`]: { message: '', count: 1 } });
    const { submit, onPosted } = await renderEditor();
    await submit();
    await vi.waitFor(() => expect(onPosted).toHaveBeenCalledWith(messages.admin.transactionsAdded));
    expect(server.to('POST', path)[0]?.body).toMatchObject({ rows: [{ amount: '12.50', description: 'Coffee' }] });
  });

  it('a refused row: "Failed to add transactions: …", the row marked and the field’s reason under it', async () => {
    stubFetch({
      [`POST ${path}`]: apiError(422, 'UNPROCESSABLE', 'Row 1: Insufficient funds', { '1.amount': 'Not enough money' }),
    });
    const { row, submit, onPosted } = await renderEditor();
    await submit();
    const alert = await screen.findByText(messages.admin.addTransactionsFailed('Row 1: Insufficient funds'));
    expect(alert).toBeTruthy();
    expect(within(row).getByText('Refused: see the message below')).toBeTruthy();
    expect(within(row).getByText('Not enough money')).toBeTruthy();
    expect(within(row).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(onPosted).not.toHaveBeenCalled();
  });

  it('keeps the batch’s key for a retry after a broken answer, and takes a new one after a refusal', async () => {
    const answers = [
      apiError(500, 'INTERNAL', 'down'),
      apiError(409, 'CONFLICT', 'Busy'),
      { message: 'Added', count: 1 },
    ];
    const server = stubFetch({ [`POST ${path}`]: () => answers.shift() });
    const { submit, onPosted } = await renderEditor();
    await submit();
    await screen.findByText(messages.admin.addTransactionsFailed(messages.generic.internal));
    await submit();
    await screen.findByText(messages.admin.addTransactionsFailed('Busy'));
    await submit();
    await vi.waitFor(() => expect(onPosted).toHaveBeenCalledWith('Added'));
    const [first, second, third] = keysSent(server);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });
});
