import { type ActiveSession, messages } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '../../test/fetch-stub';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { SessionsPanel } from './sessions-panel';

const session = (id: string, device: string, current = false): ActiveSession => ({
  id,
  current,
  device,
  ipAddress: '203.0.113.7',
  createdAt: '2026-03-04T12:00:00.000Z',
  lastSeenAt: '2026-03-04T12:30:00.000Z',
});

/** The member's sessions, one signed out at a time. */
function renderSessions() {
  let sessions = [
    session('s1', 'Firefox on Linux', true),
    session('s2', 'Safari on iPhone'),
    session('s3', 'Chrome on Windows'),
  ];
  const signOut = (id: string) => () => {
    sessions = sessions.filter((s) => s.id !== id);
    return reply(204);
  };
  stubFetch({
    'GET /api/me/sessions': () => ({ sessions }),
    'DELETE /api/me/sessions/s2': signOut('s2'),
    'DELETE /api/me/sessions/s3': signOut('s3'),
  });
  renderWithProviders(<SessionsPanel active />);
}

const signOutButton = (device: string) => screen.findByRole('button', { name: `Sign out ${device} at 203.0.113.7` });

describe('Account Settings: Sessions', () => {
  it('hands the focus to the next session’s "Sign out" as one leaves, and to the result after the last', async () => {
    const user = userEvent.setup();
    renderSessions();
    await pressEnter(user, await signOutButton('Safari on iPhone'));
    const next = await signOutButton('Chrome on Windows');
    await expect.poll(() => document.activeElement).toBe(next);
    expect(screen.queryByText('Safari on iPhone')).toBeNull();

    await pressEnter(user, next);
    const result = await screen.findByText(messages.settings.sessionEnded);
    await expect.poll(() => document.activeElement).toBe(result.closest('[id]'));
    expect(screen.queryByText('Chrome on Windows')).toBeNull();
  });
});
