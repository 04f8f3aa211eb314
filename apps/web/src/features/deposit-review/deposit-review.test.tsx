import type { StaffDeposit } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubAnswer, type StubRoutes } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { DepositReview } from './deposit-review';
import { acceptedDeposit, depositDetail, depositId, depositPage, staffDeposit } from './fixtures';
import { factOf, textsOf } from '../../test/queries';

const LIST = 'GET /api/admin/deposits';
const detailRoute = (id: string) => `GET /api/admin/deposits/${id}`;

function renderScreen(routes: StubRoutes, route = '/admin/deposits') {
  const stub = stubFetch(routes);
  renderWithProviders(<DepositReview />, { route });
  return stub;
}

/** The screen opened on `deposit`, its detail answering `detail`, with nothing in the queue. */
function renderDetail(deposit: StaffDeposit, detail: StubAnswer = depositDetail(deposit)) {
  return renderScreen(
    { [LIST]: depositPage([]), [detailRoute(deposit.id)]: detail },
    `/admin/deposits?deposit=${deposit.id}`,
  );
}

/** The table rows of the list (the phone cards carry the same test id). */
async function tableRows() {
  const panel = await screen.findByRole('tabpanel');
  const rows = await within(panel).findAllByTestId('staff-deposit');
  return rows.filter((row) => row.tagName === 'TR');
}

const flagged = staffDeposit({
  id: depositId(1),
  submittedAt: '2026-03-02T14:00:00.000Z',
  member: { id: depositId(70), name: 'Olive Oldest', email: 'olive@example.com', memberSince: '2026-02-20' },
  flags: [
    { kind: 'duplicate_image', label: 'Same image as a deposit on Mar 1', depositId: depositId(9) },
    { kind: 'new_member', label: 'Member for fewer than 30 days', depositId: null },
  ],
});
const plain = staffDeposit({
  id: depositId(2),
  amount: '75.10',
  submittedAt: '2026-03-04T15:30:00.000Z',
  member: { id: depositId(71), name: 'Nina Newer', email: 'nina@example.com', memberSince: '2024-01-15' },
});

describe('Deposit Review: the queue', () => {
  it('names each tab by its status and count, the queue selected', async () => {
    renderScreen({
      [LIST]: depositPage([flagged, plain], { counts: { pending_review: 2, accepted: 14, rejected: 3, returned: 1 } }),
    });
    await tableRows();
    const tabs = screen.getByRole('tablist', { name: 'Deposits by status' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Pending Review2 (2)', 'Accepted14 (14)', 'Rejected3 (3)', 'Returned1 (1)']);
    expect(screen.getByRole('tab', { name: 'Pending Review (2)' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('heading', { level: 1, name: 'Deposit Review' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Admin Dashboard' }).getAttribute('href')).toBe('/admin');
  });

  it('lists the deposits in the order the server gives (oldest first) with their facts and flag labels', async () => {
    const stub = renderScreen({ [LIST]: depositPage([flagged, plain]) });
    const rows = await tableRows();
    expect(stub.to('GET', '/api/admin/deposits')[0]?.query.get('status')).toBe('pending_review');
    expect(rows.map((row) => row.getAttribute('data-deposit-id'))).toEqual([flagged.id, plain.id]);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    // 14:00 UTC is 8:00 AM in Chicago, the credit union's zone.
    expect(within(first).getByText('Mar 2, 2026, 8:00 AM')).toBeTruthy();
    expect(within(first).getByText('Olive Oldest')).toBeTruthy();
    expect(first.textContent).toContain('olive@example.com');
    expect(within(first).getByText('Checking ••••4821')).toBeTruthy();
    expect(within(first).getByText('$1,250.00')).toBeTruthy();
    const flags = within(first).getByRole('list', { name: 'Flags' });
    expect(
      within(flags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Same image as a deposit on Mar 1', 'Member for fewer than 30 days']);
    expect(within(second).getByText('$75.10')).toBeTruthy();
    expect(within(second).queryByRole('list', { name: 'Flags' })).toBeNull();
  });

  it('asks for another status by its tab', async () => {
    const user = userEvent.setup();
    const stub = renderScreen({
      [LIST]: (request) =>
        request.query.get('status') === 'accepted'
          ? depositPage([staffDeposit({ id: depositId(5), status: 'accepted', amount: '42.00' })], {
              counts: { pending_review: 2, accepted: 1, rejected: 0, returned: 0 },
            })
          : depositPage([flagged, plain]),
    });
    await tableRows();
    await user.click(screen.getByRole('tab', { name: /^Accepted/ }));
    await waitFor(async () => expect((await tableRows())[0]?.textContent).toContain('$42.00'));
    expect(stub.to('GET', '/api/admin/deposits').map((request) => request.query.get('status'))).toContain('accepted');
  });

  it('under Accepted, a deposit whose money staff reversed says "Reversed" in its row and its card', async () => {
    const user = userEvent.setup();
    const reversed = acceptedDeposit({ id: depositId(6), reversedAt: '2026-03-07T16:00:00.000Z' });
    const standing = acceptedDeposit({ id: depositId(7), amount: '42.00' });
    renderScreen({
      [LIST]: (request) =>
        request.query.get('status') === 'accepted'
          ? depositPage([reversed, standing], { counts: { pending_review: 0, accepted: 2, rejected: 0, returned: 0 } })
          : depositPage([]),
    });
    await user.click(await screen.findByRole('tab', { name: /^Accepted/ }));
    const panel = await screen.findByRole('tabpanel');
    await waitFor(() => expect(within(panel).getAllByTestId('staff-deposit')).toHaveLength(4));
    const byId = (id: string) =>
      within(panel)
        .getAllByTestId('staff-deposit')
        .filter((row) => row.dataset.depositId === id);
    for (const place of byId(reversed.id)) expect(within(place).getByText('Reversed')).toBeTruthy();
    for (const place of byId(standing.id)) expect(within(place).queryByText('Reversed')).toBeNull();
  });

  it('says so when nothing is waiting', async () => {
    renderScreen({ [LIST]: depositPage([]) });
    expect(await screen.findByText('No deposits are waiting for review.')).toBeTruthy();
  });

  it('shows a failed read with Try again, which asks again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    renderScreen({
      [LIST]: () => {
        calls += 1;
        return calls === 1 ? apiError(503, 'UNAVAILABLE', 'Service temporarily unavailable.') : depositPage([plain]);
      },
    });
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await tableRows()).map((row) => row.getAttribute('data-deposit-id'))).toEqual([plain.id]);
  });
});

describe('Deposit Review: one deposit', () => {
  it('opens when chosen: both sides of the check, each zoomed and turned on its own', async () => {
    const user = userEvent.setup();
    renderScreen({ [LIST]: depositPage([flagged, plain]), [detailRoute(plain.id)]: depositDetail(plain) });
    const rows = await tableRows();
    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: /Nina Newer/ }));

    const detail = await screen.findByTestId('deposit-detail');
    expect(within(detail).getByRole('heading', { level: 2, name: '$75.10 from Nina Newer' })).toBeTruthy();
    const front = within(detail).getByRole<HTMLImageElement>('img', { name: 'Front of the check' });
    const back = within(detail).getByRole<HTMLImageElement>('img', { name: 'Back of the check' });
    expect(front.getAttribute('src')).toBe(plain.frontImageUrl);
    expect(back.getAttribute('src')).toBe(plain.backImageUrl);
    expect(front.style.transform).toBe('rotate(0deg) scale(1)');

    const zoomOut = within(detail).getByRole<HTMLButtonElement>('button', { name: 'Zoom out on front' });
    expect(zoomOut.disabled).toBe(true);
    await user.click(within(detail).getByRole('button', { name: 'Zoom in on front' }));
    expect(front.style.transform).toBe('rotate(0deg) scale(1.5)');
    expect(zoomOut.disabled).toBe(false);
    await user.click(within(detail).getByRole('button', { name: 'Rotate front' }));
    // Turned a quarter, the image is shrunk to stay inside its 16:9 frame.
    expect(front.style.transform).toBe('rotate(90deg) scale(0.8438)');
    await user.click(zoomOut);
    expect(front.style.transform).toBe('rotate(90deg) scale(0.5625)');
    expect(back.style.transform).toBe('rotate(0deg) scale(1)');

    await user.click(within(detail).getByRole('button', { name: 'Rotate back' }));
    await user.click(within(detail).getByRole('button', { name: 'Rotate back' }));
    expect(back.style.transform).toBe('rotate(180deg) scale(1)');
    await user.click(within(detail).getByRole('button', { name: 'Zoom in on back' }));
    expect(back.style.transform).toBe('rotate(180deg) scale(1.5)');

    const fullSize = within(detail).getByRole('link', { name: /^Open back Full size/ });
    expect(fullSize.getAttribute('href')).toBe(plain.backImageUrl);
    expect(fullSize.getAttribute('target')).toBe('_blank');
  });

  it('shows the facts, the flags (one opens the other deposit), the member, what is usual, the history', async () => {
    const user = userEvent.setup();
    const other = acceptedDeposit({ id: depositId(9), amount: '1250.00' });
    renderScreen(
      {
        [LIST]: depositPage([flagged, plain]),
        [detailRoute(flagged.id)]: depositDetail(flagged, { usual: { count: 3, average: '412.50' } }),
        [detailRoute(other.id)]: depositDetail(other),
      },
      `/admin/deposits?deposit=${flagged.id}`,
    );
    const detail = await screen.findByTestId('deposit-detail');
    const facts = within(detail).getByRole('region', { name: 'Deposit' });
    expect(factOf(facts, 'Check number')).toBe('1042');
    expect(factOf(facts, 'Submitted')).toBe('Mar 2, 2026, 8:00 AM');
    expect(factOf(facts, 'Status')).toBe('Pending Review');

    const member = within(detail).getByRole('region', { name: 'Member' });
    expect(factOf(member, 'Member since')).toBe('Feb 20, 2026');
    expect(factOf(member, 'Usual')).toBe('3 accepted deposits, average $412.50');
    const history = within(member).getByRole('table', { name: 'Olive Oldest’s other deposits' });
    const historyRow = within(history).getByTestId('deposit-history-row');
    expect(textsOf(historyRow, 'cell')).toEqual(['Feb 10, 2026', '$120.00', 'Accepted']);

    const flags = within(detail).getByRole('region', { name: 'Flags' });
    expect(within(flags).getByText('Same image as a deposit on Mar 1')).toBeTruthy();
    expect(within(flags).getByText('Member for fewer than 30 days')).toBeTruthy();
    await user.click(within(flags).getByRole('link', { name: /Open the other deposit/ }));
    expect(await screen.findByRole('heading', { level: 2, name: '$1,250.00 from Alex Member' })).toBeTruthy();
    expect(within(screen.getByTestId('deposit-detail')).getByText('Accepted', { selector: 'dd span' })).toBeTruthy();
  });

  it('an accepted deposit shows its reviewer and availability schedule, and offers only Return item', async () => {
    renderDetail(acceptedDeposit());
    const detail = await screen.findByTestId('deposit-detail');
    const facts = within(detail).getByRole('region', { name: 'Deposit' });
    expect(factOf(facts, 'Reviewed')).toBe('Mar 4, 2026, 10:00 AM by ops@example.com');
    expect(factOf(facts, 'Availability')).toBe('$275.00 on Mar 5, 2026 (available)$975.00 on Mar 6, 2026 (on hold)');
    expect(within(detail).getByRole('button', { name: 'Return item' })).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Reject' })).toBeNull();
  });

  it('an accepted deposit whose money staff reversed says so, and cannot be returned as well', async () => {
    renderDetail(
      acceptedDeposit({
        availability: [],
        reversedAt: '2026-03-07T16:00:00.000Z',
        reversedBy: 'ops@example.com',
        reversalReason: 'Deposited twice',
      }),
    );
    const detail = await screen.findByTestId('deposit-detail');
    const facts = within(detail).getByRole('region', { name: 'Deposit' });
    expect(factOf(facts, 'Reversed by staff')).toBe('Mar 7, 2026, 10:00 AM by ops@example.com');
    expect(factOf(facts, 'Reversal reason')).toBe('Deposited twice');
    expect(factOf(facts, 'Status')).toBe('Reversed');
    for (const name of ['Approve', 'Reject', 'Return item'])
      expect(within(detail).queryByRole('button', { name })).toBeNull();
  });

  it('a rejected or returned deposit offers no decisions, and says why and what is owed', async () => {
    const returned = staffDeposit({
      status: 'returned',
      returnedAt: '2026-03-09T15:00:00.000Z',
      returnedBy: 'ops@example.com',
      returnReason: 'Payment was stopped by the check writer',
      amountOwed: '310.25',
    });
    renderDetail(returned);
    const detail = await screen.findByTestId('deposit-detail');
    for (const name of ['Approve', 'Reject', 'Return item'])
      expect(within(detail).queryByRole('button', { name })).toBeNull();
    const facts = within(detail).getByRole('region', { name: 'Deposit' });
    expect(factOf(facts, 'Return reason')).toBe('Payment was stopped by the check writer');
    expect(factOf(facts, 'Amount owed')).toBe('$310.25');
  });

  it('a deposit that cannot be read says why, with Try again', async () => {
    renderDetail(plain, apiError(404, 'NOT_FOUND', 'Deposit not found'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Deposit not found');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
