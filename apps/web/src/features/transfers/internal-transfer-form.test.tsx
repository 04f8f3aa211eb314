import { IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch } from '../../test/fetch-stub';
import { memberAccounts, transferResult } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { cardsOverview, debitCard } from '../cards/cards.fixtures';
import { InternalTransferForm } from './internal-transfer-form';

const m = messages.transfers;

/** The form, its Reference filled in (every test but the empty form's is about another field). */
async function renderForm(reference = 'Savings top-up') {
  const user = userEvent.setup();
  renderWithProviders(<InternalTransferForm accounts={memberAccounts} />);
  const form = screen.getByRole('form', { name: 'Between Accounts' });
  if (reference) await user.type(within(form).getByLabelText('Reference'), reference);
  return {
    user,
    form,
    amount: within(form).getByLabelText('Amount'),
    submit: () => user.click(within(form).getByRole('button', { name: 'Transfer' })),
  };
}

describe('Between Accounts transfer form', () => {
  it(`asks for an amount with "${m.fillAllFields}" when it is left empty`, async () => {
    const server = stubFetch();
    const { submit } = await renderForm();
    await submit();
    const form = screen.getByRole('form', { name: 'Between Accounts' });
    expect((await within(form).findByRole('alert')).textContent).toBe(m.fillAllFields);
    expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(form.querySelector('#internal-amount-error')).toBeNull();
    // Nothing sent (the form only reads the member's cards, to offer paying the credit card).
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it(`refuses the same account on both sides with "${m.sameAccount}"`, async () => {
    stubFetch();
    const { user, form, amount, submit } = await renderForm();
    await user.selectOptions(within(form).getByLabelText('To'), 'Checking ••1234');
    await user.type(amount, '10');
    await submit();
    expect(await screen.findByText(m.sameAccount)).toBeTruthy();
  });

  it(`says "${m.insufficientFunds}" before asking the server when the amount exceeds the available`, async () => {
    const server = stubFetch();
    const { user, amount, submit } = await renderForm();
    // Checking has $1,250.50 available.
    await user.type(amount, '1250.51');
    await submit();
    expect(await screen.findByText(m.insufficientFunds)).toBeTruthy();
    // Nothing sent (the form only reads the member's cards, to offer paying the credit card).
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('sends the transfer with an Idempotency-Key and shows the server’s confirmation', async () => {
    const done = m.internalDone('$25.00', 'Checking', 'Savings');
    const server = stubFetch({
      'POST /api/transfers/internal': reply(201, transferResult({ amount: '25.00', message: done })),
    });
    const { user, amount, submit } = await renderForm();
    await user.type(amount, '25');
    await submit();
    expect(await screen.findByText(done)).toBeTruthy();
    const [sent] = server.to('POST', '/api/transfers/internal');
    expect(sent?.body).toMatchObject({ fromAccount: 'Checking', toAccount: 'Savings', amount: '25' });
    expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    // The form starts over for the next transfer, and the confirmation goes once it is typed.
    expect((amount as HTMLInputElement).value).toBe('');
    expect(screen.getByText(done)).toBeTruthy();
    await user.type(amount, '1');
    expect(screen.queryByText(done)).toBeNull();
  });

  it('"Transfer", pressed with the keyboard, keeps the focus while the transfer is on its way', async () => {
    const done = m.internalDone('$25.00', 'Checking', 'Savings');
    let answer: () => void = () => undefined;
    const server = stubFetch({
      'POST /api/transfers/internal': () =>
        new Promise<void>((resolve) => (answer = resolve)).then(() =>
          reply(201, transferResult({ amount: '25.00', message: done })),
        ),
    });
    const { user, form, amount } = await renderForm();
    await user.type(amount, '25');
    const transfer = within(form).getByRole('button', { name: 'Transfer' });
    transfer.focus();
    await user.keyboard('{Enter}');
    const busy = await within(form).findByRole('button', { name: 'Processing...' });
    await waitFor(() => expect(server.to('POST', '/api/transfers/internal')).toHaveLength(1));

    expect(busy).toBe(transfer);
    expect(document.activeElement).toBe(transfer);
    expect(transfer.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.type(amount, '{Enter}');
    answer();
    expect(await screen.findByText(done)).toBeTruthy();
    expect(server.to('POST', '/api/transfers/internal')).toHaveLength(1);
  });

  it('offers to pay the member’s credit card, and sends it as a transfer to "Credit Card"', async () => {
    const done = m.internalDone('$300.00', 'Checking', 'Credit Card');
    const server = stubFetch({
      'GET /api/cards': cardsOverview(),
      'POST /api/transfers/internal': reply(201, transferResult({ amount: '300.00', message: done })),
    });
    const { user, form, amount, submit } = await renderForm();
    const to = within(form).getByLabelText('To');
    await within(to).findByRole('option', { name: 'Credit Card ••8810' });
    await user.selectOptions(to, 'Credit Card ••8810');
    await user.type(amount, '300');
    await submit();
    expect(await screen.findByText(done)).toBeTruthy();
    const [sent] = server.to('POST', '/api/transfers/internal');
    expect(sent?.body).toMatchObject({ fromAccount: 'Checking', toAccount: 'Credit Card', amount: '300' });
  });

  it('offers no card to pay to a member without a credit card', async () => {
    const server = stubFetch({ 'GET /api/cards': cardsOverview({ cards: [debitCard()] }) });
    const { form } = await renderForm();
    await waitFor(() => expect(server.to('GET', '/api/cards')).toHaveLength(1));
    const options = within(within(form).getByLabelText('To')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Checking ••1234', 'Savings ••5678']);
  });

  it('puts the server’s INSUFFICIENT_FUNDS refusal under the amount', async () => {
    stubFetch({
      'POST /api/transfers/internal': apiError(422, 'INSUFFICIENT_FUNDS', m.insufficientFunds),
    });
    const { user, amount, submit } = await renderForm();
    await user.type(amount, '100');
    await submit();
    const error = await screen.findByText(m.insufficientFunds);
    expect(amount.getAttribute('aria-describedby')).toContain(error.closest('p')?.id);
    expect(amount.getAttribute('aria-invalid')).toBe('true');
  });

  it(`shows "${m.dashboardFailed}" when the server fails`, async () => {
    stubFetch({ 'POST /api/transfers/internal': apiError(500, 'INTERNAL', messages.generic.internal) });
    const { user, amount, submit } = await renderForm();
    await user.type(amount, '5');
    await submit();
    expect((await screen.findByRole('alert')).textContent).toBe(m.dashboardFailed);
  });
});
