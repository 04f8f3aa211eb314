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
  it(`asks for every required field with "${m.fillAllFields}" when sent empty`, async () => {
    const { server, user } = renderForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // Bank, account number, account holder name and amount.
    expect(await screen.findAllByText(m.fillAllFields)).toHaveLength(4);
    expect(server.requests).toHaveLength(0);
  });

  it('fills in the routing number of the bank chosen', async () => {
    const { user } = renderForm();
    await user.selectOptions(screen.getByLabelText('Bank'), 'TD Bank');
    expect(screen.getByLabelText<HTMLInputElement>('Routing number').value).toBe('031101266');
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
    expect(within(list).getByText('••••6789')).toBeTruthy();
    expect(within(list).getByText('$25.00')).toBeTruthy();
    expect(within(step).getByText(m.otpSent)).toBeTruthy();
    // Nothing has moved yet.
    expect(server.to('POST', '/api/transfers/external')).toHaveLength(0);
  });

  it(`refuses to confirm without a code: "${m.otpRequired}"`, async () => {
    const { server, user } = renderForm();
    const step = await reachCodeStep(user);
    await user.click(within(step).getByRole('button', { name: 'Confirm Transfer' }));
    expect(await within(step).findByText(m.otpRequired)).toBeTruthy();
    expect(server.to('POST', '/api/transfers/external')).toHaveLength(0);
  });

  it(`takes digits only, six at most, and refuses a short code with "${m.otpInvalid}"`, async () => {
    const { server, user } = renderForm();
    const step = await reachCodeStep(user);
    const otp = within(step).getByLabelText<HTMLInputElement>('OTP (6-digit code)');
    await user.type(otp, '12a3-4567');
    expect(otp.value).toBe('123456');
    await user.clear(otp);
    await user.type(otp, '12345');
    await user.click(within(step).getByRole('button', { name: 'Confirm Transfer' }));
    expect(await within(step).findByText(m.otpInvalid)).toBeTruthy();
    expect(server.to('POST', '/api/transfers/external')).toHaveLength(0);
  });

  it(`puts the server’s "${m.otpInvalid}" under the code box and stays on the step`, async () => {
    const { user } = renderForm({
      'POST /api/transfers/external': apiError(400, 'VALIDATION_FAILED', m.otpInvalid, { otp: m.otpInvalid }),
    });
    const step = await reachCodeStep(user);
    const otp = within(step).getByLabelText('OTP (6-digit code)');
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
    await user.type(within(step).getByLabelText('OTP (6-digit code)'), '123456');
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
    await user.type(within(step).getByLabelText('OTP (6-digit code)'), '123456');
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
    await user.type(within(step).getByLabelText('OTP (6-digit code)'), '123456');
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
    await user.type(within(step).getByLabelText('OTP (6-digit code)'), '123456');
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
    await user.type(within(step).getByLabelText('OTP (6-digit code)'), '123456');
    await pressEnter(user, within(step).getByRole('button', { name: 'Confirm Transfer' }));
    const form = await screen.findByRole('form', { name: 'To US Bank' });
    await waitFor(() => expect(document.activeElement).toBe(within(form).getByRole('alert')));
  });
});
