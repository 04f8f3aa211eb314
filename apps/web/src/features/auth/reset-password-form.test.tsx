import { messages } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ResetPasswordPage } from '../../routes/auth/reset-password';

const r = messages.registration;
const token = 'a'.repeat(43);

/** The page behind the e-mailed link, with the link's token in the address. */
function renderForm(routes: StubRoutes = {}, link = `/reset-password?token=${token}`) {
  const server = stubFetch(routes);
  const user = userEvent.setup();
  renderWithProviders(<ResetPasswordPage />, { route: link });
  const save = async (password: string, confirm: string) => {
    if (password) await user.type(screen.getByLabelText('New password'), password);
    if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
  };
  return { server, save };
}

describe('reset password form', () => {
  it(`refuses a password under 8 characters with "${r.passwordTooShort}"`, async () => {
    const { server, save } = renderForm();
    await save('short', 'short');
    expect(await screen.findByText(r.passwordTooShort)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`says "${r.passwordMismatch}" when the confirmation differs`, async () => {
    const { server, save } = renderForm();
    await save('a long new passphrase', 'a long new passphrasE');
    expect(await screen.findByText(r.passwordMismatch)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('sets the new password with the link’s token and offers to sign in', async () => {
    const { server, save } = renderForm({
      'POST /api/auth/password-reset/confirm': { message: messages.auth.resetDone },
    });
    await save('a long new passphrase', 'a long new passphrase');
    expect(await screen.findByText(messages.auth.resetDone)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(server.to('POST', '/api/auth/password-reset/confirm')[0]?.body).toEqual({
      token,
      password: 'a long new passphrase',
      confirmPassword: 'a long new passphrase',
    });
  });

  it(`puts the server’s "${r.passwordCommon}" under the new password`, async () => {
    const { save } = renderForm({
      'POST /api/auth/password-reset/confirm': apiError(400, 'VALIDATION_FAILED', r.passwordCommon, {
        password: r.passwordCommon,
      }),
    });
    await save('password1234', 'password1234');
    expect(await screen.findByText(r.passwordCommon)).toBeTruthy();
  });

  it(`says "${messages.auth.resetInvalid}" and offers a new link when the server refuses the link`, async () => {
    const { save } = renderForm({
      'POST /api/auth/password-reset/confirm': apiError(400, 'VALIDATION_FAILED', messages.auth.resetInvalid),
    });
    await save('a long new passphrase', 'a long new passphrase');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.auth.resetInvalid);
    expect(screen.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it(`says "${messages.auth.resetInvalid}" at once for a link too short to hold a token`, () => {
    const { server } = renderForm({}, '/reset-password?token=abc');
    expect(screen.getByRole('alert').textContent).toBe(messages.auth.resetInvalid);
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(server.requests).toHaveLength(0);
  });
});
