import { type UserList, type UserSummary } from '@mutual/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

describe('Staff console: search and look-up one after the other', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const paula = userSummary();
  const sam = userSummary({ id: 'user-2', name: 'Sam Rivera', email: 'sam@example.com' });

  /** Lets the page's timers run for `ms` (the search's pause after typing among them), with what they cause. */
  const timePasses = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

  /** Waits for `find` to find what it looks for, the page's clock standing still meanwhile. */
  async function once<T>(find: () => T): Promise<T> {
    for (let tries = 0; ; tries++) {
      await timePasses(0);
      try {
        return find();
      } catch (error) {
        if (tries >= 200) throw error;
      }
      await act(() => new Promise((resolve) => setImmediate(resolve)));
    }
  }

  /** The list answers its search (part of a name); the look-up answers by e-mail, when `answer` lets it. */
  function stubConsole(answer: (found: UserSummary | undefined) => unknown = (found) => found) {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    screenWidth(true);
    stubFetch({
      'GET /api/admin/users': ({ query }) => {
        const users = [paula, sam].filter((user) => user.name.toLowerCase().includes(query.get('q') ?? ''));
        return { users, counts: { all: 2, pending: 0, approved: 2, rejected: 0 } } satisfies UserList;
      },
      'GET /api/admin/users/lookup': ({ query }) =>
        answer([paula, sam].find((user) => user.email === query.get('email'))) as Promise<UserSummary>,
      'GET /api/admin/users/user-2': userDetail({ ...sam }),
      'GET /api/admin/users/user-2/backup-codes': { total: 0, used: 0, remaining: 0 },
    });
  }

  /** Opens /admin on a search typed earlier ("paula", so Sam is not in the list). */
  async function openSearched() {
    renderWithProviders(<AdminConsole />, { route: '/admin?q=paula' });
    const table = await once(() => screen.getByRole('table'));
    await once(() => within(table).getByText('paula@example.com'));
    expect(within(table).queryByText('sam@example.com')).toBeNull();
    const search = screen.getByLabelText<HTMLInputElement>('Search users');
    expect(search.value).toBe('paula');
    const lookup = screen.getByLabelText<HTMLInputElement>('Look up by e-mail');
    return { table, search, lookup, detail: screen.getByRole('region', { name: 'Selected user' }) };
  }

  /** Clears the search and looks Sam up straight after: RTL's events, no time between them. */
  function clearThenLookUp({ search, lookup }: { search: HTMLInputElement; lookup: HTMLInputElement }) {
    fireEvent.change(search, { target: { value: '' } });
    fireEvent.change(lookup, { target: { value: 'sam@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Look up' }));
  }

  /** What staff typed is still there, the list follows the cleared search, and Sam stays open. */
  function expectAsTyped({ table, search, lookup, detail }: Awaited<ReturnType<typeof openSearched>>) {
    expect(within(detail).getByRole('heading', { level: 2, name: 'Sam Rivera' })).toBeTruthy();
    expect(within(table).getByText('paula@example.com')).toBeTruthy();
    expect(within(table).getByText('sam@example.com')).toBeTruthy();
    expect(search.value).toBe('');
    expect(lookup.value).toBe('sam@example.com');
  }

  // The search's write, due a moment after the last keystroke, was made on the address of the
  // render before the look-up: it closed the member the look-up had just opened.
  it('the look-up answers while the cleared search is still pausing: the member opens and stays', async () => {
    stubConsole();
    const page = await openSearched();
    clearThenLookUp(page);
    await once(() => within(page.detail).getByRole('heading', { level: 2, name: 'Sam Rivera' }));

    await timePasses(1500);
    await once(() => within(page.table).getByText('sam@example.com'));
    expectAsTyped(page);
  });

  // The other way round: the look-up's write put back the search it started under.
  it('the look-up answers after the cleared search has landed: the member opens, the list unfiltered', async () => {
    let answerLookup: () => void = () => undefined;
    stubConsole((found) => new Promise((resolve) => (answerLookup = () => resolve(found))));
    const page = await openSearched();
    clearThenLookUp(page);
    await timePasses(1500);
    await once(() => within(page.table).getByText('sam@example.com'));

    answerLookup();
    await once(() => within(page.detail).getByRole('heading', { level: 2, name: 'Sam Rivera' }));
    await timePasses(1500);
    expectAsTyped(page);
  });
});
