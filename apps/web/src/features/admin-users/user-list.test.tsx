import { type UserList, messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { userSummary } from './test-fixtures';
import { UserListPanel } from './user-list';

const paula = userSummary();
const sam = userSummary({
  id: 'user-2',
  name: 'Sam Staff',
  email: 'sam@example.com',
  role: 'admin',
  isJointAccount: true,
  status: 'pending',
  verificationStatus: 'info_requested',
});
const counts = { all: 2, pending: 1, approved: 1, rejected: 0 };

function renderList({ q = '', selectedId = null as string | null } = {}) {
  const onSelect = vi.fn();
  const onFilterChange = vi.fn();
  renderWithProviders(
    <UserListPanel filter="all" q={q} onFilterChange={onFilterChange} selectedId={selectedId} onSelect={onSelect} />,
  );
  return { onSelect, onFilterChange, user: userEvent.setup() };
}

/** The table's rows (the wide-screen view); the cards are the other view of the same people. */
const tableRows = (panel: HTMLElement) => [...panel.querySelectorAll('tbody tr')];

describe('Staff console: the list of users', () => {
  it('shows a tab per status with its count, and the users under the active one', async () => {
    stubFetch({ 'GET /api/admin/users': { users: [paula, sam], counts } satisfies UserList });
    const { onFilterChange, user } = renderList();
    const tabs = screen.getByRole('tablist', { name: 'Filter users by status' });
    // Counts show once the list has loaded.
    await within(tabs).findByRole('tab', { name: /^Pending Review \(1\)$/ });
    // Each tab is its label and its count, in this order: "All Users (2)" to a screen reader.
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.querySelector('[aria-hidden="true"]')?.textContent),
    ).toEqual(['2', '1', '1', '0']);
    for (const name of ['All Users (2)', 'Pending Review (1)', 'Approved (1)', 'Rejected (0)'])
      within(tabs).getByRole('tab', { name });
    expect(screen.getByRole('tab', { name: /^All Users/ }).getAttribute('aria-selected')).toBe('true');

    const panel = screen.getByRole('tabpanel');
    const rows = tableRows(panel);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('paula@example.com');
    expect(rows[1]?.textContent).toContain('Joint');
    expect(rows[1]?.textContent).toContain('Staff');
    expect(rows[1]?.textContent).toContain('Info requested');
    expect(within(panel).getByRole('table').querySelectorAll('thead th')).toHaveLength(3);
    expect(within(panel).getByText('2 users shown').getAttribute('role')).toBe('status');

    await user.click(screen.getByRole('tab', { name: /^Pending Review/ }));
    expect(onFilterChange).toHaveBeenCalledWith('pending');
  });

  it('a click on a row, its name or a phone card opens that user; the selected one is marked', async () => {
    stubFetch({ 'GET /api/admin/users': { users: [paula, sam], counts } });
    const { onSelect, user } = renderList({ selectedId: 'user-2' });
    const panel = await screen.findByRole('tabpanel');
    await within(panel).findAllByText('Sam Staff');
    const [first, second] = tableRows(panel);
    expect(second?.className).toContain('bg-brand-soft');
    expect(first?.className).not.toContain('bg-brand-soft');
    expect(first?.className).toContain('cursor-pointer');

    await user.click(first?.querySelector('time') as Element);
    expect(onSelect).toHaveBeenLastCalledWith(paula);
    onSelect.mockClear();
    const names = within(panel).getAllByRole('button', { name: /Paula Member/ });
    // The name in the table and the phone card.
    expect(names).toHaveLength(2);
    await user.click(names[0] as HTMLElement);
    expect(onSelect).toHaveBeenCalledTimes(1);
    await user.click(names[1] as HTMLElement);
    expect(onSelect).toHaveBeenCalledTimes(2);

    const current = within(panel).getAllByRole('button', { current: true });
    expect(current).toHaveLength(2);
    expect(current.every((button) => button.textContent?.includes('Sam Staff'))).toBe(true);
    const cards = within(panel).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(cards[1]?.textContent).toContain('Registered');
  });

  it('while the first page loads: placeholder rows under the headers, announced once', async () => {
    let answer: (list: UserList) => void = () => undefined;
    stubFetch({ 'GET /api/admin/users': () => new Promise<UserList>((resolve) => (answer = resolve)) });
    renderList();
    expect((await screen.findByText('Loading users…')).getAttribute('role')).toBe('status');
    expect(screen.getByRole('tab', { name: /^All Users/ }).textContent).toBe('All Users–');
    answer({ users: [paula], counts });
    await screen.findAllByText('Paula Member');
    expect(screen.queryByText('Loading users…')).toBeNull();
  });

  it('says when the list is cut short', async () => {
    stubFetch({ 'GET /api/admin/users': { users: [paula], counts: { ...counts, all: 120 } } });
    renderList();
    expect(
      await screen.findByText('Showing the newest 1 of 120. Search by name or e-mail to find someone else.'),
    ).toBeTruthy();
    expect(screen.getByText('1 user shown')).toBeTruthy();
  });

  it('nobody under the tab: "No users here yet."', async () => {
    stubFetch({ 'GET /api/admin/users': { users: [], counts } });
    renderList();
    expect(await screen.findByText('No users here yet.')).toBeTruthy();
    expect(screen.getByRole('tabpanel').querySelector('table')).toBeNull();
  });

  it('an empty search names what was searched for', async () => {
    stubFetch({ 'GET /api/admin/users': { users: [], counts } });
    renderList({ q: 'nobody' });
    expect(await screen.findByText('No users match “nobody”.')).toBeTruthy();
  });

  it('a failed read: the spec sentence whatever the server said, and "Try again"', async () => {
    const server = stubFetch({ 'GET /api/admin/users': apiError(403, 'FORBIDDEN', 'Server words') });
    const { user } = renderList();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(messages.admin.loadUsersFailed);
    expect(alert.textContent).not.toContain('Server words');
    server.on('GET /api/admin/users', { users: [paula], counts });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findAllByText('Paula Member');
  });

  // Seeded Sam (an approved application) said "Approved", Alex and Taylor (created by staff, the
  // spec's status `active`) "Active": one state, two words. The column now says the filter's word
  // for the status, and how a member joined beside it.
  it('one word per status, the filter tab’s; a member staff created is Approved, and Created by staff', async () => {
    const applied = userSummary({ id: 'u-applied', name: 'Sam Rivera', email: 'sam@x.example', status: 'approved' });
    const created = userSummary({ id: 'u-created', name: 'Alex Morgan', email: 'alex@x.example', status: 'active' });
    const staff = userSummary({
      id: 'u-staff',
      name: 'Dana Whitfield',
      email: 'dana@x.example',
      status: 'active',
      role: 'admin',
    });
    const waiting = userSummary({
      id: 'u-waiting',
      name: 'Jordan Lee',
      email: 'jordan@x.example',
      status: 'pending',
      role: 'pending',
      verificationStatus: 'pending',
    });
    const declined = userSummary({
      id: 'u-declined',
      name: 'Chris Doe',
      email: 'chris@x.example',
      status: 'rejected',
      role: 'pending',
      verificationStatus: 'rejected',
    });
    stubFetch({
      'GET /api/admin/users': {
        users: [applied, created, staff, waiting, declined],
        counts: { all: 5, pending: 1, approved: 3, rejected: 1 },
      } satisfies UserList,
    });
    renderList();
    const panel = await screen.findByRole('tabpanel');
    await within(panel).findAllByText('Sam Rivera');
    /** The Status cell's badges, each as it reads. */
    const statusOf = (name: string) => {
      const row = tableRows(panel).find((candidate) => candidate.textContent?.includes(name));
      return [...(row?.querySelectorAll('td')[1]?.querySelectorAll('span span') ?? [])].map((pill) => pill.textContent);
    };
    expect(statusOf('Sam Rivera')).toEqual(['Approved']);
    expect(statusOf('Alex Morgan')).toEqual(['Approved', 'Created by staff']);
    expect(statusOf('Dana Whitfield')).toEqual(['Approved']);
    expect(statusOf('Jordan Lee')).toEqual(['Pending Review']);
    expect(statusOf('Chris Doe')).toEqual(['Rejected']);
    expect(panel.textContent).not.toContain('Active');
    // The phone cards say the same.
    const cards = within(panel).getAllByRole('listitem');
    expect(cards.find((card) => card.textContent?.includes('Alex Morgan'))?.textContent).toContain(
      'ApprovedCreated by staff',
    );
  });
});
