import type { PaymentOrder, PaymentOrderPage } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { PaymentOperations } from './payment-operations';

const PAGE_SIZE = 20;

/** The Transfers section's status panel (inside the page's Transfers / Bill Pay panel). */
const statusPanel = () => screen.findByRole('tabpanel', { name: /^(Pending|Settled|Returned|Expired) \(/ });

function order(index: number): PaymentOrder {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    rail: 'ach',
    status: 'pending',
    amount: '25.00',
    member: { id: 'member-1', name: 'Paula Payer', email: 'paula@example.com' },
    fromAccount: 'Checking',
    beneficiary: {
      name: `Payee ${index}`,
      bankName: 'TD Bank',
      routingNumber: '031101266',
      accountNumberMasked: '••3356',
      swiftCode: null,
      ibanMasked: null,
      country: null,
      currency: null,
    },
    reference: null,
    createdAt: '2026-03-04T12:00:00.000Z',
    ageMinutes: 12,
    expiresAt: null,
    exported: null,
    resolvedAt: null,
    resolvedBy: null,
    returnCode: null,
    returnReason: null,
    returnNote: null,
  };
}

/** The queue on page `page` of `total` pending payments, `shown` of them on this page. */
async function renderQueue(page: number, total: number, shown: number) {
  const answer: PaymentOrderPage = {
    orders: Array.from({ length: shown }, (_, index) => order((page - 1) * PAGE_SIZE + index + 1)),
    total,
    page,
    pageSize: PAGE_SIZE,
    counts: { pending: total, settled: 3, returned: 0, expired: 1 },
    achToExport: 0,
  };
  stubFetch({
    'GET /api/admin/payment-orders': answer,
    'GET /api/admin/payment-orders/ach-exports': { exports: [] },
  });
  renderWithProviders(<PaymentOperations />, { route: `/admin/payments?page=${page}` });
  const panel = await statusPanel();
  if (shown > 0) await within(panel).findAllByText('Payee ' + String((page - 1) * PAGE_SIZE + 1));
  else await within(panel).findByText('No payments are waiting. You are all caught up.');
  const link = (name: string) => within(panel).queryByRole('link', { name });
  /** A control that cannot be used is a disabled button, not a link. */
  const greyedOut = (name: string) => within(panel).getByRole<HTMLButtonElement>('button', { name }).disabled;
  const pager = () => within(panel).queryByRole('navigation', { name: 'Pages' });
  return { panel, link, greyedOut, pager, range: () => within(panel).getByTestId('history-range').textContent };
}

describe('Payment Operations: the queue’s pages ("Showing a–b of N")', () => {
  it('on the first page: "Previous" greyed out, "Next" leads to page 2', async () => {
    const { link, greyedOut, range } = await renderQueue(1, 45, 20);
    expect(range()).toBe('Showing 1–20 of 45');
    expect(link('Previous')).toBeNull();
    expect(greyedOut('Previous')).toBe(true);
    expect(link('Next')?.getAttribute('href')).toBe('/admin/payments?page=2');
  });

  it('in the middle: both ways open', async () => {
    const { link, range } = await renderQueue(2, 45, 20);
    expect(range()).toBe('Showing 21–40 of 45');
    // Page 1 is the default, left out of the address.
    expect(link('Previous')?.getAttribute('href')).not.toContain('page=');
    expect(link('Next')?.getAttribute('href')).toBe('/admin/payments?page=3');
  });

  it('on the last, partly filled page: "Next" greyed out', async () => {
    const { link, greyedOut, range } = await renderQueue(3, 45, 5);
    expect(range()).toBe('Showing 41–45 of 45');
    expect(link('Previous')?.getAttribute('href')).toBe('/admin/payments?page=2');
    expect(link('Next')).toBeNull();
    expect(greyedOut('Next')).toBe(true);
  });

  it('when the total is an exact number of pages, the last full page has no "Next"', async () => {
    const { link, greyedOut, range } = await renderQueue(2, 40, 20);
    expect(range()).toBe('Showing 21–40 of 40');
    expect(link('Next')).toBeNull();
    expect(greyedOut('Next')).toBe(true);
  });

  it('with nothing to show: the empty queue, and no way anywhere', async () => {
    const { link, pager } = await renderQueue(1, 0, 0);
    expect(pager()).toBeNull();
    expect(link('Previous')).toBeNull();
    expect(link('Next')).toBeNull();
  });

  it('a single page has no pager', async () => {
    const { pager } = await renderQueue(1, 7, 7);
    expect(pager()).toBeNull();
  });
});

describe('Payment Operations: tabs and rows', () => {
  it('names each tab by its status and count ("Pending (45)"), as staff and screen readers hear them', async () => {
    await renderQueue(1, 45, 20);
    const statuses = screen.getByRole('tablist', { name: 'Payments by status' });
    const badges = within(statuses)
      .getAllByRole('tab')
      .map((tab) => tab.querySelector('[aria-hidden="true"]')?.textContent);
    expect(badges).toEqual(['45', '3', '0', '1']);
    for (const name of ['Pending (45)', 'Settled (3)', 'Returned (0)', 'Expired (1)'])
      screen.getByRole('tab', { name });
    expect(screen.getByRole('tab', { name: /^Pending \(45\)$/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows each pending payment with its Settle and Return buttons', async () => {
    const { panel } = await renderQueue(3, 45, 5);
    const rows = within(panel)
      .getAllByTestId('payment-order')
      .filter((row) => row.tagName === 'TR');
    expect(rows).toHaveLength(5);
    expect(rows[0]?.getAttribute('data-order-id')).toBe(order(41).id);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /^Settle \$25\.00 to Payee 41/ })).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: /^Return \$25\.00 to Payee 41/ })).toBeTruthy();
  });

  it('returns a payment with the chosen reason and a note of two lines, and shows the API’s message', async () => {
    const user = userEvent.setup();
    const { panel } = await renderQueue(1, 1, 1);
    const returnPath = `/api/admin/payment-orders/${order(1).id}/return`;
    const stub = stubFetch({
      [`POST ${returnPath}`]: { message: 'Payment returned.', order: { ...order(1), status: 'returned' } },
      'GET /api/admin/payment-orders': {
        orders: [],
        total: 0,
        page: 1,
        pageSize: PAGE_SIZE,
        counts: {},
        achToExport: 0,
      },
      'GET /api/admin/payment-orders/ach-exports': { exports: [] },
    });
    const row = within(panel)
      .getAllByTestId('payment-order')
      .find((candidate) => candidate.tagName === 'TR') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Return \$25\.00 to Payee 1/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Return payment' });
    await user.click(within(dialog).getByRole('radio', { name: /^R03 · / }));
    await user.type(within(dialog).getByLabelText(/^Note to the member/), 'No such account.{Enter}Please check it.');
    await user.click(within(dialog).getByRole('button', { name: 'Return payment' }));
    expect((await screen.findByTestId('admin-flash')).textContent).toContain('Payment returned.');
    expect(stub.to('POST', returnPath).map((request) => request.body)).toEqual([
      { code: 'R03', note: 'No such account.\nPlease check it.' },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keyboard: settling a payment focuses the next one’s Settle; returning the last, the empty queue', async () => {
    let pending = [order(1), order(2)];
    const resolve = (index: number, status: 'settled' | 'returned') => () => {
      pending = pending.filter((candidate) => candidate.id !== order(index).id);
      return { message: `Payment ${status}.`, order: { ...order(index), status } };
    };
    stubFetch({
      'GET /api/admin/payment-orders': () => ({
        orders: pending,
        total: pending.length,
        page: 1,
        pageSize: PAGE_SIZE,
        counts: { pending: pending.length, settled: 0, returned: 0, expired: 0 },
        achToExport: 0,
      }),
      'GET /api/admin/payment-orders/ach-exports': { exports: [] },
      [`POST /api/admin/payment-orders/${order(1).id}/settle`]: resolve(1, 'settled'),
      [`POST /api/admin/payment-orders/${order(2).id}/return`]: resolve(2, 'returned'),
    });
    renderWithProviders(<PaymentOperations />, { route: '/admin/payments' });
    const panel = await statusPanel();
    const user = userEvent.setup();
    /** The table's button (the phone cards are in the page too, hidden by CSS). */
    const tableButton = async (name: RegExp) =>
      (await within(panel).findAllByRole('button', { name })).find((button) => button.closest('tr')) as HTMLElement;

    await pressEnter(user, await tableButton(/^Settle \$25\.00 to Payee 1/));
    const settle = await screen.findByRole('dialog', { name: 'Settle payment' });
    await pressEnter(user, within(settle).getByRole('button', { name: 'Settle payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(panel).queryAllByText('Payee 1')).toHaveLength(0));
    // The row went with its button: the focus is on the Settle of the payment that took its place.
    const next = await tableButton(/^Settle \$25\.00 to Payee 2/);
    await waitFor(() => expect(document.activeElement).toBe(next));

    await pressEnter(user, await tableButton(/^Return \$25\.00 to Payee 2/));
    const returning = await screen.findByRole('dialog', { name: 'Return payment' });
    await user.click(within(returning).getByRole('radio', { name: /^R03 · / }));
    await pressEnter(user, within(returning).getByRole('button', { name: 'Return payment' }));
    const empty = await within(panel).findByText('No payments are waiting. You are all caught up.');
    await waitFor(() => expect(document.activeElement).toBe(empty));
  });

  it('a keyboard user who exports the last waiting ACH payments lands on the ACH files heading', async () => {
    const file = {
      id: 'file-1',
      fileName: 'ACH-20260304-1.txt',
      secCode: 'WEB',
      entryCount: 2,
      totalAmount: '50.00',
      createdAt: '2026-03-04T12:00:00.000Z',
      createdBy: 'ops@example.com',
    };
    let waiting = 2;
    stubFetch({
      'GET /api/admin/payment-orders': () => ({
        orders: [],
        total: 0,
        page: 1,
        pageSize: PAGE_SIZE,
        counts: { pending: 0, settled: 0, returned: 0, expired: 0 },
        achToExport: waiting,
      }),
      'GET /api/admin/payment-orders/ach-exports': () => ({ exports: waiting ? [] : [file] }),
      'POST /api/admin/payment-orders/ach-export': () => {
        waiting = 0;
        return { message: 'ACH file created with 2 payments.', export: file, skipped: [] };
      },
    });
    renderWithProviders(<PaymentOperations />, { route: '/admin/payments' });
    await screen.findByText(/^2 ACH payments are waiting/);
    await pressEnter(userEvent.setup(), screen.getByRole('button', { name: 'Export ACH file (NACHA)' }));
    await screen.findByText('No ACH payments are waiting to be exported.');
    // Nothing is left to export, so the button is disabled: the focus is on its section.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'ACH files' })));
  });

  it('lets a member’s e-mail wrap before the "@", never mid-word', async () => {
    const { panel } = await renderQueue(1, 1, 1);
    const row = within(panel)
      .getAllByTestId('payment-order')
      .find((candidate) => candidate.tagName === 'TR') as HTMLElement;
    const email = within(row).getByText((_, element) => element?.textContent === 'paula@example.com', {
      selector: 'span',
    });
    // The only place a line may break inside the address (happy-dom lays nothing out to measure):
    // the domain stays whole, or a browser breaks it after a hyphen.
    expect(email.innerHTML).toBe('paula<wbr><span class="whitespace-nowrap">@example.com</span>');
    expect(email.className).not.toContain('break-all');
  });

  it('shows a returned payment’s reason, its note to the member, and times on the credit union’s clock', async () => {
    const returned: PaymentOrder = {
      ...order(7),
      status: 'returned',
      resolvedAt: '2026-03-04T15:30:00.000Z',
      resolvedBy: 'ops@example.com',
      returnCode: 'R03',
      returnReason: 'No account / unable to locate account',
      returnNote: 'The bank has no account with that number.',
    };
    stubFetch({
      'GET /api/admin/payment-orders': {
        orders: [returned],
        total: 1,
        page: 1,
        pageSize: PAGE_SIZE,
        counts: { pending: 0, settled: 0, returned: 1, expired: 0 },
        achToExport: 0,
      },
      'GET /api/admin/payment-orders/ach-exports': { exports: [] },
    });
    renderWithProviders(<PaymentOperations />, { route: '/admin/payments?status=returned' });
    const panel = await statusPanel();
    const row = (await within(panel).findAllByTestId('payment-order')).find(
      (element) => element.tagName === 'TR',
    ) as HTMLElement;
    expect(within(row).getByText('R03 · No account / unable to locate account')).toBeTruthy();
    expect(within(row).getByTestId('return-note').textContent).toBe(
      'Note to the member: The bank has no account with that number.',
    );
    // 15:30 UTC is 9:30 AM in Chicago (the test site's zone), whatever the machine's zone.
    expect(within(row).getByText('Mar 4, 2026, 9:30 AM')).toBeTruthy();
    expect(screen.getByText(/Times are the credit union’s \(America\/Chicago\)\./)).toBeTruthy();
  });
});
