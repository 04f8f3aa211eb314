import type { AuditPage } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type StubRequest, apiError, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { AuditLogScreen } from './audit-log-screen';

const emptyPage: AuditPage = {
  entries: [],
  pageSize: 20,
  newer: null,
  older: null,
  total: 0,
  totalCapped: false,
  timeZone: 'America/Chicago',
};

function renderScreen(route = '/admin/audit') {
  const server = stubFetch({
    'GET /api/admin/audit': emptyPage,
    'GET /api/admin/audit/actions': { actions: [], families: [] },
  });
  renderWithProviders(<AuditLogScreen />, { route });
  const filters = screen.getByRole('search', { name: 'Filter the audit log' });
  const asked = () => server.to('GET', '/api/admin/audit').map((request: StubRequest) => request.query.toString());
  return { filters, asked, user: userEvent.setup() };
}

describe('Audit log filters', () => {
  it('the e-mail boxes apply with "Apply" or Enter, not at every key', async () => {
    const { filters, asked, user } = renderScreen();
    await screen.findByText("Dates and times are in the credit union's time zone (America/Chicago).");
    await user.type(within(filters).getByLabelText('Staff user'), ' staff@example.com ');
    expect(asked()).toEqual(['']);
    await user.click(within(filters).getByRole('button', { name: 'Apply' }));
    await screen.findByRole('button', { name: 'Clear filters' });
    await user.type(within(filters).getByLabelText('Member e-mail'), 'member@example.com{Enter}');
    await screen.findByDisplayValue('member@example.com');
    await vi.waitFor(() => expect(asked().at(-1)).toBe('actor=staff%40example.com&member=member%40example.com'));
  });

  it('dates apply at once, and "Clear filters" takes every filter off', async () => {
    const { filters, asked, user } = renderScreen('/admin/audit?actor=staff%40example.com');
    expect((within(filters).getByLabelText('Staff user') as HTMLInputElement).value).toBe('staff@example.com');
    const from = within(filters).getByLabelText('From date');
    await user.type(from, '2026-03-01');
    expect(within(filters).getByLabelText('To date').getAttribute('min')).toBe('2026-03-01');
    await vi.waitFor(() => expect(asked().at(-1)).toBe('actor=staff%40example.com&from=2026-03-01'));
    expect(screen.queryByText(/filters? applied/)).toBeNull();
    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect((within(filters).getByLabelText('Staff user') as HTMLInputElement).value).toBe('');
    expect(within(filters).queryByRole('button', { name: 'Clear filters' })).toBeNull();
    await vi.waitFor(() => expect(asked().at(-1)).toBe(''));
  });

  it('a refused filter shows its reason under the box', async () => {
    stubFetch({
      'GET /api/admin/audit': apiError(400, 'VALIDATION_FAILED', 'Check the filters', {
        member: 'No member has that e-mail',
      }),
      'GET /api/admin/audit/actions': { actions: [], families: [] },
    });
    renderWithProviders(<AuditLogScreen />, { route: '/admin/audit?member=nobody%40example.com' });
    const box = screen.getByLabelText('Member e-mail');
    expect((await screen.findAllByText('No member has that e-mail')).length).toBeGreaterThan(0);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(box.getAttribute('aria-describedby')).toBe('audit-member-error');
  });
});
