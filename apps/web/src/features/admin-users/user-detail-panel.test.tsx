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
