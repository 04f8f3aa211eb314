import { type ApplicationStatus, type SessionUser, messages } from '@mutual/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PendingApprovalPage } from '../routes/auth/pending-approval';
import { stubFetch } from '../test/fetch-stub';
import { member } from '../test/fixtures';
import { installSiteFacts, LocationProbe, testQueryClient } from '../test/render';
import { App } from './app';
import { PublicLayout } from './layouts/public-layout';

const applicant: SessionUser = { ...member, role: 'pending', status: 'pending' };
const application: ApplicationStatus = {
  status: 'pending',
  verificationStatus: 'pending',
  registrationDate: '2026-03-01T15:00:00.000Z',
  rejectionReason: null,
  rejectedAt: null,
  infoRequests: [],
};

describe('the app around its routes', () => {
  it('signs out to /login at once, without a warning, the sign-in heading taking the focus', async () => {
    const warn = vi.spyOn(console, 'warn');
    stubFetch({
      'GET /api/auth/session': { user: applicant, idleExpiresAt: null, absoluteExpiresAt: null },
      'GET /api/me/application': application,
      'POST /api/auth/sign-out': { message: messages.auth.signedOut },
    });
    installSiteFacts();
    const router = createMemoryRouter(
      [
        {
          element: <PublicLayout />,
          children: [
            { path: '/pending-approval', element: <PendingApprovalPage /> },
            { path: '/login', element: <LocationProbe name="Sign in" /> },
          ],
        },
      ],
      { initialEntries: ['/pending-approval'] },
    );
    render(<App router={router} queryClient={testQueryClient()} />);

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    expect(screen.getByRole('status').textContent).toBe(messages.auth.signedOut);
    await waitFor(() => expect(document.activeElement).toBe(heading));
    // react-router's RouterProvider (not react-router/dom's) cannot flushSync and says so.
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/flushSync/);
  });
});
