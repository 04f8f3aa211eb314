import { messages, type PayeeResult, type TransferChallenge } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { memberAccounts } from '../../test/fixtures';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { electricPayee, overviewFixture, pageOf } from './bill-pay.fixtures';
import { BillPayPanel } from './bill-pay-panel';
import { BillPaymentForm } from './bill-payment-form';
import { PayeesList } from './payees-list';

const m = messages.billPay;
/** What the server answers for a wrong code (the transfers' confirmation rules, spec §5). */
const otpInvalid = messages.transfers.otpInvalid;
const challenge: TransferChallenge = {
  challengeId: '3f0c9f8e-3c1a-4c55-9d7e-2f1f1a2b3c4d',
  method: 'email',
  expiresAt: '2026-03-04T15:10:00.000Z',
  message: m.codeSent,
};
const waterPayee = {
  id: '7a2b4c6d-8e0f-4a1b-9c3d-5e7f9a1b3c5d',
  nickname: 'Flat water',
  billerId: 'metro-water',
  billerName: 'Metro Water',
  category: 'water' as const,
  accountNumberMasked: '••••4321',
  createdAt: '2026-03-04T15:05:00.000Z',
};
const added: PayeeResult = { message: m.payeeAdded('Flat water'), payee: waterPayee };

function renderForm(routes: StubRoutes = {}, { panel = false } = {}) {
  const server = stubFetch({
    'POST /api/bill-pay/payees/challenge': reply(201, challenge),
    'POST /api/bill-pay/payees': reply(201, added),
    'GET /api/me/accounts': { accounts: memberAccounts },
    'GET /api/me/summary': {},
    'GET /api/me/transactions': { items: [], pageSize: 20, older: null, newer: null },
    // After adding, the refetched overview has the new payee.
    'GET /api/bill-pay': () =>
      server.to('POST', '/api/bill-pay/payees').length > 0
        ? overviewFixture({ payees: [electricPayee, waterPayee] })
        : overviewFixture(),
    'GET /api/bill-pay/payments': pageOf([]),
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(
    panel ? <BillPayPanel /> : <BillPaymentForm accounts={memberAccounts} overview={overviewFixture()} />,
  );
  return { server, user };
}

/** "Add Payee", step 1 filled in, then "Send code". */
async function reachCodeStep(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Add Payee' }));
  const dialog = await screen.findByRole('dialog', { name: 'Add Payee' });
  await user.selectOptions(within(dialog).getByLabelText('Biller'), 'Metro Water');
  await user.type(within(dialog).getByLabelText('Account number at the biller'), '0099-4321');
  await user.type(within(dialog).getByLabelText(/^Nickname/), 'Flat water');
  await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
  await within(dialog).findByRole('form', { name: 'Confirm payee' });
  return dialog;
}

describe('Add Payee', () => {
  it('lists the directory’s billers under their category', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Payee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payee' });
    const biller = within(dialog).getByLabelText('Biller');
    const groups = [...biller.querySelectorAll('optgroup')].map((group) => group.label);
    expect(groups).toEqual(['Electric', 'Water', 'Internet']);
    expect(
      within(biller.querySelector('optgroup[label="Water"]') as HTMLElement).getByText('Metro Water'),
    ).toBeTruthy();
  });

  it('checks the payee first: a biller and a well-formed account number', async () => {
    const { server, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Payee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payee' });
    await user.type(within(dialog).getByLabelText('Account number at the biller'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(await within(dialog).findByText(m.chooseBiller)).toBeTruthy();
    expect(within(dialog).getByText(m.accountNumberInvalid)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('asks for a code for exactly this payee, then saves it with the code and chooses it in the form', async () => {
    const { server, user } = renderForm({}, { panel: true });
    await screen.findByRole('form', { name: 'Pay a bill' });
    const dialog = await reachCodeStep(user);
    expect(server.to('POST', '/api/bill-pay/payees/challenge')[0]?.body).toEqual({
      billerId: 'metro-water',
      accountNumber: '00994321',
      nickname: 'Flat water',
    });
    // The challenge's own words: e-mailed, or the authenticator.
    expect(within(dialog).getByText(m.codeSent)).toBeTruthy();
    expect(server.to('POST', '/api/bill-pay/payees')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('6-digit one-time password (OTP)'), '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Add Payee' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.to('POST', '/api/bill-pay/payees')[0]?.body).toEqual({
      payee: { billerId: 'metro-water', accountNumber: '00994321', nickname: 'Flat water' },
      challengeId: challenge.challengeId,
      otp: '123456',
    });
    expect(screen.getByText(m.payeeAdded('Flat water'))).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Pay a bill' });
    await waitFor(() => expect(within(form).getByLabelText<HTMLSelectElement>('Payee').value).toBe(waterPayee.id));
    // Saved: only the masked number from now on.
    expect(within(form).getByLabelText<HTMLInputElement>('Account Number').value).toBe('••••4321');
  });

  it('keeps "Add Payee" off until six digits are typed (as sign-in does); a wrong code: under the box', async () => {
    const { server, user } = renderForm({
      'POST /api/bill-pay/payees': apiError(400, 'VALIDATION_FAILED', otpInvalid, { otp: otpInvalid }),
    });
    const dialog = await reachCodeStep(user);
    const code = within(dialog).getByLabelText<HTMLInputElement>('6-digit one-time password (OTP)');
    const add = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add Payee' });
    expect(add.disabled).toBe(true);
    await user.type(code, '12a34');
    expect(code.value).toBe('1234');
    expect(add.disabled).toBe(true);
    // Enter in the box does not send a short code either.
    await user.type(code, '{Enter}');
    expect(server.to('POST', '/api/bill-pay/payees')).toHaveLength(0);

    await user.type(code, '99');
    expect(add.disabled).toBe(false);
    await user.click(add);
    await waitFor(() => expect(server.to('POST', '/api/bill-pay/payees')).toHaveLength(1));
    expect(await within(dialog).findByText(otpInvalid)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
  });

  it(`says "${m.fillAllFields}" once for an empty account number, the box marked`, async () => {
    const { server, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Payee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payee' });
    await user.selectOptions(within(dialog).getByLabelText('Biller'), 'Metro Water');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.fillAllFields);
    expect(within(dialog).getAllByText(m.fillAllFields)).toHaveLength(1);
    const accountNumber = within(dialog).getByLabelText('Account number at the biller');
    expect(accountNumber.getAttribute('aria-invalid')).toBe('true');
    // Nothing under the box itself.
    expect(dialog.querySelector('#payee-account-number-error')).toBeNull();
    expect(document.activeElement).toBe(accountNumber);
    expect(server.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it('goes back to step 1 with the server’s words when it already has this payee', async () => {
    const { user } = renderForm({
      'POST /api/bill-pay/payees/challenge': apiError(409, 'CONFLICT', m.payeeExists),
    });
    await user.click(screen.getByRole('button', { name: 'Add Payee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payee' });
    await user.selectOptions(within(dialog).getByLabelText('Biller'), 'City Electric');
    await user.type(within(dialog).getByLabelText('Account number at the biller'), '123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.payeeExists);
  });
});

describe('Add Payee with the keyboard: the focus lands on each new step, never left on the dialog', () => {
  /** Step 1 filled in, then "Send code" pressed with Enter (the button goes away with its step). */
  async function sendCodeByKeyboard(user: UserEvent) {
    await pressEnter(user, screen.getByRole('button', { name: 'Add Payee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Payee' });
    await user.selectOptions(within(dialog).getByLabelText('Biller'), 'Metro Water');
    await user.type(within(dialog).getByLabelText('Account number at the biller'), '0099-4321');
    await pressEnter(user, within(dialog).getByRole('button', { name: 'Send code' }));
    await within(dialog).findByRole('form', { name: 'Confirm payee' });
    return dialog;
  }

  /** The code typed, then "Add Payee" pressed with Enter. */
  async function confirmByKeyboard(user: UserEvent, dialog: HTMLElement) {
    await user.type(within(dialog).getByLabelText('6-digit one-time password (OTP)'), '123456');
    await pressEnter(user, within(dialog).getByRole('button', { name: 'Add Payee' }));
  }

  it('on the code box after "Send code", on the first field after "Back"', async () => {
    const { user } = renderForm();
    const dialog = await sendCodeByKeyboard(user);
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('6-digit one-time password (OTP)')),
    );

    await pressEnter(user, within(dialog).getByRole('button', { name: 'Back' }));
    const biller = await within(dialog).findByLabelText('Biller');
    await waitFor(() => expect(document.activeElement).toBe(biller));
  });

  it('on the refusal when an expired code sends the member back to step 1', async () => {
    const { user } = renderForm({
      'POST /api/bill-pay/payees': apiError(400, 'CONFIRMATION_EXPIRED', messages.transfers.otpExpired),
    });
    const dialog = await sendCodeByKeyboard(user);
    await confirmByKeyboard(user, dialog);
    const form = await within(dialog).findByRole('form', { name: 'Add Payee' });
    const refusal = within(form).getByRole('alert');
    expect(refusal.textContent).toBe(messages.transfers.otpExpired);
    await waitFor(() => expect(document.activeElement).toBe(refusal));
  });

  it('on the field the server refused when the payee itself is sent back to step 1', async () => {
    const { user } = renderForm({
      'POST /api/bill-pay/payees': apiError(400, 'VALIDATION_FAILED', messages.generic.validation, {
        'payee.accountNumber': m.accountNumberInvalid,
      }),
    });
    const dialog = await sendCodeByKeyboard(user);
    await confirmByKeyboard(user, dialog);
    const accountNumber = await within(dialog).findByLabelText('Account number at the biller');
    expect(accountNumber.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(accountNumber));
  });
});

describe('Remove payee', () => {
  it('shows the masked number only, asks first, and shows the refusal when payments are scheduled', async () => {
    const server = stubFetch({
      [`DELETE /api/bill-pay/payees/${electricPayee.id}`]: apiError(409, 'CONFLICT', m.payeeHasScheduled),
    });
    const user = userEvent.setup();
    renderWithProviders(<PayeesList payees={[electricPayee]} />);
    const list = screen.getByRole('list', { name: 'Your payees' });
    expect(within(list).getByText('••••6789')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: 'Remove payee Home power (City Electric)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove payee' });
    expect(server.requests).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove payee' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.payeeHasScheduled);
    expect(screen.getByRole('dialog', { name: 'Remove payee' })).toBeTruthy();
  });

  it('says a payee whose number the server cannot read cannot be paid, and removes it', async () => {
    const unreadable = { ...waterPayee, accountNumberMasked: m.numberUnreadable };
    const server = stubFetch({
      [`DELETE /api/bill-pay/payees/${unreadable.id}`]: { message: m.payeeRemoved('Flat water') },
    });
    const user = userEvent.setup();
    renderWithProviders(<PayeesList payees={[electricPayee, unreadable]} />);
    const list = screen.getByRole('list', { name: 'Your payees' });
    const [electric, water] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(water).getByText('(unreadable)')).toBeTruthy();
    expect(within(water).getByText(m.payeeNumberUnreadable('Flat water'))).toBeTruthy();
    expect(within(electric).queryByText(/could not read/)).toBeNull();

    await user.click(within(water).getByRole('button', { name: 'Remove payee Flat water (Metro Water)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove payee' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove payee' }));
    expect((await screen.findByRole('status')).textContent).toBe(m.payeeRemoved('Flat water'));
    expect(server.to('DELETE', `/api/bill-pay/payees/${unreadable.id}`)).toHaveLength(1);
  });

  it('removes a payee with the server’s confirmation', async () => {
    const server = stubFetch({
      [`DELETE /api/bill-pay/payees/${electricPayee.id}`]: { message: m.payeeRemoved('Home power') },
    });
    const user = userEvent.setup();
    renderWithProviders(<PayeesList payees={[electricPayee]} />);
    await user.click(screen.getByRole('button', { name: 'Remove payee Home power (City Electric)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove payee' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove payee' }));
    expect((await screen.findByRole('status')).textContent).toBe(m.payeeRemoved('Home power'));
    expect(server.to('DELETE', `/api/bill-pay/payees/${electricPayee.id}`)).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
