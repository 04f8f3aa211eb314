import { messages } from '@mutual/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OTP_LABEL } from '../../components/otp-field';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { CardsPanel } from '../quick-actions/cards-panel';
import { HIDDEN_AGAIN } from './card-details-view';
import { CHALLENGE_ID, DEBIT_ID, cardCode, cardDetails, cardResult, cardsOverview, debitCard } from './cards.fixtures';

const m = messages.cards;
const path = (action: string) => `/api/cards/${DEBIT_ID}/${action}`;

afterEach(() => {
  vi.useRealTimers();
});

function renderPanel(routes: StubRoutes = {}, user: UserEvent = userEvent.setup()) {
  const server = stubFetch({
    'GET /api/cards': cardsOverview(),
    [`POST ${path('codes')}`]: reply(201, cardCode()),
    [`POST ${path('codes/verify')}`]: { verified: true },
    ...routes,
  });
  renderWithProviders(<CardsPanel />);
  return { server, user };
}

/** Opens the modal on the debit card for one action; the code is asked for as it opens. */
async function openModal(user: UserEvent, button: string) {
  const heading = await screen.findByRole('heading', { name: /^Debit Card/ });
  const article = heading.closest('article') as HTMLElement;
  await user.click(within(article).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog', { name: button });
  await within(dialog).findByText(m.otpSent);
  return dialog;
}

async function verify(user: UserEvent, dialog: HTMLElement, code = '123456') {
  await user.type(within(dialog).getByLabelText(OTP_LABEL), code);
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
}

/** The panel on `routes`, with the modal open for one action and its card code verified. */
async function openVerified(button: string, routes: StubRoutes) {
  const { server, user } = renderPanel(routes);
  const dialog = await openModal(user, button);
  await verify(user, dialog);
  return { server, user, dialog };
}

describe('The card modal: the card code first', () => {
  it('asks for a code bound to the card and the action, and shows no PIN field before it is verified', async () => {
    const { server, user } = renderPanel({
      [`POST ${path('codes/verify')}`]: (request) =>
        (request.body as { otp: string }).otp === '654321'
          ? { verified: true }
          : apiError(400, 'VALIDATION_FAILED', m.otpWrong, { otp: m.otpWrong }),
    });
    const dialog = await openModal(user, 'Change PIN');
    expect(within(dialog).getByText('Debit Card ending 4242')).toBeTruthy();
    expect(server.to('POST', path('codes'))).toHaveLength(1);
    expect(server.to('POST', path('codes'))[0]?.body).toEqual({ action: 'pin' });
    expect(within(dialog).queryByLabelText('New PIN')).toBeNull();

    // The portal's one-time password box, and Verify off until six digits are typed (as sign-in).
    const box = within(dialog).getByLabelText<HTMLInputElement>(OTP_LABEL);
    const verifyButton = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Verify' });
    expect(verifyButton.disabled).toBe(true);
    await user.type(box, '123');
    expect(verifyButton.disabled).toBe(true);
    // Enter in the box does not send a short code either.
    await user.type(box, '{Enter}');
    expect(server.to('POST', path('codes/verify'))).toHaveLength(0);

    // Letters never reach the box (digits only, 6 at most).
    await user.clear(box);
    await user.type(box, '12ab3456789');
    expect(box.value).toBe('123456');
    expect(verifyButton.disabled).toBe(false);
    await user.click(verifyButton);
    expect(await within(dialog).findByText(m.otpWrong)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByLabelText('New PIN')).toBeNull();

    await user.clear(box);
    await verify(user, dialog, '654321');
    expect(await within(dialog).findByLabelText('New PIN')).toBeTruthy();
    expect(server.to('POST', path('codes/verify')).at(-1)?.body).toEqual({
      challengeId: CHALLENGE_ID,
      action: 'pin',
      otp: '654321',
    });
  });

  it('"Send a new code" asks again; the authenticator’s message is shown as the server words it', async () => {
    const { server, user } = renderPanel({
      [`POST ${path('codes')}`]: () =>
        server.to('POST', path('codes')).length > 1
          ? reply(201, cardCode({ method: 'totp', message: m.otpAuthenticator }))
          : reply(201, cardCode()),
    });
    const dialog = await openModal(user, 'View Card Details');
    expect(server.to('POST', path('codes'))[0]?.body).toEqual({ action: 'details' });
    await user.click(within(dialog).getByRole('button', { name: 'Send a new code' }));
    expect(await within(dialog).findByText(m.otpAuthenticator)).toBeTruthy();
    expect(server.to('POST', path('codes'))).toHaveLength(2);
    expect(server.to('POST', path('codes'))[1]?.body).toEqual({ action: 'details', fresh: true });
  });

  it('opened again, says the code sent still works; "Send a new code" asks for a fresh one', async () => {
    const NEW_CHALLENGE = 'bbbbbbbb-0000-4000-8000-000000000002';
    const alreadySent = m.otpAlreadySent('3:10 PM EST');
    const { server, user } = renderPanel({
      // As the server answers: the first opening sends a code, the next ones find it; `fresh` sends another.
      [`POST ${path('codes')}`]: (request) => {
        if ((request.body as { fresh?: boolean }).fresh) return reply(201, cardCode({ challengeId: NEW_CHALLENGE }));
        return reply(201, cardCode(server.to('POST', path('codes')).length > 1 ? { message: alreadySent } : {}));
      },
    });
    const first = await openModal(user, 'Change PIN');
    await user.click(within(first).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    const article = (await screen.findByRole('heading', { name: /^Debit Card/ })).closest('article') as HTMLElement;
    await user.click(within(article).getByRole('button', { name: 'Change PIN' }));
    const again = await screen.findByRole('dialog', { name: 'Change PIN' });
    expect((await within(again).findByTestId('card-code-message')).textContent).toBe(alreadySent);
    expect(server.to('POST', path('codes')).map((request) => request.body)).toEqual([
      { action: 'pin' },
      { action: 'pin' },
    ]);

    await user.click(within(again).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(within(again).getByTestId('card-code-message').textContent).toBe(m.otpSent));
    expect(server.to('POST', path('codes')).at(-1)?.body).toEqual({ action: 'pin', fresh: true });
    // The fresh code is the one verified.
    await verify(user, again);
    expect(await within(again).findByLabelText('New PIN')).toBeTruthy();
    expect(server.to('POST', path('codes/verify')).at(-1)?.body).toMatchObject({ challengeId: NEW_CHALLENGE });
  });

  it('shows the spec’s unavailable message when no code can be sent (503)', async () => {
    const { user } = renderPanel({
      [`POST ${path('codes')}`]: apiError(503, 'UNAVAILABLE', messages.generic.unavailable),
    });
    const article = (await screen.findByRole('heading', { name: /^Debit Card/ })).closest('article') as HTMLElement;
    await user.click(within(article).getByRole('button', { name: 'Set Transaction Limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Transaction Limits' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.unavailable);
    expect(within(dialog).getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(true);
  });
});

describe('Change PIN', () => {
  it('refuses a trivial PIN and two different PINs with the schema’s words, then changes it', async () => {
    const { server, user, dialog } = await openVerified('Change PIN', {
      [`POST ${path('pin')}`]: cardResult(debitCard(), m.pinChanged('4242')),
    });
    const pin = await within(dialog).findByLabelText<HTMLInputElement>('New PIN');
    const confirm = within(dialog).getByLabelText<HTMLInputElement>('Confirm PIN');
    expect(pin.type).toBe('password');
    expect(pin.inputMode).toBe('numeric');

    await user.type(pin, '1234');
    await user.type(confirm, '1234');
    await user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    expect(await within(dialog).findByText(m.pinTrivial)).toBeTruthy();

    await user.clear(pin);
    await user.type(pin, '4931');
    await user.clear(confirm);
    await user.type(confirm, '4913');
    await user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    expect(await within(dialog).findByText(m.pinMismatch)).toBeTruthy();
    expect(within(dialog).queryByText(m.pinTrivial)).toBeNull();
    expect(server.to('POST', path('pin'))).toHaveLength(0);

    await user.clear(confirm);
    await user.type(confirm, '4931');
    const reads = server.to('GET', '/api/cards').length;
    await user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    expect(await within(dialog).findByText(m.pinChanged('4242'))).toBeTruthy();
    expect(server.to('POST', path('pin'))[0]?.body).toEqual({
      challengeId: CHALLENGE_ID,
      pin: '4931',
      confirmPin: '4931',
    });
    await waitFor(() => expect(server.to('GET', '/api/cards').length).toBeGreaterThan(reads));
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a code that expired before the PIN was sent goes back to the code step with the server’s words', async () => {
    const { user, dialog } = await openVerified('Change PIN', {
      [`POST ${path('pin')}`]: apiError(400, 'VALIDATION_FAILED', m.otpExpired, { challengeId: m.otpExpired }),
    });
    await user.type(await within(dialog).findByLabelText('New PIN'), '4931');
    await user.type(within(dialog).getByLabelText('Confirm PIN'), '4931');
    await user.click(within(dialog).getByRole('button', { name: 'Change PIN' }));
    expect(await within(dialog).findByText(m.otpExpired)).toBeTruthy();
    expect(within(dialog).queryByLabelText('New PIN')).toBeNull();
    expect(within(dialog).getByLabelText(OTP_LABEL)).toBeTruthy();
  });
});

describe('Set Transaction Limits', () => {
  it('starts from the card’s controls, refuses a per-purchase limit over the daily one, then saves', async () => {
    const { server, user, dialog } = await openVerified('Set Transaction Limits', {
      [`PUT ${path('limits')}`]: cardResult(debitCard(), m.limitsSaved('4242')),
    });
    const perPurchase = await within(dialog).findByLabelText<HTMLInputElement>('Per purchase');
    expect(perPurchase.value).toBe('2500.00');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Daily purchases').value).toBe('5000.00');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Daily ATM cash').value).toBe('500.00');
    // The ceilings are the hints.
    expect(within(dialog).getByText('Up to $5,000.00')).toBeTruthy();
    expect(within(dialog).getByText('Up to $1,000.00')).toBeTruthy();
    const online = within(dialog).getByRole('switch', { name: 'Online purchases' });
    const international = within(dialog).getByRole('switch', { name: 'International use' });
    expect(online.getAttribute('aria-checked')).toBe('true');
    expect(international.getAttribute('aria-checked')).toBe('false');
    expect(within(dialog).getByRole('switch', { name: 'ATM withdrawals' }).getAttribute('aria-checked')).toBe('true');

    await user.clear(perPurchase);
    await user.type(perPurchase, '6000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    expect(await within(dialog).findByText(m.perPurchaseOverDaily)).toBeTruthy();
    expect(server.to('PUT', path('limits'))).toHaveLength(0);

    await user.clear(perPurchase);
    await user.type(perPurchase, '$1,500');
    expect(perPurchase.value).toBe('1500');
    await user.click(online);
    await user.click(international);
    await user.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    expect(await within(dialog).findByText(m.limitsSaved('4242'))).toBeTruthy();
    expect(server.to('PUT', path('limits'))[0]?.body).toEqual({
      challengeId: CHALLENGE_ID,
      perPurchase: '1500',
      dailyPurchases: '5000.00',
      dailyAtm: '500.00',
      online: false,
      international: true,
      atm: true,
    });
  });

  it('puts the server’s refusal of a limit under its field', async () => {
    const tooHigh = m.limitTooHigh('$1,000.00');
    const { user, dialog } = await openVerified('Set Transaction Limits', {
      [`PUT ${path('limits')}`]: apiError(400, 'VALIDATION_FAILED', messages.generic.validation, { dailyAtm: tooHigh }),
    });
    const atm = await within(dialog).findByLabelText('Daily ATM cash');
    await user.clear(atm);
    await user.type(atm, '2000');
    await user.click(within(dialog).getByRole('button', { name: 'Save Limits' }));
    expect(await within(dialog).findByText(tooHigh)).toBeTruthy();
    expect(atm.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('View Card Details', () => {
  it('fetches the details right after the code, shows them with a countdown, then hides them', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { server } = renderPanel({ [`POST ${path('details')}`]: cardDetails() }, user);
    const dialog = await openModal(user, 'View Card Details');
    expect(within(dialog).queryByTestId('card-details-number')).toBeNull();
    expect(server.to('POST', path('details'))).toHaveLength(0);

    await verify(user, dialog);
    const number = await within(dialog).findByTestId('card-details-number');
    expect(number.textContent).toBe('4000 1234 1234 4242');
    expect(server.to('POST', path('details'))[0]?.body).toEqual({ challengeId: CHALLENGE_ID });
    expect(within(dialog).getByTestId('card-details-cvv').textContent).toBe('731');
    expect(within(dialog).getByTestId('card-details-expiry').textContent).toBe('08/29');
    expect(within(dialog).getByTestId('card-details-name').textContent).toBe('ALEX MEMBER');
    expect(within(dialog).getByRole('button', { name: 'Copy card number' })).toBeTruthy();
    expect(within(dialog).getByRole('timer').textContent).toBe('60 seconds');

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(within(dialog).getByRole('timer').textContent).toMatch(/^(29|30) seconds$/);
    expect(within(dialog).getByTestId('card-details-number')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(31_000));
    expect(within(dialog).queryByTestId('card-details-number')).toBeNull();
    expect(dialog.textContent).not.toContain('4242 ');
    expect(dialog.textContent).not.toContain('731');
    expect(within(dialog).getByText(HIDDEN_AGAIN)).toBeTruthy();
  });

  it('a refusal of the details is shown in the server’s words', async () => {
    const { dialog } = await openVerified('View Card Details', {
      [`POST ${path('details')}`]: apiError(409, 'CONFLICT', m.notActive),
    });
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.notActive);
  });
});

describe('The card modal with the keyboard: the focus lands on each new step, never left on the dialog', () => {
  /** The code typed, then "Verify" pressed with Enter (the button goes away with its step). */
  async function verifyByKeyboard(user: UserEvent, dialog: HTMLElement) {
    const box = within(dialog).getByLabelText(OTP_LABEL);
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.type(box, '123456');
    await pressEnter(user, within(dialog).getByRole('button', { name: 'Verify' }));
  }

  it('Change PIN: on "New PIN" once the code is verified, then on the result', async () => {
    const { user } = renderPanel({ [`POST ${path('pin')}`]: cardResult(debitCard(), m.pinChanged('4242')) });
    const dialog = await openModal(user, 'Change PIN');
    await verifyByKeyboard(user, dialog);
    const pin = await within(dialog).findByLabelText('New PIN');
    await waitFor(() => expect(document.activeElement).toBe(pin));

    await user.type(pin, '4931');
    await user.type(within(dialog).getByLabelText('Confirm PIN'), '4931');
    await pressEnter(user, within(dialog).getByRole('button', { name: 'Change PIN' }));
    const result = await within(dialog).findByRole('status');
    expect(result.textContent).toBe(m.pinChanged('4242'));
    await waitFor(() => expect(document.activeElement).toBe(result));
  });

  it('on the code box, with the server’s words under it, when the code expired before the PIN was sent', async () => {
    const { user } = renderPanel({
      [`POST ${path('pin')}`]: apiError(400, 'VALIDATION_FAILED', m.otpExpired, { challengeId: m.otpExpired }),
    });
    const dialog = await openModal(user, 'Change PIN');
    await verifyByKeyboard(user, dialog);
    await user.type(await within(dialog).findByLabelText('New PIN'), '4931');
    await user.type(within(dialog).getByLabelText('Confirm PIN'), '4931');
    await pressEnter(user, within(dialog).getByRole('button', { name: 'Change PIN' }));
    await within(dialog).findByText(m.otpExpired);
    const box = within(dialog).getByLabelText(OTP_LABEL);
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('Set Transaction Limits: on the first limit once the code is verified', async () => {
    const { user } = renderPanel();
    const dialog = await openModal(user, 'Set Transaction Limits');
    await verifyByKeyboard(user, dialog);
    const perPurchase = await within(dialog).findByLabelText('Per purchase');
    await waitFor(() => expect(document.activeElement).toBe(perPurchase));
  });

  it('View Card Details: on the details’ sentence, then on "Hidden again" once they are gone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPanel({ [`POST ${path('details')}`]: cardDetails() }, user);
    const dialog = await openModal(user, 'View Card Details');
    await verifyByKeyboard(user, dialog);
    const shown = await within(dialog).findByText(m.detailsVisible(60));
    await waitFor(() => expect(document.activeElement).toBe(shown));

    await act(() => vi.advanceTimersByTimeAsync(61_000));
    const hidden = within(dialog).getByText(HIDDEN_AGAIN).closest<HTMLElement>('[role="status"]');
    await waitFor(() => expect(document.activeElement).toBe(hidden));
  });

  it('View Card Details: on the refusal when the details are refused', async () => {
    const { user } = renderPanel({ [`POST ${path('details')}`]: apiError(409, 'CONFLICT', m.notActive) });
    const dialog = await openModal(user, 'View Card Details');
    await verifyByKeyboard(user, dialog);
    const refusal = await within(dialog).findByRole('alert');
    await waitFor(() => expect(document.activeElement).toBe(refusal));
  });
});
