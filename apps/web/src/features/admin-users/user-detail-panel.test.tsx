import { messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { userDetail } from './test-fixtures';
import { UserDetailPanel } from './user-detail-panel';

describe('Staff console: the selected member', () => {
  it('shows each section under its heading, with its icon', async () => {
    const user = userDetail({
      hold: { reason: 'Fraud check', placedAt: '2026-03-04T12:00:00.000Z', placedBy: 'kim@example.com' },
    });
    stubFetch({
      'GET /api/admin/users/user-1': user,
      'GET /api/admin/users/user-1/backup-codes': { total: 0, used: 0, remaining: 0 },
    });
    renderWithProviders(<UserDetailPanel userId="user-1" showOtps onFlash={vi.fn()} />);
    await screen.findByRole('heading', { level: 2, name: 'Paula Member' });
    for (const title of [
      'Manage OTPs',
      'Personal Information',
      'Address',
      'Contact Information',
      'Emergency Contact',
      'Identification Document',
      'Transfer Hold',
      'Accounts',
      'Review History',
      'Security',
      'Activity log',
    ]) {
      const heading = screen.getByRole('heading', { level: 3, name: title });
      expect(heading.querySelector('svg.text-brand'), title).not.toBeNull();
      expect(screen.getByRole('region', { name: title })).toBeTruthy();
    }
    const hold = screen.getByRole('region', { name: 'Transfer Hold' });
    expect(within(hold).getByText('Fraud check')).toBeTruthy();
    expect(within(hold).getByRole('button', { name: 'Lift hold' })).toBeTruthy();
    expect(within(hold).getByText('kim@example.com')).toBeTruthy();
  });

  it('a member staff created: a Created by staff badge, and who created them and when', async () => {
    stubFetch({
      'GET /api/admin/users/user-1': userDetail({ status: 'active', createdBy: 'kim@cu.example' }),
      'GET /api/admin/users/user-2': userDetail({ id: 'user-2', name: 'Sam Applied', status: 'approved' }),
    });
    const { unmount } = renderWithProviders(<UserDetailPanel userId="user-1" showOtps={false} onFlash={vi.fn()} />);
    const header = (await screen.findByRole('heading', { level: 2, name: 'Paula Member' })).closest('header');
    expect(within(header as HTMLElement).getByText('Created by staff')).toBeTruthy();
    expect(header?.textContent).toContain('Created Mar 4, 2026 by kim@cu.example');
    expect(header?.textContent).not.toContain('Registered');

    // One who applied and was approved: neither.
    unmount();
    renderWithProviders(<UserDetailPanel userId="user-2" showOtps={false} onFlash={vi.fn()} />);
    const applied = (await screen.findByRole('heading', { level: 2, name: 'Sam Applied' })).closest('header');
    expect(applied?.textContent).toContain('Registered Mar 4, 2026');
    expect(within(applied as HTMLElement).queryByText('Created by staff')).toBeNull();
    expect(applied?.textContent).not.toContain('Created Mar');
  });

  /** The detail's two-column grids (side by side once the detail is 42rem wide; one column below). */
  const sideBySide = () =>
    ['detail-profile-and-accounts', 'detail-review-and-security']
      .map((id) => screen.getByTestId(id))
      .filter((grid) => grid.className.includes('@2xl:grid-cols-2'));
  const columnOf = (title: string) => {
    const region = screen.getByRole('region', { name: title });
    return sideBySide()
      .flatMap((grid) => [...grid.children])
      .find((column) => column.contains(region));
  };

  it('sets the profile beside the accounts, hold, joint holder and ID; the transactions across', async () => {
    const account = {
      id: 'acc-1',
      type: 'Checking' as const,
      accountNumber: '1234567890',
      routingNumber: '211274450',
      balance: '10.00',
      available: '10.00',
      createdAt: '2026-03-04T12:00:00.000Z',
    };
    stubFetch({
      'GET /api/admin/users/user-1': userDetail({
        status: 'active',
        createdBy: 'kim@cu.example',
        isJointAccount: true,
        jointAccountHolder: { name: 'Jo Member', email: 'jo@example.com', phone: '(207) 555-0101' },
        accounts: [account],
      }),
    });
    renderWithProviders(<UserDetailPanel userId="user-1" showOtps={false} onFlash={vi.fn()} />);
    await screen.findByRole('heading', { level: 2, name: 'Paula Member' });
    await screen.findByRole('region', { name: 'Transactions' });
    const article = screen.getByRole('article');
    expect(article.className).toContain('@container');

    const profile = columnOf('Personal Information');
    const money = columnOf('Accounts');
    expect(profile).toBeDefined();
    expect(money).toBeDefined();
    expect(profile).not.toBe(money);
    expect(profile?.parentElement).toBe(money?.parentElement);
    for (const title of ['Address', 'Contact Information', 'Emergency Contact'])
      expect(columnOf(title), title).toBe(profile);
    for (const title of ['Transfer Hold', 'Joint Account Holder', 'Identification Document'])
      expect(columnOf(title), title).toBe(money);
    // Review History beside Security; the transactions, statements and activity log on their own.
    expect(columnOf('Review History')?.parentElement).toBe(columnOf('Security')?.parentElement);
    for (const title of ['Transactions', 'Statements', 'Activity log']) expect(columnOf(title), title).toBeUndefined();
    // On a phone the one column reads in this order: who they are, then their money and standing.
    const headings = screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);
    expect(headings.indexOf('Emergency Contact')).toBeLessThan(headings.indexOf('Accounts'));
    expect(headings.indexOf('Identification Document')).toBeLessThan(headings.indexOf('Transactions'));
  });

  it('says a hold the portal placed itself (too many wrong codes) was placed by the portal, and why', async () => {
    const reason = messages.holds.securityReason(10, 24);
    stubFetch({
      'GET /api/admin/users/user-1': userDetail({
        hold: { reason, placedAt: '2026-03-04T12:00:00.000Z', placedBy: null },
      }),
      'GET /api/admin/users/user-1/backup-codes': { total: 0, used: 0, remaining: 0 },
    });
    renderWithProviders(<UserDetailPanel userId="user-1" showOtps onFlash={vi.fn()} />);
    const hold = await screen.findByRole('region', { name: 'Transfer Hold' });
    expect(within(hold).getByText(reason)).toBeTruthy();
    expect(within(hold).getByText(messages.holds.placedByPortal)).toBeTruthy();
  });
});

describe('Staff console: information requests', () => {
  const request = (id: string, status: 'pending' | 'answered' | 'closed') => ({
    id,
    requestDetails: `Request ${id}`,
    status,
    createdAt: '2026-03-04T12:00:00.000Z',
    response: status === 'answered' ? 'Here it is' : null,
    respondedAt: status === 'answered' ? '2026-03-05T12:00:00.000Z' : null,
    hasDocument: false,
    document: null,
  });

  it('says which are awaiting an answer, answered, or closed by the decision', async () => {
    stubFetch({
      'GET /api/admin/users/user-1': userDetail({
        status: 'approved',
        infoRequests: [request('a', 'answered'), request('b', 'closed'), request('c', 'pending')],
      }),
      'GET /api/admin/users/user-1/backup-codes': { total: 0, used: 0, remaining: 0 },
    });
    renderWithProviders(<UserDetailPanel userId="user-1" showOtps={false} onFlash={vi.fn()} />);
    const section = await screen.findByRole('region', { name: 'Information Requests' });
    const badges = within(section)
      .getAllByRole('listitem')
      .map((item) => within(item).getByText(/^(Answered|Awaiting answer|Closed, not answered)$/).textContent);
    expect(badges).toEqual(['Answered', 'Closed, not answered', 'Awaiting answer']);
  });
});
