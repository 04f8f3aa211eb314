import { IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

describe('Add transactions by rows: the date range', () => {
  // The credit union's clock (the site's zone, Chicago) reads 1:00 PM on 20 November 2026: rows
  // may be dated from 20 November 2019 (STAFF_HISTORY_YEARS, 7, back) to now.
  const noon = new Date('2026-11-20T19:00:00Z');
  afterEach(() => {
    vi.useRealTimers();
  });

  async function renderDated(date: string, { time = '09:30', now = noon } = {}) {
    vi.useFakeTimers({ toFake: ['Date'], now });
    const server = stubFetch({ [`POST ${path}`]: { message: '', count: 1 } });
    const onPosted = vi.fn();
    renderWithProviders(<TransactionRowsEditor userId="user-1" onPosted={onPosted} />);
    const user = userEvent.setup();
    const row = screen.getByRole('group', { name: 'Row 1' });
    await user.type(within(row).getByLabelText('Amount'), '12.50');
    await user.type(within(row).getByLabelText('Description'), 'Payroll');
    await user.selectOptions(within(row).getByLabelText('Category'), 'Income');
    await user.type(within(row).getByLabelText('Date'), date);
    await user.type(within(row).getByLabelText('Time'), time);
    const submit = () => user.click(screen.getByRole('button', { name: 'Add transaction' }));
    return { user, row, submit, server, onPosted };
  }

  it.each([
    ['7 years and a day back', '2019-11-19'],
    ['a mistyped year', '1926-11-19'],
  ])('says under the row’s date that %s is too old, and sends nothing', async (_, date) => {
    const { row, submit, server } = await renderDated(date);
    await submit();
    const error = await within(row).findByText(messages.admin.rowTooOld('November 20, 2019'));
    const field = within(row).getByLabelText('Date');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(error.closest('[id]')?.id);
    expect(server.to('POST', path)).toHaveLength(0);
  });

  it('says a date after today is in the future; the date box runs from 7 years back to today', async () => {
    const { row, submit, server } = await renderDated('2026-11-21');
    const date = within(row).getByLabelText('Date');
    expect([date.getAttribute('min'), date.getAttribute('max')]).toEqual(['2019-11-20', '2026-11-20']);
    await submit();
    expect(await within(row).findByText(messages.admin.rowInFuture)).toBeTruthy();
    expect(server.to('POST', path)).toHaveLength(0);
  });

  it('counts today on the credit union’s clock: at 9 PM in Chicago, UTC’s 21 November is still tomorrow', async () => {
    const { row, submit, server } = await renderDated('2026-11-21', {
      time: '00:30',
      now: new Date('2026-11-21T03:00:00Z'),
    });
    expect(within(row).getByLabelText('Date').getAttribute('max')).toBe('2026-11-20');
    await submit();
    expect(await within(row).findByText(messages.admin.rowInFuture)).toBeTruthy();
    expect(server.to('POST', path)).toHaveLength(0);
  });

  it.each([
    ['the window’s first day itself', '2019-11-20'],
    ['history from before the account was opened, 40 days back', '2026-10-11'],
  ])('takes %s', async (_, day) => {
    const { submit, server, onPosted } = await renderDated(day, { time: '08:00' });
    await submit();
    await vi.waitFor(() => expect(onPosted).toHaveBeenCalled());
    expect(server.to('POST', path)[0]?.body).toMatchObject({ rows: [{ date: day, time: '08:00' }] });
  });

  it('takes today until the present minute, not after it', async () => {
    const { user, row, submit, server, onPosted } = await renderDated('2026-11-20', { time: '13:01' });
    await submit();
    expect(await within(row).findByText(messages.admin.rowInFuture)).toBeTruthy();
    const time = within(row).getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '13:00');
    await submit();
    await vi.waitFor(() => expect(onPosted).toHaveBeenCalled());
    expect(server.to('POST', path)[0]?.body).toMatchObject({ rows: [{ date: '2026-11-20', time: '13:00' }] });
  });
});
