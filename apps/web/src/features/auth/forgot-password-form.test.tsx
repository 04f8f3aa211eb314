import { messages } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ForgotPasswordForm } from './forgot-password-form';

function renderForm(routes: StubRoutes = {}) {
  const server = stubFetch(routes);
  const user = userEvent.setup();
  renderWithProviders(<ForgotPasswordForm />);
  const send = async (email: string) => {
    if (email) await user.type(screen.getByLabelText('Email'), email);
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  };
  return { server, send };
}

describe('forgot password form', () => {
  it(`refuses an empty address with "${messages.registration.emailInvalid}"`, async () => {
    const { server, send } = renderForm();
    await send('');
    expect(await screen.findByText(messages.registration.emailInvalid)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`refuses text that is not an address with "${messages.registration.emailInvalid}"`, async () => {
    const { server, send } = renderForm();
    await send('jamie@');
    expect(await screen.findByText(messages.registration.emailInvalid)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('shows the same "check your e-mail" answer whatever the address, in the server’s words', async () => {
    const { server, send } = renderForm({
      'POST /api/auth/password-reset': reply(202, { message: messages.auth.resetRequested }),
    });
    await send('Jamie@Example.com');
    expect(await screen.findByText('Check your e-mail')).toBeTruthy();
    expect(screen.getByText(messages.auth.resetRequested)).toBeTruthy();
    expect(server.to('POST', '/api/auth/password-reset')[0]?.body).toEqual({ email: 'jamie@example.com' });
  });

  it(`says "${messages.generic.rateLimited}" when asked too often`, async () => {
    const { send } = renderForm({
      'POST /api/auth/password-reset': apiError(429, 'RATE_LIMITED', messages.generic.rateLimited),
    });
    await send('jamie@example.com');
    expect((await screen.findByRole('alert')).textContent).toBe(messages.generic.rateLimited);
  });
});
