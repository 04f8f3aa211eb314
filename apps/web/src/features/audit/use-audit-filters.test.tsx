import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useAuditFilters } from './use-audit-filters';

function renderFilters(route: string) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter>
  );
  return renderHook(() => useAuditFilters(), { wrapper }).result;
}

describe('The Audit Log filters in the address', () => {
  it('an action picked and a member applied before the page re-renders keeps both', () => {
    const filters = renderFilters('/admin/audit');
    act(() => {
      // Both from the same render, as a fast click on Apply after picking an action is.
      const { setFilters } = filters.current;
      setFilters({ action: 'account.balance_adjusted' });
      setFilters({ actor: '', member: 'jordan@example.com' });
    });
    expect(filters.current.filters).toEqual({
      action: 'account.balance_adjusted',
      member: 'jordan@example.com',
      actor: undefined,
      from: undefined,
      to: undefined,
    });
  });

  it('a new filter starts from the newest entries; a page keeps the filters; Clear takes them all off', () => {
    const filters = renderFilters('/admin/audit?action=hold.&olderThan=120');
    expect(filters.current.cursor).toEqual({ olderThan: '120' });
    act(() => filters.current.setFilters({ from: '2026-03-01' }));
    expect(filters.current.cursor).toBeNull();
    expect(filters.current.filters).toMatchObject({ action: 'hold.', from: '2026-03-01' });
    act(() => filters.current.goTo({ newerThan: '95' }));
    expect(filters.current.cursor).toEqual({ newerThan: '95' });
    expect(filters.current.filters).toMatchObject({ action: 'hold.', from: '2026-03-01' });
    act(() => filters.current.clear());
    expect(filters.current.filters).toEqual({
      action: undefined,
      member: undefined,
      actor: undefined,
      from: undefined,
      to: undefined,
    });
    expect(filters.current.cursor).toBeNull();
  });
});
