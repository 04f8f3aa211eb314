import { messages } from '@mutual/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '../../test/fetch-stub';
import { memberAccounts, transferResult } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { InternalTransferForm } from './internal-transfer-form';

const m = messages.transfers;

/** The amount field as a member meets it: on the Between Accounts form. */
function renderAmount() {
  const server = stubFetch({
    'POST /api/transfers/internal': reply(201, transferResult({ message: 'Transferred.' })),
  });
  const user = userEvent.setup();
  renderWithProviders(<InternalTransferForm accounts={memberAccounts} />);
  const form = screen.getByRole('form', { name: 'Between Accounts' });
  const amount = within(form).getByLabelText<HTMLInputElement>('Amount');
  const submitWith = async (text: string) => {
    await user.clear(amount);
    if (text) await user.type(amount, text);
    const reference = within(form).getByLabelText<HTMLInputElement>('Reference');
    if (!reference.value) await user.type(reference, 'Savings top-up');
    await user.click(within(form).getByRole('button', { name: 'Transfer' }));
  };
  return { server, user, form, amount, submitWith };
}

describe('the amount input (spec §5 "Amount inputs")', () => {
  it('is a decimal number field with a minimum of 0.01 in steps of 0.01', () => {
    const { amount } = renderAmount();
    expect(amount.type).toBe('number');
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(amount.min).toBe('0.01');
    expect(amount.step).toBe('0.01');
    expect(amount.placeholder).toBe('0.00');
  });

  it(`refuses $0.00 with "${m.invalidAmount}"`, async () => {
    const { server, submitWith } = renderAmount();
    await submitWith('0.00');
    expect(await screen.findByText(m.invalidAmount)).toBeTruthy();
    // Nothing sent (the form only reads the member's cards, to offer paying the credit card).
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it(`refuses an amount finer than a cent (0.001) with "${m.invalidAmount}"`, async () => {
    const { server, submitWith } = renderAmount();
    await submitWith('0.001');
    expect(await screen.findByText(m.invalidAmount)).toBeTruthy();
    // Nothing sent (the form only reads the member's cards, to offer paying the credit card).
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it(`refuses a negative amount with "${m.invalidAmount}"`, async () => {
    const { server, submitWith } = renderAmount();
    await submitWith('-5');
    expect(await screen.findByText(m.invalidAmount)).toBeTruthy();
    // Nothing sent (the form only reads the member's cards, to offer paying the credit card).
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('accepts the smallest amount, $0.01, and sends it as typed', async () => {
    const { server, submitWith } = renderAmount();
    await submitWith('0.01');
    expect(await screen.findByText('Transferred.')).toBeTruthy();
    expect(screen.queryByText(m.invalidAmount)).toBeNull();
    expect(server.to('POST', '/api/transfers/internal')[0]?.body).toMatchObject({ amount: '0.01' });
  });

  it('keeps letters out of the amount, so only a number can be sent', async () => {
    const { user, amount, submitWith } = renderAmount();
    await user.type(amount, 'abc');
    expect(amount.value).toBe('');
    await submitWith('');
    expect(await screen.findByText(m.fillAllFields)).toBeTruthy();
  });

  it('shows the From account’s available balance beside the amount, and follows the From choice', async () => {
    const { user, form, amount } = renderAmount();
    const hint = within(form).getByText('Available: $1,250.50');
    // Read out with the field by assistive technology.
    expect(amount.getAttribute('aria-describedby')).toContain(hint.id);
    await user.selectOptions(within(form).getByLabelText('From'), 'Savings ••5678');
    expect(within(form).getByText('Available: $300.00')).toBeTruthy();
  });

  it('lets go of the focus when the mouse wheel turns over it, so the amount cannot change unseen', async () => {
    const { user, amount } = renderAmount();
    await user.type(amount, '12.34');
    expect(document.activeElement).toBe(amount);
    fireEvent.wheel(amount);
    expect(document.activeElement).not.toBe(amount);
    expect(amount.value).toBe('12.34');
  });
});
