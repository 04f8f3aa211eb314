import { messages, type SignInChallenge } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { signedOutSession } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { SignInFlow } from './sign-in-flow';

const a = messages.auth;
const challenge: SignInChallenge = {
  methods: ['email'],
  emailHint: 'j•••@example.com',
  expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
};

function renderSignIn(routes: StubRoutes = {}) {
  const server = stubFetch({ 'GET /api/auth/session': signedOutSession, ...routes });
  const user = userEvent.setup();
  renderWithProviders(<SignInFlow />, { route: '/login', session: true });
  const email = screen.getByLabelText<HTMLInputElement>('Email');
  const password = screen.getByLabelText<HTMLInputElement>('Password');
  const signIn = async (address: string, secret: string) => {
    if (address) await user.type(email, address);
    if (secret) await user.type(password, secret);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
  };
  return { server, user, email, password, signIn };
}

describe('sign-in, step 1: e-mail and password', () => {
  it(`asks for both with "${a.emailRequired}" and "${a.passwordRequired}"`, async () => {
    const { server, signIn } = renderSignIn();
    await signIn('', '');
    expect(await screen.findByText(a.emailRequired)).toBeTruthy();
    expect(screen.getByText(a.passwordRequired)).toBeTruthy();
    expect(server.to('POST', '/api/auth/sign-in')).toHaveLength(0);
  });

  it('shows the server’s refusal of wrong credentials and empties the password box', async () => {
    const { password, signIn } = renderSignIn({
      'POST /api/auth/sign-in': apiError(401, 'UNAUTHENTICATED', a.signInFailed),
    });
    await signIn('jamie@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe(a.signInFailed);
    expect(password.value).toBe('');
  });

  it('tells a locked-out member until when, in the server’s words', async () => {
    const lockedText = a.locked('3:45 PM');
    const { signIn } = renderSignIn({ 'POST /api/auth/sign-in': apiError(403, 'ACCOUNT_LOCKED', lockedText) });
    await signIn('jamie@example.com', 'secret-password');
    expect((await screen.findByRole('alert')).textContent).toBe(lockedText);
  });

  it(`falls back to "${a.signInFailed}" when the server fails`, async () => {
    const { signIn } = renderSignIn({ 'POST /api/auth/sign-in': apiError(500, 'INTERNAL', 'boom') });
    await signIn('jamie@example.com', 'secret-password');
    expect((await screen.findByRole('alert')).textContent).toBe(a.signInFailed);
  });

  it('moves to the code step, saying where the code went, once the password is right', async () => {
    const { server, signIn } = renderSignIn({ 'POST /api/auth/sign-in': challenge });
    await signIn('  Jamie@Example.com ', 'secret-password');
    expect(await screen.findByRole('heading', { name: 'Enter your sign-in code' })).toBeTruthy();
    expect(screen.getByText(/We sent a 6-digit code to j•••@example\.com/)).toBeTruthy();
    expect(server.to('POST', '/api/auth/sign-in')[0]?.body).toEqual({
      email: 'jamie@example.com',
      password: 'secret-password',
    });
  });
});
