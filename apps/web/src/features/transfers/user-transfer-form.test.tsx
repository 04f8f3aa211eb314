import { messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { memberAccounts, transferResult } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { UserTransferForm } from './user-transfer-form';

const m = messages.transfers;
const alex = { name: 'Alex Payee', email: 'alex@example.com', message: m.recipientFound('Alex Payee') };

function renderForm(routes: StubRoutes = {}) {
  const server = stubFetch(routes);
  const user = userEvent.setup();
  renderWithProviders(<UserTransferForm accounts={memberAccounts} />);
  const form = screen.getByRole('form', { name: 'To Member' });
  const email = within(form).getByLabelText('Recipient email');
  return {
    server,
    user,
    form,
    email,
    verify: () => user.click(within(form).getByRole('button', { name: 'Verify' })),
    fill: async (amount: string, reference: string) => {
      await user.type(within(form).getByLabelText('Amount'), amount);
      await user.type(within(form).getByLabelText('Reference'), reference);
    },
    submit: () => user.click(within(form).getByRole('button', { name: 'Transfer' })),
  };
}

describe('To Member transfer form', () => {
  it(`says "${m.fillAllFields}" once for the form and marks each empty field when sent empty`, async () => {
    const { server, form, email, submit } = renderForm();
    await submit();
    expect((await within(form).findByRole('alert')).textContent).toBe(m.fillAllFields);
    expect(within(form).getAllByText(m.fillAllFields)).toHaveLength(1);
    // The recipient, the amount and the reference are all required.
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Reference').getAttribute('aria-invalid')).toBe('true');
    expect(server.requests).toHaveLength(0);
  });

  it('puts the focus on the first field in error as the form reads, the recipient, not the amount', async () => {
    const { email, submit } = renderForm();
    await submit();
    await screen.findByText(m.fillAllFields);
    expect(document.activeElement).toBe(email);
  });

  it(`refuses to look up something that is not an e-mail address with "${m.emailInvalid}"`, async () => {
    const { server, user, email, verify } = renderForm();
    await user.type(email, 'not-an-address');
    await verify();
    expect(await screen.findByText(m.emailInvalid)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('names the member the address belongs to once it is verified', async () => {
    const { server, user, email, verify } = renderForm({ 'POST /api/transfers/recipient': alex });
    await user.type(email, 'Alex@Example.com');
    await verify();
    expect((await screen.findByRole('status')).textContent).toBe('Recipient found: Alex Payee');
    expect(server.to('POST', '/api/transfers/recipient')[0]?.body).toEqual({ email: 'alex@example.com' });
  });

  it(`shows the server’s "${m.recipientNotFound}" for an unknown address`, async () => {
    const { user, email, verify } = renderForm({
      'POST /api/transfers/recipient': apiError(404, 'NOT_FOUND', m.recipientNotFound),
    });
    await user.type(email, 'nobody@example.com');
    await verify();
    expect(await screen.findByText(m.recipientNotFound)).toBeTruthy();
  });

  it(`will not send money to an address nobody verified: "${m.invalidRecipient}"`, async () => {
    const { server, user, email, fill, submit } = renderForm();
    await user.type(email, 'alex@example.com');
    await fill('10', 'Rent');
    await submit();
    expect(await screen.findByText(m.invalidRecipient)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('sends the transfer to the verified member and shows the server’s confirmation', async () => {
    const done = m.userDone('$10.00', 'Alex Payee');
    const { server, user, email, verify, fill, submit } = renderForm({
      'POST /api/transfers/recipient': alex,
      'POST /api/transfers/user': reply(201, transferResult({ transferType: 'user', message: done })),
    });
    await user.type(email, 'alex@example.com');
    await verify();
    await screen.findByText('Recipient found: Alex Payee');
    await fill('10', 'Rent');
    await submit();
    expect(await screen.findByText(done)).toBeTruthy();
    expect(server.to('POST', '/api/transfers/user')[0]?.body).toMatchObject({
      recipientEmail: 'alex@example.com',
      recipientName: 'Alex Payee',
      amount: '10',
      reference: 'Rent',
    });
  });
});
