import { type StaffBillPayment, type StaffBillPaymentPage, messages } from '@mutual/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiError, stubFetch, type StubRequest } from '../../test/fetch-stub';
import { fixtureFactory } from '../../test/fixtures';
import { pressEnter } from '../../test/keyboard';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { PaymentOperations } from './payment-operations';

const LIST = 'GET /api/admin/bill-pay/payments';
const TODAY = '2026-03-04';
const m = messages.billPay;

const sentPayment = fixtureFactory<StaffBillPayment>({
  id: '0b7f9a52-5c1e-4a8e-9d3b-000000000001',
  status: 'sent',
  payee: {
    id: '6f1d3c2a-1b2c-4d5e-8f90-1234567890ab',
    nickname: 'Home power',
    billerName: 'City Electric',
    accountNumberMasked: '••••6789',
  },
  fromAccount: 'Checking',
  amount: '84.20',
  payOn: TODAY,
  memo: '',
  holdsOn: '2026-02-03',
  held: false,
  cancelUntil: null,
  confirmationNumber: 'BP-7Q4K2M',
  series: { id: '9c3e5d7f-2a4b-4c6d-8e0f-000000000009', frequency: 'monthly', occurrence: 2 },
  createdAt: '2026-02-03T15:00:00.000Z',
  sentAt: '2026-03-04T20:00:00.000Z',
  cancelledAt: null,
  returnedAt: null,
  reason: null,
  member: { id: 'member-1', name: 'Alex Member', email: 'alex@example.com' },
  biller: { id: 'city-electric', name: 'City Electric', delivery: 'electronic' },
  returnNote: null,
});

function pageOf(payments: StaffBillPayment[], overrides: Partial<StaffBillPaymentPage> = {}): StaffBillPaymentPage {
  return {
    payments,
    total: payments.length,
    page: 1,
    pageSize: 25,
    today: TODAY,
    counts: { due: 0, scheduled: 0, sent: payments.length, returned: 0 },
    ...overrides,
  };
}

/** The page with a probe showing the address, on `route`; `list` answers the Bill Pay reads. */
function renderPage(
  route: string,
  list: StaffBillPaymentPage | ((request: StubRequest) => StaffBillPaymentPage | Promise<StaffBillPaymentPage>),
) {
  const stub = stubFetch({
    [LIST]: list,
    'GET /api/admin/payment-orders': {
      orders: [],
      total: 0,
      page: 1,
      pageSize: 20,
      counts: { pending: 0, settled: 0, returned: 0, expired: 0 },
      achToExport: 0,
    },
    'GET /api/admin/payment-orders/ach-exports': { exports: [] },
  });
  renderWithProviders(
    <>
      <PaymentOperations />
      <LocationProbe name="probe" />
    </>,
    { route },
  );
  const listQueries = () => stub.to('GET', '/api/admin/bill-pay/payments').map((request) => request.query.toString());
  return { stub, listQueries, address: () => screen.getByTestId('location').textContent };
}

const billPanel = () => screen.findByRole('tabpanel', { name: /^(Due today|Sent|Returned) \(/ });

describe('Payment Operations → Bill Pay', () => {
  it('switches between Transfers and Bill Pay in the address, with distinct tab lists', async () => {
    const user = userEvent.setup();
    const { address, listQueries } = renderPage('/admin/payments?status=settled', pageOf([]));
    screen.getByRole('tablist', { name: 'Payment Operations sections' });
    screen.getByRole('tablist', { name: 'Payments by status' });
    expect(listQueries()).toEqual([]);

    await user.click(screen.getByRole('tab', { name: 'Bill Pay' }));
    await screen.findByText('No bill payments are due today.');
    expect(address()).toBe('/admin/payments?tab=bill-pay');
    expect(screen.getByRole('tablist', { name: 'Bill payments by status' })).toBeTruthy();
    expect(screen.queryByRole('tablist', { name: 'Payments by status' })).toBeNull();
    expect(listQueries()).toEqual(['view=due&page=1']);

    // Back to Transfers: its own default address, as before Bill Pay existed.
    await user.click(screen.getByRole('tab', { name: 'Transfers' }));
    await screen.findByText('No payments are waiting. You are all caught up.');
    expect(address()).toBe('/admin/payments');
  });

  it('asks for each view (and the Sent day) and keeps it in the address, with the counts on the tabs', async () => {
    const user = userEvent.setup();
    const { address, listQueries } = renderPage('/admin/payments?tab=bill-pay', (request) =>
      pageOf([], { counts: { due: 3, scheduled: 2, sent: 0, returned: 1 }, page: Number(request.query.get('page')) }),
    );
    await screen.findByRole('tab', { name: 'Due today (3)' });
    screen.getByRole('tab', { name: 'Sent (0)' });

    // Payments after today: what a member calling about next week's payment asks after.
    await user.click(screen.getByRole('tab', { name: 'Scheduled (2)' }));
    await screen.findByText('No bill payments are scheduled after today.');
    expect(address()).toBe('/admin/payments?tab=bill-pay&view=scheduled');

    await user.click(screen.getByRole('tab', { name: 'Returned (1)' }));
    await screen.findByText('No returned bill payments.');
    expect(address()).toBe('/admin/payments?tab=bill-pay&view=returned');

    await user.click(screen.getByRole('tab', { name: 'Sent (0)' }));
    const day = await screen.findByLabelText<HTMLInputElement>('Sent on');
    expect(day.value).toBe(TODAY);
    expect(day.max).toBe(TODAY);
    expect(address()).toBe('/admin/payments?tab=bill-pay&view=sent');

    // happy-dom's date input takes no typing; the picker sets the whole value at once, as here.
    fireEvent.change(day, { target: { value: '2026-03-02' } });
    await waitFor(() => expect(address()).toBe('/admin/payments?tab=bill-pay&view=sent&date=2026-03-02'));
    await waitFor(() => expect(listQueries()).toContain('view=sent&date=2026-03-02&page=1'));
    expect(listQueries().slice(0, 4)).toEqual([
      'view=due&page=1',
      'view=scheduled&page=1',
      'view=returned&page=1',
      'view=sent&page=1',
    ]);
  });

  it('shows another tab loading, never the last tab’s payments under its name, and keeps the tab counts', async () => {
    const user = userEvent.setup();
    const counts = { due: 0, scheduled: 0, sent: 1, returned: 1 };
    let answerReturned: () => void = () => undefined;
    const returnedRead = new Promise<void>((resolve) => (answerReturned = resolve));
    renderPage('/admin/payments?tab=bill-pay&view=sent', async (request) => {
      if (request.query.get('view') !== 'returned') return pageOf([sentPayment()], { counts });
      await returnedRead;
      return pageOf(
        [sentPayment({ status: 'returned', confirmationNumber: 'BP-RETURNED', reason: 'Account closed' })],
        {
          counts,
        },
      );
    });
    await within(await billPanel()).findByRole('table', { name: /^Bill payments sent on/ });
    expect(screen.getAllByText('BP-7Q4K2M').length).toBeGreaterThan(0);

    await user.click(screen.getByRole('tab', { name: 'Returned (1)' }));
    const returned = await screen.findByRole('tabpanel', { name: 'Returned (1)' });
    await within(returned).findByText('Loading bill payments…');
    expect(within(returned).queryByText('BP-7Q4K2M'), 'the Sent payment is not shown as returned').toBeNull();
    screen.getByRole('tab', { name: 'Sent (1)' });

    answerReturned();
    expect((await within(returned).findAllByText('Account closed')).length).toBeGreaterThan(0);
    expect(within(returned).queryByText('BP-7Q4K2M')).toBeNull();
  });

  it('shows each payment with its member, biller, delivery, masked account, series and confirmation', async () => {
    renderPage('/admin/payments?tab=bill-pay&view=sent', pageOf([sentPayment()]));
    const panel = await billPanel();
    const row = (await within(panel).findAllByTestId('bill-payment')).find((e) => e.tagName === 'TR') as HTMLElement;
    const text = row.textContent ?? '';
    for (const part of [
      'Alex Member',
      'alex@example.com',
      'Home power (City Electric)',
      'Electronic',
      '••••6789',
      '$84.20',
      'from Checking',
      'Mar 4, 2026',
      'Sent',
      'Monthly, payment 2',
      'BP-7Q4K2M',
    ])
      expect(text).toContain(part);
    expect(
      within(row).getByRole('button', { name: 'Return $84.20 to Home power (City Electric), confirmation BP-7Q4K2M' }),
    ).toBeTruthy();
  });

  it('returns a payment with the chosen reason and note, and shows the API’s message', async () => {
    const user = userEvent.setup();
    const { stub, listQueries } = renderPage('/admin/payments?tab=bill-pay&view=sent', pageOf([sentPayment()]));
    const message = m.returned('$84.20', 'Home power', 'The biller could not match the account number');
    stub.on('POST /api/admin/bill-pay/payments/0b7f9a52-5c1e-4a8e-9d3b-000000000001/return', {
      message,
      payment: sentPayment({ status: 'returned' }),
    });
    const panel = await billPanel();
    const row = (await within(panel).findAllByTestId('bill-payment')).find((e) => e.tagName === 'TR') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Return / }));

    const dialog = await screen.findByRole('dialog', { name: 'Return payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Return payment' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(messages.paymentOps.returnCodeRequired);
    expect(stub.to('POST', '/api/admin/bill-pay/payments/0b7f9a52-5c1e-4a8e-9d3b-000000000001/return')).toEqual([]);

    await user.selectOptions(within(dialog).getByLabelText('Return reason'), 'ACCOUNT_NOT_FOUND');
    await user.type(
      within(dialog).getByLabelText(/^Note to the member/),
      'Please check{Enter}the number on your bill.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Return payment' }));

    expect((await screen.findByTestId('admin-flash')).textContent).toContain(message);
    const [sent] = stub.to('POST', '/api/admin/bill-pay/payments/0b7f9a52-5c1e-4a8e-9d3b-000000000001/return');
    expect(sent?.body).toEqual({ code: 'ACCOUNT_NOT_FOUND', note: 'Please check\nthe number on your bill.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The list and its counts are read again.
    await waitFor(() => expect(listQueries()).toHaveLength(2));
  });

  it('keeps a payment returned since in its day’s Sent list, without a Return button', async () => {
    const returned = sentPayment({
      id: '0b7f9a52-5c1e-4a8e-9d3b-000000000002',
      status: 'returned',
      reason: 'The biller could not match the account number',
    });
    renderPage('/admin/payments?tab=bill-pay&view=sent', pageOf([sentPayment(), returned]));
    const panel = await billPanel();
    const rows = (await within(panel).findAllByTestId('bill-payment')).filter((e) => e.tagName === 'TR');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).queryAllByRole('button', { name: /^Return / })).toHaveLength(1);
    expect(within(rows[1] as HTMLElement).queryAllByRole('button', { name: /^Return / })).toHaveLength(0);
  });

  it('a keyboard user who returns the last Return of the list lands on the one before it', async () => {
    const first = sentPayment({ id: '0b7f9a52-5c1e-4a8e-9d3b-000000000003', confirmationNumber: 'BP-FIRST1' });
    let last = sentPayment();
    const user = userEvent.setup();
    const { stub } = renderPage('/admin/payments?tab=bill-pay&view=sent', () => pageOf([first, last]));
    stub.on('POST /api/admin/bill-pay/payments/0b7f9a52-5c1e-4a8e-9d3b-000000000001/return', () => {
      last = sentPayment({ status: 'returned', reason: 'The biller could not match the account number' });
      return { message: 'Returned.', payment: last };
    });
    const panel = await billPanel();
    /** The table's button (the phone cards are in the page too, hidden by CSS). */
    const tableButton = async (name: RegExp) =>
      (await within(panel).findAllByRole('button', { name })).find((button) => button.closest('tr')) as HTMLElement;

    await pressEnter(user, await tableButton(/confirmation BP-7Q4K2M$/));
    const dialog = await screen.findByRole('dialog', { name: 'Return payment' });
    await user.selectOptions(within(dialog).getByLabelText('Return reason'), 'ACCOUNT_NOT_FOUND');
    await pressEnter(user, within(dialog).getByRole('button', { name: 'Return payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The payment stays in its day's list, its Return button gone: the focus is on the Return before it.
    await waitFor(() =>
      expect(within(panel).queryAllByRole('button', { name: /confirmation BP-7Q4K2M$/ })).toEqual([]),
    );
    const previous = await tableButton(/confirmation BP-FIRST1$/);
    await waitFor(() => expect(document.activeElement).toBe(previous));
  });

  it('a 409 (already returned) shows the conflict and refreshes the list', async () => {
    const user = userEvent.setup();
    const { stub, listQueries } = renderPage('/admin/payments?tab=bill-pay&view=sent', pageOf([sentPayment()]));
    stub.on(
      'POST /api/admin/bill-pay/payments/0b7f9a52-5c1e-4a8e-9d3b-000000000001/return',
      apiError(409, 'CONFLICT', m.notReturnable),
    );
    const panel = await billPanel();
    const row = (await within(panel).findAllByTestId('bill-payment')).find((e) => e.tagName === 'TR') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Return / }));
    const dialog = await screen.findByRole('dialog', { name: 'Return payment' });
    await user.selectOptions(within(dialog).getByLabelText('Return reason'), 'DUPLICATE');
    await user.click(within(dialog).getByRole('button', { name: 'Return payment' }));

    expect((await screen.findByTestId('admin-flash')).textContent).toContain(m.notReturnable);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(listQueries()).toHaveLength(2));
  });

  it('offers the chosen day’s CSV and NACHA files as download links carrying the date', async () => {
    renderPage(
      '/admin/payments?tab=bill-pay&view=sent&date=2026-03-02',
      pageOf([sentPayment(), sentPayment({ id: 'b2', biller: { id: 'w', name: 'Metro Water', delivery: 'check' } })]),
    );
    const csv = await screen.findByRole('link', { name: 'Export CSV' });
    expect(csv.getAttribute('href')).toBe('/api/admin/bill-pay/export.csv?date=2026-03-02');
    expect(csv.hasAttribute('download')).toBe(true);
    const nacha = screen.getByRole('link', { name: 'Export NACHA (CCD)' });
    expect(nacha.getAttribute('href')).toBe('/api/admin/bill-pay/export.ach?date=2026-03-02');
    expect(screen.getByTestId('bill-export-note').textContent).toContain(
      '2 payments were sent on Monday, March 2, 2026.',
    );
  });

  it('after a download, lists the payments the file left out in the server’s words; a new day clears it', async () => {
    onTestFinished(() => {
      vi.restoreAllMocks();
    });
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:saved');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (this.href.startsWith('blob:')) saved.push(this.download);
    });
    const left = [
      `BP-9K2M4Q ($10.00 to FastNet Internet, account (unreadable)): ${m.skipUnreadable}`,
      `BP-3T7W8Z ($20.00 to Horizon Mobile, account (unreadable)): ${m.skipUnreadable}`,
    ];
    const { stub } = renderPage('/admin/payments?tab=bill-pay&view=sent&date=2026-03-02', pageOf([sentPayment()]));
    const file = (name: string, skipped: string[]) => () =>
      new Response('file', {
        headers: {
          'content-disposition': `attachment; filename="${name}"`,
          ...(skipped.length > 0 && { 'x-skipped-payments': encodeURIComponent(skipped.join(' | ')) }),
        },
      });
    stub.on('GET /api/admin/bill-pay/export.csv', file('bill-payments-2026-03-02.csv', left));
    stub.on('GET /api/admin/bill-pay/export.ach', file('BILLPAY-20260302.ach', left.slice(1)));

    await userEvent.click(await screen.findByRole('link', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toEqual(['bill-payments-2026-03-02.csv']));
    const list = await screen.findByRole('list', { name: 'Payments left out of the CSV' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(left);
    expect(screen.getByText('2 payments were left out of the CSV:').closest('[role="status"]')).toBeTruthy();

    // The NACHA file's own list replaces it.
    await userEvent.click(screen.getByRole('link', { name: 'Export NACHA (CCD)' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    const nacha = await screen.findByRole('list', { name: 'Payments left out of the NACHA file' });
    expect(
      within(nacha)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([left[1]]);
    expect(screen.getByText('1 payment was left out of the NACHA file:')).toBeTruthy();

    // Another day: nothing said about this day's files.
    fireEvent.change(screen.getByLabelText('Sent on'), { target: { value: '2026-03-03' } });
    await waitFor(() => expect(screen.queryByRole('list', { name: /^Payments left out/ })).toBeNull());
  });

  it('a day with only check billers has no NACHA file to offer, but the CSV', async () => {
    renderPage(
      '/admin/payments?tab=bill-pay&view=sent',
      pageOf([sentPayment({ biller: { id: 'w', name: 'Metro Water', delivery: 'check' } })]),
    );
    await screen.findByRole('link', { name: 'Export CSV' });
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export NACHA (CCD)' }).disabled).toBe(true);
  });

  it('with nothing sent that day: the exports are disabled and say why; the list says so, once', async () => {
    renderPage('/admin/payments?tab=bill-pay&view=sent&date=2026-03-02', pageOf([]));
    const nothing = m.nothingToExport('Monday, March 2, 2026');
    await waitFor(() =>
      expect(screen.getByTestId('bill-export-note').textContent).toBe('Nothing to export for this day.'),
    );
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export CSV' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Export NACHA (CCD)' }).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: /^Export/ })).toBeNull();
    expect(within(await billPanel()).getAllByText(nothing)).toHaveLength(1);
  });

  it('shows a returned payment’s reason and the note the member was given', async () => {
    const returned = sentPayment({
      status: 'returned',
      returnedAt: '2026-03-05T15:30:00.000Z',
      reason: 'The account at the biller is closed',
      returnNote: 'Your account with City Electric was closed in February.',
    });
    renderPage(
      '/admin/payments?tab=bill-pay&view=returned',
      pageOf([returned], { counts: { due: 0, scheduled: 0, sent: 0, returned: 1 } }),
    );
    const panel = await billPanel();
    const row = (await within(panel).findAllByTestId('bill-payment')).find((e) => e.tagName === 'TR') as HTMLElement;
    expect(within(row).getByText('The account at the biller is closed')).toBeTruthy();
    expect(within(row).getByTestId('bill-return-note').textContent).toBe(
      'Note to the member: Your account with City Electric was closed in February.',
    );
    expect(within(row).queryByRole('button', { name: /^Return / })).toBeNull();
  });

  it('pages a long list with numbered links that keep the tab, view and day', async () => {
    const payments = Array.from({ length: 25 }, (_, index) => sentPayment({ id: `p-${index}` }));
    renderPage(
      '/admin/payments?tab=bill-pay&view=sent&date=2026-03-02',
      pageOf(payments, { total: 30, counts: { due: 0, scheduled: 0, sent: 30, returned: 0 } }),
    );
    const pager = await screen.findByRole('navigation', { name: 'Bill payment pages' });
    expect(pager.textContent).toContain('Showing 1–25 of 30');
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe(
      '/admin/payments?tab=bill-pay&view=sent&date=2026-03-02&page=2',
    );
  });
});
