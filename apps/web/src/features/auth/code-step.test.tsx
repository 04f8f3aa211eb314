import { messages, type SignInChallenge, type SignInResult } from '@mutual/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { member, signedOutSession } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { PublicLayout } from '../../app/layouts/public-layout';
import { SignInFlow } from './sign-in-flow';

const a = messages.auth;
const challenge: SignInChallenge = {
  methods: ['email', 'backup'],
  emailHint: 'j•••@example.com',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
};
const signedIn: SignInResult = {
  user: member,
  redirectTo: '/dashboard',
  idleExpiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
  absoluteExpiresAt: new Date(Date.now() + 12 * 3_600_000).toISOString(),
};

/** Signs in with a password, so the page shows step 2 (in the public pages' frame with `framed`). */
async function renderCodeStep(routes: StubRoutes = {}, { framed = false } = {}) {
  const server = stubFetch({
    'GET /api/auth/session': signedOutSession,
    'POST /api/auth/sign-in': challenge,
    ...routes,
  });
  const user = userEvent.setup();
  renderWithProviders(<SignInFlow />, {
    route: '/login',
    session: true,
    routes: { '/dashboard': <LocationProbe name="Dashboard" /> },
    ...(framed ? { layout: <PublicLayout /> } : {}),
  });
  await user.type(screen.getByLabelText('Email'), 'jamie@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret-password');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  const code = await screen.findByLabelText<HTMLInputElement>('6-digit one-time password (OTP)');
  const verify = screen.getByRole<HTMLButtonElement>('button', { name: 'Verify & Sign in' });
  return { server, user, code, verify };
}

describe('sign-in, step 2: the 6-digit code', () => {
  it('keeps "Verify & Sign in" off until six digits are typed, and takes digits only', async () => {
    const { user, code, verify } = await renderCodeStep();
    await user.type(code, '12a34');
    expect(code.value).toBe('1234');
    expect(verify.disabled).toBe(true);
    await user.type(code, '5678');
    expect(code.value).toBe('123456');
    expect(verify.disabled).toBe(false);
  });

  it(`shows "${a.otpInvalid}" under the box for a wrong code and empties it for another try`, async () => {
    const { user, code, verify } = await renderCodeStep({
      'POST /api/auth/verify': apiError(400, 'VALIDATION_FAILED', a.otpInvalid),
    });
    await user.type(code, '000000');
    await user.click(verify);
    expect(await screen.findByText(a.otpInvalid)).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(code.value).toBe('');
  });

  it(`falls back to "${a.otpFailed}" when the server fails`, async () => {
    const { user, code, verify } = await renderCodeStep({
      'POST /api/auth/verify': apiError(500, 'INTERNAL', 'boom'),
    });
    await user.type(code, '123456');
    await user.click(verify);
    expect(await screen.findByText(a.otpFailed)).toBeTruthy();
  });

  it(`goes back to the password step with "${a.signInExpired}" when the attempt is over`, async () => {
    const { user, code, verify } = await renderCodeStep({
      'POST /api/auth/verify': apiError(401, 'SIGN_IN_EXPIRED', a.signInExpired),
    });
    await user.type(code, '123456');
    await user.click(verify);
    expect((await screen.findByRole('alert')).textContent).toBe(a.signInExpired);
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it(`says "${a.codeSent}" when a new code is asked for`, async () => {
    const { user } = await renderCodeStep({ 'POST /api/auth/resend-code': { message: a.codeSent, expiresAt: '' } });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect((await screen.findByRole('status')).textContent).toBe(a.codeSent);
  });

  it('takes a backup code instead, with or without its dash', async () => {
    const { server, user } = await renderCodeStep({ 'POST /api/auth/verify': signedIn });
    await user.click(screen.getByRole('button', { name: 'Use a backup code' }));
    const backup = screen.getByLabelText('Backup code');
    await user.type(backup, 'ABCD-EF12GH');
    await user.click(screen.getByRole('button', { name: 'Verify & Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(server.to('POST', '/api/auth/verify')[0]?.body).toEqual({ code: 'abcdef12gh' });
  });

  it('"Verify & Sign in", pressed with the keyboard, keeps the focus while the code is checked', async () => {
    let answer: () => void = () => undefined;
    const { server, user, code, verify } = await renderCodeStep({
      'POST /api/auth/verify': () => new Promise<void>((resolve) => (answer = resolve)).then(() => signedIn),
    });
    await user.type(code, '123456');
    verify.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('button', { name: 'Verifying...' });
    await waitFor(() => expect(server.to('POST', '/api/auth/verify')).toHaveLength(1));

    expect(document.activeElement).toBe(verify);
    expect(verify.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    answer();
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(server.to('POST', '/api/auth/verify')).toHaveLength(1);
  });

  it('opens the page the server names once the code is right', async () => {
    const { server, user, code, verify } = await renderCodeStep({ 'POST /api/auth/verify': signedIn });
    await user.type(code, '123456');
    await user.click(verify);
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeTruthy();
    expect(server.to('POST', '/api/auth/verify')[0]?.body).toEqual({ code: '123456' });
  });

  it('hands the focus to the heading of the page it opens, not to the top of the document', async () => {
    const { user, code, verify } = await renderCodeStep({ 'POST /api/auth/verify': signedIn }, { framed: true });
    await user.type(code, '123456');
    await user.click(verify);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
