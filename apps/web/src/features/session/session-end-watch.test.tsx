import { messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch } from '../../test/fetch-stub';
import { emailedChallenge, member, memberAccounts } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { fillExternalForm } from '../../test/transfer-forms';
import { useAccounts } from '../dashboard/queries';
import { ExternalTransferForm } from '../transfers/external-transfer-form';
import { SessionEndWatch } from './session-end-watch';

const m = messages.transfers;

const challenge = emailedChallenge();

describe('"Transaction Blocked" (too many wrong confirmation codes)', () => {
  it('says why and how to reach support; closing it signs out, with a word on the sign-in page', async () => {
    const user = userEvent.setup();
    const server = stubFetch({
      'GET /api/auth/session': { user: member, idleExpiresAt: null, absoluteExpiresAt: null },
      'POST /api/transfers/external/challenge': reply(201, challenge),
      'POST /api/transfers/external': apiError(403, 'TRANSACTION_BLOCKED', m.blocked),
      // The server ended the session with the block.
      'POST /api/auth/sign-out': apiError(401, 'UNAUTHENTICATED', 'Please sign in.'),
    });
    renderWithProviders(
      <>
        <ExternalTransferForm accounts={memberAccounts} />
        <SessionEndWatch />
      </>,
      { session: true, route: '/dashboard', routes: { '/login': <LocationProbe name="Sign in" /> } },
    );
    await fillExternalForm(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const step = await screen.findByRole('form', { name: 'Confirm Transfer' });
    await user.type(within(step).getByLabelText('6-digit one-time password (OTP)'), '123456');
    await user.click(within(step).getByRole('button', { name: 'Confirm Transfer' }));

    const modal = await screen.findByRole('dialog', { name: m.blockedTitle });
    expect(within(modal).getByText(m.blocked)).toBeTruthy();
    expect(within(modal).getByRole('link', { name: /@/ }).getAttribute('href')).toMatch(/^mailto:/);
    // Either way out of it (the corner's × or the Close button) signs out.
    await user.click(within(modal).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(m.blockedSignedOut);
    expect(server.to('POST', '/api/auth/sign-out')).toHaveLength(1);
  });
});

describe('a session that ended elsewhere', () => {
  function Accounts() {
    const accounts = useAccounts();
    return <h1>{accounts.isError ? 'Could not load' : 'Accounts'}</h1>;
  }

  it(`sends the person to the sign-in page with "${messages.auth.sessionExpired}" at the first 401`, async () => {
    const server = stubFetch({
      'GET /api/auth/session': { user: member, idleExpiresAt: null, absoluteExpiresAt: null },
      'GET /api/me/accounts': apiError(401, 'UNAUTHENTICATED', messages.auth.sessionExpired),
      'POST /api/auth/sign-out': apiError(401, 'UNAUTHENTICATED', messages.auth.sessionExpired),
    });
    renderWithProviders(
      <>
        <Accounts />
        <SessionEndWatch />
      </>,
      { session: true, route: '/dashboard', routes: { '/login': <LocationProbe name="Sign in" /> } },
    );
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(messages.auth.sessionExpired);
    expect(server.to('POST', '/api/auth/sign-out')).toHaveLength(1);
  });
});
