import { IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { emailedChallenge, memberAccounts, transferResult } from '../../test/fixtures';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { fillExternalForm } from '../../test/transfer-forms';
import { ExternalTransferForm } from './external-transfer-form';

const m = messages.transfers;

const challenge = emailedChallenge();
const done = m.externalDone('$25.00', 'TD Bank');
/** Spec §4/§9: the success modal closes itself after 3 seconds. */
const SUCCESS_MODAL_MS = 3000;

function renderForm(routes: StubRoutes = {}, user = userEvent.setup()) {
  const server = stubFetch({ 'POST /api/transfers/external/challenge': reply(201, challenge), ...routes });
  renderWithProviders(<ExternalTransferForm accounts={memberAccounts} />);
  return { server, user };
}

/** Fills the form and continues to the code step. */
async function reachCodeStep(user: ReturnType<typeof userEvent.setup>) {
  await fillExternalForm(user);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return screen.findByRole('form', { name: 'Confirm Transfer' });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('To US Bank transfer form', () => {
  it(`says "${m.fillAllFields}" once for the form and marks each empty field when sent empty`, async () => {
    const { server, user } = renderForm();
    const form = screen.getByRole('form', { name: 'To US Bank' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Once, announced, beside "Continue": not under each of the five fields.
    expect((await within(form).findByRole('alert')).textContent).toBe(m.fillAllFields);
    expect(within(form).getAllByText(m.fillAllFields)).toHaveLength(1);
    for (const label of ['Bank', 'Account number', 'Account holder name', 'Amount', 'Reference']) {
      const field = within(form).getByLabelText(label);
      expect(field.getAttribute('aria-invalid'), label).toBe('true');
      expect(field.className, label).toContain('border-red-600');
    }
    expect(within(form).getByLabelText('From').getAttribute('aria-invalid')).toBeNull();
    // The first empty field in reading order takes the focus.
    expect(document.activeElement).toBe(within(form).getByLabelText('Bank'));
    expect(server.requests).toHaveLength(0);
  });

  it('fills in the routing number of the bank chosen', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Bank'), 'TD Bank');
    expect(screen.getByLabelText<HTMLInputElement>('Routing number').value).toBe('031101266');
  });

  it('a bank chosen after an empty "Continue" is no longer marked as missing', async () => {
    const { user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const bank = screen.getByLabelText('Bank');
    await waitFor(() => expect(bank.getAttribute('aria-invalid')).toBe('true'));
    await user.selectOptions(bank, 'TD Bank');
    expect(bank.getAttribute('aria-invalid')).toBeNull();
    expect(bank.className).not.toContain('border-red-600');
  });

  it(`keeps only digits in the account number and refuses fewer than 8 with "${m.invalidAccountNumber}"`, async () => {
    const { server, user } = renderForm();
    await fillExternalForm(user, { accountNumber: '12-34 abc567' });
    expect(screen.getByLabelText<HTMLInputElement>('Account number').value).toBe('1234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText(m.invalidAccountNumber)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });
});

describe('To US Bank: the step-up code step', () => {
  it('asks the server for a code for exactly this transfer, then repeats the transfer back', async () => {
    const { server, user } = renderForm();
    const step = await reachCodeStep(user);
    expect(server.to('POST', '/api/transfers/external/challenge')[0]?.body).toMatchObject({
      toBank: 'TD Bank',
      routingNumber: '031101266',
      accountNumber: '123456789',
      accountName: 'Jamie Payee',
      amount: '25',
    });
    const list = within(step).getByLabelText('Transfer summary');
    expect(within(list).getByText('TD Bank')).toBeTruthy();
    // The account number as the member typed it, in full, to check before confirming.
    expect(within(list).getByText('123456789')).toBeTruthy();
    expect(within(list).queryByText('••••6789')).toBeNull();
    expect(within(list).getByText('$25.00')).toBeTruthy();
    expect(within(step).getByText(m.otpSent)).toBeTruthy();
    // Nothing has moved yet.
    expect(server.to('POST', '/api/transfers/external')).toHaveLength(0);
  });

  it('keeps "Confirm Transfer" off until six digits are typed, as sign-in does, and takes digits only', async () => {
    const { server, user } = renderForm();
    const step = await reachCodeStep(user);
    const otp = within(step).getByLabelText<HTMLInputElement>('6-digit one-time password (OTP)');
    const confirm = within(step).getByRole<HTMLButtonElement>('button', { name: 'Confirm Transfer' });
    expect(confirm.disabled).toBe(true);
    await user.type(otp, '12');
    expect(confirm.disabled).toBe(true);
    await user.type(otp, 'a3-45');
    expect(otp.value).toBe('12345');
    expect(confirm.disabled).toBe(true);
    // Enter in the box does not send a short code either.
    await user.type(otp, '{Enter}');
    expect(server.to('POST', '/api/transfers/external')).toHaveLength(0);
    await user.type(otp, '67');
    expect(otp.value).toBe('123456');
    expect(confirm.disabled).toBe(false);
  });

  it(`puts the server’s "${m.otpInvalid}" under the code box and stays on the step`, async () => {
    const { user } = renderForm({
      'POST /api/transfers/external': apiError(400, 'VALIDATION_FAILED', m.otpInvalid, { otp: m.otpInvalid }),
    });
    const step = await reachCodeStep(user);
    const otp = within(step).getByLabelText('6-digit one-time password (OTP)');
    await user.type(otp, '999999');
    await user.click(within(step).getByRole('button', { name: 'Confirm Transfer' }));
    expect(await within(step).findByText(m.otpInvalid)).toBeTruthy();
    expect(otp.getAttribute('aria-invalid')).toBe('true');
  });

  it(`goes back to the form with "${m.otpExpired}" when the code can no longer be used`, async () => {
    const { user } = renderForm({
      'POST /api/transfers/external': apiError(400, 'CONFIRMATION_EXPIRED', m.otpExpired),
    });
    const step = await reachCodeStep(user);
    await user.type(within(step).getByLabelText('6-digit one-time password (OTP)'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Confirm Transfer' }));
    const form = await screen.findByRole('form', { name: 'To US Bank' });
    expect(within(form).getByRole('alert').textContent).toBe(m.otpExpired);
    // What the member typed is still there for a new code.
    expect(within(form).getByLabelText<HTMLInputElement>('Account holder name').value).toBe('Jamie Payee');
  });

  it('"Back" returns to the form with everything still filled in', async () => {
    const { user } = renderForm();
    const step = await reachCodeStep(user);
    await user.click(within(step).getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('25');
  });
});

describe('To US Bank: the success modal', () => {
  it('confirms with the code and an Idempotency-Key, shows "Transfer Submitted", closes after 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server } = renderForm(
      {
        'POST /api/transfers/external': reply(
          201,
          transferResult({ transferType: 'external', status: 'Pending', message: done }),
        ),
      },
      user,
    );
    const step = await reachCodeStep(user);
    await user.type(within(step).getByLabelText('6-digit one-time password (OTP)'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Confirm Transfer' }));

    const dialog = await screen.findByRole('dialog', { name: 'Transfer Submitted' });
    expect(within(dialog).getByText(done)).toBeTruthy();
    const [sent] = server.to('POST', '/api/transfers/external');
    expect(sent?.body).toMatchObject({ challengeId: challenge.challengeId, otp: '123456' });
    expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(SUCCESS_MODAL_MS - 200));
    expect(screen.getByRole('dialog', { name: 'Transfer Submitted' })).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(screen.queryByRole('dialog', { name: 'Transfer Submitted' })).toBeNull();
    // A fresh form for the next transfer.
    const form = screen.getByRole('form', { name: 'To US Bank' });
    expect(within(form).getByLabelText<HTMLInputElement>('Amount').value).toBe('');
  });

  it('"Done" closes the success modal at once', async () => {
    const user = userEvent.setup();
    renderForm(
      { 'POST /api/transfers/external': reply(201, transferResult({ transferType: 'external', message: done })) },
      user,
    );
    const step = await reachCodeStep(user);
    await user.type(within(step).getByLabelText('6-digit one-time password (OTP)'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Confirm Transfer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Transfer Submitted' });
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog', { name: 'Transfer Submitted' })).toBeNull();
  });
});

describe('To US Bank, with the keyboard: the focus follows the steps, never left on the page', () => {
  it('lands on "Confirm Transfer", on the first field after "Back", on the result after the modal', async () => {
    const user = userEvent.setup();
    renderForm(
      { 'POST /api/transfers/external': reply(201, transferResult({ transferType: 'external', message: done })) },
      user,
    );
    await fillExternalForm(user);
    await pressEnter(user, screen.getByRole('button', { name: 'Continue' }));
    const heading = await screen.findByRole('heading', { name: 'Confirm Transfer' });
    await waitFor(() => expect(document.activeElement).toBe(heading));

    await pressEnter(user, screen.getByRole('button', { name: 'Back' }));
    const form = await screen.findByRole('form', { name: 'To US Bank' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByLabelText('From')));

    await pressEnter(user, within(form).getByRole('button', { name: 'Continue' }));
    const step = await screen.findByRole('form', { name: 'Confirm Transfer' });
    await user.type(within(step).getByLabelText('6-digit one-time password (OTP)'), '123456');
    await pressEnter(user, within(step).getByRole('button', { name: 'Confirm Transfer' }));
    await screen.findByRole('dialog', { name: 'Transfer Submitted' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // The fresh form says what was sent, and the focus is on that sentence (read out), not on <body>.
    const result = await within(screen.getByRole('form', { name: 'To US Bank' })).findByRole('status');
    expect(result.textContent).toBe(done);
    await waitFor(() => expect(document.activeElement).toBe(result));
    // The dialog's own return of the focus, a moment later, leaves it there.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(result);
  });

  it(`lands on "${m.otpExpired}" when an expired code sends the member back to the form`, async () => {
    const { user } = renderForm({
      'POST /api/transfers/external': apiError(400, 'CONFIRMATION_EXPIRED', m.otpExpired),
    });
    const step = await reachCodeStep(user);
    await user.type(within(step).getByLabelText('6-digit one-time password (OTP)'), '123456');
    await pressEnter(user, within(step).getByRole('button', { name: 'Confirm Transfer' }));
    const form = await screen.findByRole('form', { name: 'To US Bank' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('alert')));
  });
});
