import { messages } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { PasswordForm } from './password-form';

const s = messages.settings;
const passwordRequired = messages.auth.passwordRequired;

function renderForm(routes: StubRoutes = {}) {
  const server = stubFetch(routes);
  const user = userEvent.setup();
  renderWithProviders(<PasswordForm email="jamie@example.com" />);
  const change = async (current: string, next: string, confirm: string) => {
    if (current) await user.type(screen.getByLabelText('Current password'), current);
    if (next) await user.type(screen.getByLabelText('New password'), next);
    if (confirm) await user.type(screen.getByLabelText('Confirm new password'), confirm);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
  };
  return { server, change };
}

describe('change password form', () => {
  it(`asks for the current password with "${passwordRequired}" and a new one of 8+ characters`, async () => {
    const { server, change } = renderForm();
    await change('', '', '');
    expect(await screen.findByText(passwordRequired)).toBeTruthy();
    expect(screen.getByText(messages.registration.passwordTooShort)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`says "${s.passwordMismatch}" when the confirmation differs`, async () => {
    const { server, change } = renderForm();
    await change('old password', 'a brand new phrase', 'a brand new phrasE');
    expect(await screen.findByText(s.passwordMismatch)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`puts the server’s "${s.currentPasswordWrong}" under the current password`, async () => {
    const { change } = renderForm({
      'POST /api/me/password': apiError(400, 'VALIDATION_FAILED', s.currentPasswordWrong, {
        currentPassword: s.currentPasswordWrong,
      }),
    });
    await change('not my password', 'a brand new phrase', 'a brand new phrase');
    expect(await screen.findByText(s.currentPasswordWrong)).toBeTruthy();
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it(`changes the password, says "${s.passwordChanged}" and empties the boxes`, async () => {
    const { server, change } = renderForm({ 'POST /api/me/password': { message: s.passwordChanged } });
    await change('old password', 'a brand new phrase', 'a brand new phrase');
    expect(await screen.findByText(s.passwordChanged)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New password').value).toBe('');
    expect(server.to('POST', '/api/me/password')[0]?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'a brand new phrase',
      confirmPassword: 'a brand new phrase',
    });

    // Typing the next change: the last one's sentence goes.
    await userEvent.type(screen.getByLabelText('Current password'), 'a');
    expect(screen.queryByText(s.passwordChanged)).toBeNull();
  });
});
