import { billReturnReasons, messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRequest } from '../../test/fetch-stub';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { pageOf, paymentFixture, seriesFixture } from './bill-pay.fixtures';
import { PaymentHistory } from './payment-history';
import { RecurringPayments } from './recurring-payments';
import { UpcomingBills } from './upcoming-bills';

const m = messages.billPay;
const PAYMENTS = 'GET /api/bill-pay/payments';

const heldNow = paymentFixture();
/** The second payment of a monthly series: its money is held the business day before. */
const heldLater = paymentFixture({
  id: '0b7f9a52-5c1e-4a8e-9d3b-000000000002',
  payOn: '2026-04-10',
  holdsOn: '2026-04-09',
  held: false,
  cancelUntil: '2026-04-10T19:00:00.000Z',
  series: { id: seriesFixture().id, frequency: 'monthly', occurrence: 2 },
});
/** Past its cut-off: it can no longer be cancelled. */
const tooLate = paymentFixture({ id: '0b7f9a52-5c1e-4a8e-9d3b-000000000003', cancelUntil: null, payOn: '2026-03-05' });

const CANCEL = `/api/bill-pay/payments/${heldNow.id}/cancel`;
/** What "Cancel payment" on `heldNow` is told. */
const done = m.cancelled('$84.20', 'Home power', 'March 10, 2026');

/**
 * `heldNow` listed until it is cancelled, then an empty list — once `refreshed` settles, where a
 * test holds the refreshed list back.
 */
function stubCancel(refreshed: Promise<void> = Promise.resolve()) {
  const server = stubFetch({
    [PAYMENTS]: () => (server.to('POST', CANCEL).length ? refreshed.then(() => pageOf([])) : pageOf([heldNow])),
    [`POST ${CANCEL}`]: { message: done, payment: { ...heldNow, status: 'cancelled', cancelUntil: null } },
  });
  return server;
}

/**
 * The table's rows once loaded (the wide-screen view; happy-dom applies no CSS, so the phone
 * cards are in the DOM too).
 */
async function rowsOf(name: string): Promise<HTMLElement[]> {
  let rows: HTMLElement[] = [];
  await waitFor(() => {
    rows = within(screen.getByRole('table', { name })).getAllByRole('row').slice(1);
    expect(rows.length).toBeGreaterThan(0);
  });
  return rows;
}
const upcoming = 'Upcoming bills, soonest first';

describe('Upcoming Bills', () => {
  it('shows each scheduled payment with its money held now or on a day, and its place in a series', async () => {
    stubFetch({ [PAYMENTS]: pageOf([heldNow, heldLater]) });
    renderWithProviders(<UpcomingBills />);
    const rows = await rowsOf(upcoming);
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText('Home power (City Electric)')).toBeTruthy();
    expect(within(first).getByText('$84.20')).toBeTruthy();
    expect(within(first).getByText('Mar 10, 2026')).toBeTruthy();
    expect(within(first).getByText('Scheduled')).toBeTruthy();
    expect(within(first).getByText('Money held')).toBeTruthy();
    expect(within(first).getByText('One time')).toBeTruthy();
    expect(within(second).getByText('Money held on Apr 9, 2026')).toBeTruthy();
    expect(within(second).getByText('Monthly, payment 2')).toBeTruthy();
  });

  it('offers "Cancel" only until the cut-off', async () => {
    stubFetch({ [PAYMENTS]: pageOf([heldNow, tooLate]) });
    renderWithProviders(<UpcomingBills />);
    const [open, closed] = (await rowsOf(upcoming)) as [HTMLElement, HTMLElement];
    expect(within(open).getByRole('button', { name: /^Cancel payment to/ })).toBeTruthy();
    expect(within(closed).queryByRole('button', { name: /^Cancel/ })).toBeNull();
  });

  it('cancels after a confirmation, shows the server’s message and refreshes the list', async () => {
    const server = stubCancel();
    const user = userEvent.setup();
    renderWithProviders(<UpcomingBills />);
    const row = (await rowsOf(upcoming))[0] as HTMLElement;
    await user.click(
      within(row).getByRole('button', { name: 'Cancel payment to Home power (City Electric) on Mar 10, 2026' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Cancel payment' });
    expect(dialog.textContent).toContain('Any money held for it becomes available again.');
    expect(server.to('POST', CANCEL)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));

    expect((await screen.findByRole('status')).textContent).toBe(done);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await screen.findByText('No bills are scheduled.')).toBeTruthy();
  });

  it('with the keyboard: the row gone with its "Cancel", the focus is on the message, not the page', async () => {
    // The refreshed list comes when the test says, as a real one comes after the dialog has closed.
    let refreshed: () => void = () => undefined;
    stubCancel(new Promise<void>((resolve) => (refreshed = resolve)));
    const user = userEvent.setup();
    renderWithProviders(<UpcomingBills />);
    const row = (await rowsOf(upcoming))[0] as HTMLElement;
    await pressEnter(user, within(row).getByRole('button', { name: /^Cancel payment to/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel payment' });
    await pressEnter(user, within(dialog).getByRole('button', { name: 'Cancel payment' }));

    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(done);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The dialog's own return of the focus, a moment later, leaves it on the message.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(notice);
    refreshed();
    expect(await screen.findByText('No bills are scheduled.')).toBeTruthy();
    expect(document.activeElement).toBe(notice);
  });

  it('says until when it can be cancelled: in the payment’s date style, its zone named', async () => {
    stubFetch({ [PAYMENTS]: pageOf([heldNow]) });
    const user = userEvent.setup();
    renderWithProviders(<UpcomingBills />);
    const row = (await rowsOf(upcoming))[0] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Cancel payment to/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel payment' });
    // 19:00 UTC is 2:00 PM in Chicago (the site's zone), on daylight time from March 8.
    expect(dialog.textContent).toContain('to Home power (City Electric) on Mar 10, 2026?');
    expect(dialog.textContent).toContain('You can cancel it until Mar 10, 2026, 2:00 PM CDT.');
  });

  it('keeps the dialog open with the server’s words when it is too late to cancel', async () => {
    stubFetch({
      [PAYMENTS]: pageOf([heldNow]),
      [`POST /api/bill-pay/payments/${heldNow.id}/cancel`]: apiError(409, 'CONFLICT', m.cannotCancel),
    });
    const user = userEvent.setup();
    renderWithProviders(<UpcomingBills />);
    const row = (await rowsOf(upcoming))[0] as HTMLElement;
    await user.click(within(row).getByRole('button', { name: /^Cancel payment to/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel payment' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.cannotCancel);
  });

  it('pages through numbered pages', async () => {
    const server = stubFetch({
      [PAYMENTS]: (request: StubRequest) => {
        const page = Number(request.query.get('page') ?? '1');
        return pageOf(
          [paymentFixture({ id: `0b7f9a52-5c1e-4a8e-9d3b-00000000010${page}`, amount: `${page}0.00` })],
          page,
          11,
        );
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<UpcomingBills />);
    expect((await rowsOf(upcoming))[0]?.textContent).toContain('$10.00');
    const pages = screen.getByRole('navigation', { name: 'Upcoming Bills pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getByRole('table', { name: upcoming }).textContent).toContain('$20.00'));
    expect(server.to('GET', '/api/bill-pay/payments').map((request) => request.query.get('view'))).toEqual([
      'upcoming',
      'upcoming',
    ]);
    expect(server.to('GET', '/api/bill-pay/payments')[1]?.query.get('page')).toBe('2');
  });
});

describe('Payment History', () => {
  it('shows sent payments with their confirmation number and returned ones with the reason', async () => {
    const reason = billReturnReasons[0].label;
    const server = stubFetch({
      [PAYMENTS]: pageOf([
        paymentFixture({
          status: 'sent',
          payOn: '2026-02-10',
          cancelUntil: null,
          confirmationNumber: 'BP-7K2M9Q',
          sentAt: '2026-02-10T20:00:00.000Z',
        }),
        paymentFixture({
          id: '0b7f9a52-5c1e-4a8e-9d3b-000000000004',
          status: 'returned',
          payOn: '2026-01-12',
          cancelUntil: null,
          confirmationNumber: 'BP-3D8R2W',
          returnedAt: '2026-01-14T16:00:00.000Z',
          reason,
        }),
      ]),
    });
    renderWithProviders(<PaymentHistory />);
    const [sent, returned] = (await rowsOf('Bill payment history, newest first')) as [HTMLElement, HTMLElement];
    expect(within(sent).getByText('Sent')).toBeTruthy();
    expect(sent.textContent).toContain('Confirmation BP-7K2M9Q');
    expect(within(sent).getByText('Feb 10, 2026')).toBeTruthy();
    expect(within(returned).getByText('Returned')).toBeTruthy();
    expect(within(returned).getByText(reason)).toBeTruthy();
    expect(server.to('GET', '/api/bill-pay/payments')[0]?.query.get('view')).toBe('history');
  });
});

describe('Recurring payments', () => {
  it('stops an active series after a confirmation; an ended one has no "Stop"', async () => {
    const active = seriesFixture();
    const stopped = seriesFixture({ id: '9c3e5d7f-2a4b-4c6d-8e0f-000000000010', status: 'stopped', nextPayOn: null });
    const server = stubFetch({
      [`POST /api/bill-pay/series/${active.id}/stop`]: {
        message: m.seriesStopped('Home power'),
        series: { ...active, status: 'stopped', nextPayOn: null },
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<RecurringPayments series={[active, stopped]} />);
    const [first, second] = within(screen.getByRole('list', { name: 'Recurring payments' })).getAllByRole(
      'listitem',
    ) as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('$84.20, monthly from Checking');
    expect(first.textContent).toContain('Next: Apr 10, 2026');
    expect(within(second).queryByRole('button')).toBeNull();
    expect(second.textContent).toContain('Stopped');

    await user.click(
      within(first).getByRole('button', { name: 'Stop recurring payment to Home power (City Electric)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stop recurring payment' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop payments' }));
    expect((await screen.findByRole('status')).textContent).toBe(m.seriesStopped('Home power'));
    await waitFor(() => expect(server.to('POST', `/api/bill-pay/series/${active.id}/stop`)).toHaveLength(1));
  });

  it('says why a series stopped by itself, and offers no "Stop"', () => {
    const stopped = seriesFixture({
      status: 'stopped',
      nextPayOn: null,
      stopReason: '2 payments in a row were not sent',
    });
    renderWithProviders(<RecurringPayments series={[stopped]} />);
    const [only] = within(screen.getByRole('list', { name: 'Recurring payments' })).getAllByRole('listitem');
    expect(only?.textContent).toContain('Stopped · 2 payments');
    expect(only?.textContent).toContain(
      'Stopped because 2 payments in a row were not sent. Set up a new payment to pay Home power again.',
    );
    expect(within(only as HTMLElement).queryByRole('button')).toBeNull();
  });
});
