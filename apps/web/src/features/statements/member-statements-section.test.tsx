import { messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { checking } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { userDetail } from '../admin-users/test-fixtures';
import { UserDetailPanel } from '../admin-users/user-detail-panel';
import { MemberStatementsSection } from './member-statements-section';
import { savingsId, staffStatement } from './statements.fixtures';
import { findRowOf, textsOf } from '../../test/queries';

const listPath = '/api/admin/users/user-1/statements';
const october = staffStatement({ notifiedAt: '2026-11-01T11:05:00.000Z' });
const september = staffStatement({
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  accountId: savingsId,
  accountType: 'Savings',
  accountNumberLast4: '5678',
  period: '2026-09',
  label: 'September 2026',
  issuedAt: '2026-10-01T11:00:00.000Z',
  notifiedAt: null,
});
const noticePath = `${listPath}/${september.id}/notice`;
const member = userDetail({ accounts: [checking] });

function renderSection(routes = {}) {
  const onFlash = vi.fn();
  const server = stubFetch({ [`GET ${listPath}`]: { statements: [october, september] }, ...routes });
  renderWithProviders(<MemberStatementsSection user={member} onFlash={onFlash} />);
  return { server, onFlash };
}

const rowOf = async (label: string) =>
  findRowOf(await screen.findByRole('table', { name: 'Member statements, newest first' }), label);
const cellTexts = (row: HTMLElement) => textsOf(row, 'cell');

describe('Staff console: a member’s statements', () => {
  it('lists each statement with its account, when it was issued and when the member was told', async () => {
    renderSection();
    // 11:00 UTC is 5:00 AM in America/Chicago on Nov 1 (standard time) and 6:00 AM on Oct 1 (daylight time).
    expect(cellTexts(await rowOf('October 2026')).slice(0, 3)).toEqual([
      'Checking ••1234',
      'Nov 1, 2026, 5:00 AM',
      'Nov 1, 2026, 5:05 AM',
    ]);
    expect(cellTexts(await rowOf('September 2026')).slice(0, 3)).toEqual([
      'Savings ••5678',
      'Oct 1, 2026, 6:00 AM',
      'Not yet',
    ]);
  });

  it('downloads through the staff endpoint', async () => {
    renderSection();
    const row = await rowOf('September 2026');
    const link = within(row).getByRole('link', { name: 'Download September 2026, Savings ending in 5678' });
    expect(link.getAttribute('href')).toBe(`${listPath}/${september.id}`);
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('re-sends the notice, shows the server’s message and reads the list again', async () => {
    const { server, onFlash } = renderSection({
      [`POST ${noticePath}`]: { message: messages.statements.noticeResent },
    });
    const row = await rowOf('September 2026');
    await userEvent.click(
      within(row).getByRole('button', { name: 'Re-send notice: September 2026, Savings ending in 5678' }),
    );
    await waitFor(() => expect(onFlash).toHaveBeenCalledWith('success', messages.statements.noticeResent));
    expect(server.to('POST', noticePath)).toHaveLength(1);
    await waitFor(() => expect(server.to('GET', listPath)).toHaveLength(2));
  });

  it('shows a refusal as an error in the server’s words', async () => {
    const { onFlash } = renderSection({
      [`POST ${noticePath}`]: apiError(404, 'NOT_FOUND', messages.statements.statementNotFound),
    });
    const row = await rowOf('September 2026');
    await userEvent.click(within(row).getByRole('button', { name: /^Re-send notice: September 2026/ }));
    await waitFor(() => expect(onFlash).toHaveBeenCalledWith('error', messages.statements.statementNotFound));
  });

  it('says so when none has been issued', async () => {
    stubFetch({ [`GET ${listPath}`]: { statements: [] } });
    renderWithProviders(<MemberStatementsSection user={member} onFlash={vi.fn()} />);
    const section = screen.getByRole('region', { name: 'Statements' });
    expect(await within(section).findAllByText('No statements have been issued yet.')).not.toHaveLength(0);
  });

  it('is part of the member’s detail, and absent for an applicant with no account', async () => {
    stubFetch({
      'GET /api/admin/users/user-1': member,
      [`GET ${listPath}`]: { statements: [october] },
    });
    const { unmount } = renderWithProviders(<UserDetailPanel userId="user-1" showOtps={false} onFlash={vi.fn()} />);
    await screen.findByRole('heading', { level: 2, name: 'Paula Member' });
    const section = screen.getByRole('region', { name: 'Statements' });
    expect(await within(section).findByRole('rowheader', { name: 'October 2026' })).toBeTruthy();
    unmount();

    stubFetch({ 'GET /api/admin/users/user-1': userDetail() });
    renderWithProviders(<UserDetailPanel userId="user-1" showOtps={false} onFlash={vi.fn()} />);
    await screen.findByRole('heading', { level: 2, name: 'Paula Member' });
    expect(screen.queryByRole('region', { name: 'Statements' })).toBeNull();
  });
});
