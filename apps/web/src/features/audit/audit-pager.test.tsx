import type { AuditEntry, AuditPage } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch, type StubRequest } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AuditLogScreen } from './audit-log-screen';
import { AuditPager } from './audit-pager';

function entry(id: string, label: string): AuditEntry {
  return {
    id,
    at: '2026-03-04T12:00:00.000Z',
    action: 'hold.place',
    label,
    actorUserId: 'staff-1',
    actorEmail: 'staff@example.com',
    target: null,
    ipAddress: null,
    userAgent: null,
    reason: null,
    before: null,
    after: null,
  };
}

function page(overrides: Partial<AuditPage>): AuditPage {
  return {
    entries: [entry('30', 'Hold placed')],
    pageSize: 20,
    newer: null,
    older: null,
    total: 1,
    totalCapped: false,
    timeZone: 'America/Chicago',
    ...overrides,
  };
}

function renderPager(shown: AuditPage, busy = false) {
  renderWithProviders(<AuditPager page={shown} busy={busy} onNavigate={() => undefined} />);
  const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });
  return { button, total: () => screen.getByTestId('audit-total').textContent };
}

describe('audit log pager', () => {
  it('on the newest page: "Newest" and "Newer" are off, "Older" is on', () => {
    const { button } = renderPager(page({ older: '11', total: 45 }));
    expect(button('Newest').disabled).toBe(true);
    expect(button('Newer').disabled).toBe(true);
    expect(button('Older').disabled).toBe(false);
  });

  it('on the oldest page: "Older" is off, the way back is on', () => {
    const { button } = renderPager(page({ newer: '10', total: 45 }));
    expect(button('Older').disabled).toBe(true);
    expect(button('Newer').disabled).toBe(false);
    expect(button('Newest').disabled).toBe(false);
  });

  it('turns every button off while the next page loads', () => {
    const { button } = renderPager(page({ newer: '10', older: '11', total: 45 }), true);
    const waiting = (name: string) => button(name).getAttribute('aria-disabled') === 'true';
    expect(['Newest', 'Newer', 'Older'].map(waiting)).toEqual([true, true, true]);
  });

  it('says "1 matching entry" for a single entry', () => {
    const { total } = renderPager(page({ total: 1 }));
    expect(total()).toBe('1 matching entry');
  });

  it('writes large counts with separators and marks a capped count', () => {
    const { total } = renderPager(page({ total: 10_000, totalCapped: true }));
    expect(total()).toBe('10,000+ matching entries');
  });

  it('"Older" on the audit log screen asks for the entries older than the last one shown', async () => {
    const answer = (request: StubRequest) =>
      request.query.get('olderThan') === '11'
        ? page({ entries: [entry('11', 'Hold lifted')], newer: '11', total: 2 })
        : page({ entries: [entry('12', 'Hold placed')], older: '11', total: 2 });
    const server = stubFetch({
      'GET /api/admin/audit': answer,
      'GET /api/admin/audit/actions': { actions: [] },
    });
    const user = userEvent.setup();
    renderWithProviders(<AuditLogScreen />, { route: '/admin/audit' });
    const nav = await screen.findByRole('navigation', { name: 'Audit log pages' });
    expect(within(nav).getByText('2 matching entries')).toBeTruthy();
    await user.click(within(nav).getByRole('button', { name: 'Older' }));
    expect((await screen.findAllByText('Hold lifted')).length).toBeGreaterThan(0);
    expect(within(nav).getByRole<HTMLButtonElement>('button', { name: 'Older' }).disabled).toBe(true);
    expect(server.to('GET', '/api/admin/audit').map((request) => request.query.get('olderThan'))).toEqual([null, '11']);
  });
});
