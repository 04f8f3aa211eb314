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

const oneMember = {
  'GET /api/admin/users': {
    users: [userSummary()],
    counts: { all: 1, pending: 0, approved: 1, rejected: 0 },
  } satisfies UserList,
  'GET /api/admin/users/user-1': userDetail(),
  'GET /api/admin/users/user-1/backup-codes': { total: 0, used: 0, remaining: 0 },
};

describe('Staff console on a phone', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('takes the focus to the selected member, which stands below the whole list', async () => {
    screenWidth(false);
    stubFetch(oneMember);
    renderWithProviders(<AdminConsole />, { route: '/admin' });
    const list = await screen.findByRole('table');
    await userEvent.click(await within(list).findByRole('button', { name: /Paula Member/ }));
    const detail = screen.getByRole('region', { name: 'Selected user' });
    await waitFor(() => expect(document.activeElement).toBe(detail));
    expect(await within(detail).findByRole('heading', { level: 2, name: 'Paula Member' })).toBeTruthy();
  });
});

describe('Staff console on a wide screen', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Selects the member with the page scrolled to 3,000 px and the detail's start at `top` in the window. */
  async function selectWithDetailAt(top: number) {
    screenWidth(true);
    stubFetch(oneMember);
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(3000);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    renderWithProviders(<AdminConsole />, { route: '/admin' });
    const list = await screen.findByRole('table');
    const detail = screen.getByRole('region', { name: 'Selected user' });
    vi.spyOn(detail, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ x: 0, y: top, width: 600, height: 7000 }),
    );
    const row = await within(list).findByRole('button', { name: /Paula Member/ });
    await userEvent.click(row);
    expect(await within(detail).findByRole('heading', { level: 2, name: 'Paula Member' })).toBeTruthy();
    return { scrollTo, row };
  }

  // The detail flows with the page (its own scroll box hid all but its first screen): read far
  // down, the last member's detail leaves the next one's start above the window.
  it('brings the selected member’s detail back to its start when the page was scrolled past it', async () => {
    const { scrollTo, row } = await selectWithDetailAt(-2500);
    // Just under the navigation (none here), with 16 px of air: 3,000 − 2,500 − 16.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 484 }));
    // Side by side the focus stays on the list, the next member a Tab away.
    expect(document.activeElement).toBe(row);
  });

  it('leaves the page where it is when the detail’s start is in view', async () => {
    const { scrollTo } = await selectWithDetailAt(120);
    await new Promise((resolve) => window.requestAnimationFrame(resolve));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
