import { type UserList } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AdminConsole } from './admin-console';
import { userDetail, userSummary } from './test-fixtures';

/** The layout the console sees: stacked (a phone) or side by side (a wide screen). */
function screenWidth(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

describe('Staff console on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the focus to the selected member, which stands below the whole list', async () => {
    screenWidth(false);
    stubFetch({
      'GET /api/admin/users': {
        users: [userSummary()],
        counts: { all: 1, pending: 0, approved: 1, rejected: 0 },
      } satisfies UserList,
      'GET /api/admin/users/user-1': userDetail(),
      'GET /api/admin/users/user-1/backup-codes': { total: 0, used: 0, remaining: 0 },
    });
    renderWithProviders(<AdminConsole />, { route: '/admin' });
    const list = await screen.findByRole('table');
    await userEvent.click(await within(list).findByRole('button', { name: /Paula Member/ }));
    const detail = screen.getByRole('region', { name: 'Selected user' });
    await waitFor(() => expect(document.activeElement).toBe(detail));
    expect(await within(detail).findByRole('heading', { level: 2, name: 'Paula Member' })).toBeTruthy();
  });
});
