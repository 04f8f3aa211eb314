import { type Me, messages } from '@mutual/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { me, member } from '../../test/fixtures';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { TwoFactorSection } from './two-factor-section';

const s = messages.settings;
const session = { user: member, idleExpiresAt: null, absoluteExpiresAt: null };
const withApp: Me = { ...me, security: { ...me.security, twoFactor: true }, backupCodesRemaining: 3 };

function renderSection(person: Me, routes: StubRoutes = {}) {
  const server = stubFetch({ 'GET /api/auth/session': session, ...routes });
  const user = userEvent.setup();
  renderWithProviders(<TwoFactorSection me={person} />, { session: true });
  return { server, user };
}

describe('two-factor section', () => {
  it('sets up the authenticator: the key, a wrong code under its field, then the backup codes', async () => {
    let wrong = true;
    const { server, user } = renderSection(me, {
      'POST /api/me/totp/setup': { secret: 'ABCDEFGHIJKL', otpauthUrl: 'otpauth://x', qrCodeDataUrl: 'data:,' },
      'POST /api/me/totp/confirm': () =>
        wrong
          ? apiError(400, 'VALIDATION_FAILED', 'Check the code.', { code: 'That code is not right.' })
          : { codes: ['1111-2222', '3333-4444'], message: '' },
    });
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('ABCD EFGH IJKL');
    const code = screen.getByLabelText(/^2\. Enter the \d-digit code from the app$/);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('That code is not right.')).toBeTruthy();
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(code);
    expect(screen.queryByText('Check the code.')).toBeNull();

    wrong = false;
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('backup-codes');
    expect(codes.textContent).toContain(s.totpEnabled);
    expect(screen.getByRole('list', { name: 'Backup codes' }).textContent).toBe('1111-22223333-4444');
    expect(server.to('POST', '/api/me/totp/confirm').at(-1)?.body).toEqual({ code: '123456' });
  });

  it('asks for the password to replace the backup codes, and shows a wrong one under the field', async () => {
    const { user } = renderSection(withApp, {
      'POST /api/me/backup-codes': apiError(400, 'VALIDATION_FAILED', 'Check the form.', {
        password: 'Your password is not correct',
      }),
    });
    expect(screen.getByText('3 backup codes left')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Replace backup codes' }));
    const prompt = screen.getByRole('form', { name: 'Replace backup codes' });
    expect(prompt.textContent).toContain('Your current backup codes will stop working.');
    await user.type(screen.getByLabelText('Password'), 'not it');
    await user.click(screen.getByRole('button', { name: 'Replace backup codes' }));
    expect(await screen.findByText('Your password is not correct')).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
  });

  it(`turns the app off with the password and says "${s.totpDisabled}"`, async () => {
    const { server, user } = renderSection(withApp, { 'POST /api/me/totp/disable': { message: '' } });
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByRole('form', { name: 'Turn off the authenticator app' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(messages.auth.passwordRequired)).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText(s.totpDisabled)).toBeTruthy();
    expect(screen.queryByRole('form')).toBeNull();
    expect(server.to('POST', '/api/me/totp/disable')[0]?.body).toEqual({ password: 'my password' });
  });
});

describe('two-factor section with the keyboard: the focus lands on each new step, never left behind', () => {
  const heading = () => screen.getByRole('heading', { name: 'Two-factor authentication' });

  it('on the code box of the set-up, on the codes’ result, then on the heading once they are saved', async () => {
    const { user } = renderSection(me, {
      'POST /api/me/totp/setup': { secret: 'ABCDEFGHIJKL', otpauthUrl: 'otpauth://x', qrCodeDataUrl: 'data:,' },
      'POST /api/me/totp/confirm': { codes: ['1111-2222', '3333-4444'], message: '' },
    });
    await pressEnter(user, screen.getByRole('button', { name: 'Set up authenticator app' }));
    const code = await screen.findByLabelText(/^2\. Enter the \d-digit code from the app$/);
    await waitFor(() => expect(document.activeElement).toBe(code));

    await user.type(code, '123456');
    await pressEnter(user, screen.getByRole('button', { name: 'Turn on' }));
    const result = await screen.findByRole('status');
    expect(result.textContent).toBe(s.totpEnabled);
    await waitFor(() => expect(document.activeElement).toBe(result));

    await pressEnter(user, screen.getByRole('button', { name: 'I have saved these codes' }));
    await waitFor(() => expect(document.activeElement).toBe(heading()));
  });

  it('on the heading when the set-up is cancelled', async () => {
    const { user } = renderSection(me, {
      'POST /api/me/totp/setup': { secret: 'ABCDEFGHIJKL', otpauthUrl: 'otpauth://x', qrCodeDataUrl: 'data:,' },
    });
    await pressEnter(user, screen.getByRole('button', { name: 'Set up authenticator app' }));
    await pressEnter(user, await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(document.activeElement).toBe(heading()));
  });

  it(`on "${s.totpDisabled}" once the app is turned off, on the new codes once they are replaced`, async () => {
    const { user } = renderSection(withApp, {
      'POST /api/me/totp/disable': { message: '' },
      'POST /api/me/backup-codes': { codes: ['5555-6666'], message: 'New backup codes.' },
    });
    await pressEnter(user, screen.getByRole('button', { name: 'Turn off' }));
    await user.type(screen.getByLabelText('Password'), 'my password');
    await pressEnter(user, screen.getByRole('button', { name: 'Turn off' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe(s.totpDisabled);
    await waitFor(() => expect(document.activeElement).toBe(done));

    await pressEnter(user, screen.getByRole('button', { name: 'Replace backup codes' }));
    await user.type(screen.getByLabelText('Password'), 'my password');
    await pressEnter(user, screen.getByRole('button', { name: 'Replace backup codes' }));
    const codes = await screen.findByText('New backup codes.');
    await waitFor(() => expect(document.activeElement).toBe(codes.closest('[role="status"]')));
  });
});
