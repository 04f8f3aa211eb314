import { messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { memberAccounts, siteFacts } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { fillExternalForm, fillInternationalForm } from '../../test/transfer-forms';
import { ExternalTransferForm } from './external-transfer-form';
import { InternalTransferForm } from './internal-transfer-form';
import { InternationalTransferForm } from './international-transfer-form';
import { UserTransferForm } from './user-transfer-form';

const m = messages.transfers;
/** What the API answers when staff put a hold on the member's money movement. */
const locked = apiError(403, 'ACCOUNT_LOCKED', m.onHold);

/** The modal tells the member how to reach support, with the site's own hours and address. */
function expectSupportDetails(dialog: HTMLElement) {
  expect(within(dialog).getByText(`Support hours: ${siteFacts.support.hours}`)).toBeTruthy();
  const email = within(dialog).getByRole('link', { name: siteFacts.support.email });
  expect(email.getAttribute('href')).toBe(`mailto:${siteFacts.support.email}`);
}

describe('a transfer refused because the account is on hold (ACCOUNT_LOCKED)', () => {
  it(`between own accounts: the "${m.suspendedTitle}" modal with support details`, async () => {
    stubFetch({ 'POST /api/transfers/internal': locked });
    const user = userEvent.setup();
    renderWithProviders(<InternalTransferForm accounts={memberAccounts} />);
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.type(screen.getByLabelText('Reference'), 'Savings top-up');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));

    const dialog = await screen.findByRole('dialog', { name: m.suspendedTitle });
    expect(within(dialog).getByText(m.suspended)).toBeTruthy();
    expectSupportDetails(dialog);
  });

  it('gives the focus back to "Transfer" (which kept it while the transfer was sent) on closing', async () => {
    let answer: () => void = () => undefined;
    stubFetch({
      'POST /api/transfers/internal': () => new Promise<void>((resolve) => (answer = resolve)).then(() => locked),
    });
    const user = userEvent.setup();
    renderWithProviders(<InternalTransferForm accounts={memberAccounts} />);
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.type(screen.getByLabelText('Reference'), 'Savings top-up');
    const transfer = screen.getByRole('button', { name: 'Transfer' });
    transfer.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Processing...' });
    answer();

    await screen.findByRole('dialog', { name: m.suspendedTitle });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(transfer));
  });

  it(`to a member: the same "${m.suspendedTitle}" modal, which "Close" dismisses`, async () => {
    stubFetch({
      'POST /api/transfers/recipient': { name: 'Alex Payee', email: 'alex@example.com', message: '' },
      'POST /api/transfers/user': locked,
    });
    const user = userEvent.setup();
    renderWithProviders(<UserTransferForm accounts={memberAccounts} />);
    await user.type(screen.getByLabelText('Recipient email'), 'alex@example.com');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await screen.findByText(m.recipientFound('Alex Payee'));
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.type(screen.getByLabelText('Reference'), 'Lunch');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));

    const dialog = await screen.findByRole('dialog', { name: m.suspendedTitle });
    expect(within(dialog).getByText(m.suspended)).toBeTruthy();
    // The Close button in the modal's footer (the × in the corner has the same name).
    const closeButtons = within(dialog).getAllByRole('button', { name: 'Close' });
    await user.click(closeButtons[closeButtons.length - 1] as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it(`to a US bank: the "${m.deniedTitle}" modal as soon as the code is asked for`, async () => {
    const server = stubFetch({ 'POST /api/transfers/external/challenge': locked });
    const user = userEvent.setup();
    renderWithProviders(<ExternalTransferForm accounts={memberAccounts} />);
    await fillExternalForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const dialog = await screen.findByRole('dialog', { name: m.deniedTitle });
    expect(within(dialog).getByText(m.externalSuspended)).toBeTruthy();
    expectSupportDetails(dialog);
    // No code step: nothing was sent that could be confirmed.
    expect(screen.queryByLabelText('6-digit one-time password (OTP)')).toBeNull();
    expect(server.to('POST', '/api/transfers/external')).toHaveLength(0);
  });

  it(`international: the "${m.deniedTitle}" modal when the confirmed transfer is refused`, async () => {
    stubFetch({ 'POST /api/transfers/international': locked });
    const user = userEvent.setup();
    renderWithProviders(<InternationalTransferForm accounts={memberAccounts} />);
    await fillInternationalForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm Transfer' }));

    const dialog = await screen.findByRole('dialog', { name: m.deniedTitle });
    expect(within(dialog).getByText(m.externalSuspended)).toBeTruthy();
  });

  it('shows no modal for a refusal that is not a hold (a 403 FORBIDDEN), only its message', async () => {
    stubFetch({ 'POST /api/transfers/internal': apiError(403, 'FORBIDDEN', 'Members only.') });
    const user = userEvent.setup();
    renderWithProviders(<InternalTransferForm accounts={memberAccounts} />);
    await user.type(screen.getByLabelText('Amount'), '10');
    await user.type(screen.getByLabelText('Reference'), 'Savings top-up');
    await user.click(screen.getByRole('button', { name: 'Transfer' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Members only.');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
