import { type StaffDeposit, depositRejectReasons, depositReturnReasons, messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { DepositReview } from './deposit-review';
import { acceptedDeposit, depositDetail, depositPage, staffDeposit } from './fixtures';
import { textsOf } from '../../test/queries';

const m = messages.deposits;
const pending = staffDeposit();
const base = `/api/admin/deposits/${pending.id}`;

/**
 * The screen with `deposit` selected. Its detail answers with `current()`, so a test can change
 * what the server holds after a decision; the list answers with the same deposit.
 */
async function renderDeposit(deposit: StaffDeposit, routes: Parameters<typeof stubFetch>[0] = {}) {
  let current = deposit;
  const stub = stubFetch({
    'GET /api/admin/deposits': () => depositPage(current.status === 'pending_review' ? [current] : []),
    [`GET ${base}`]: () => depositDetail(current),
    ...routes,
  });
  renderWithProviders(<DepositReview />, { route: `/admin/deposits?deposit=${deposit.id}` });
  const detail = await screen.findByTestId('deposit-detail');
  const user = userEvent.setup();
  return {
    stub,
    detail,
    user,
    /** Presses the deposit's `button` and waits for the dialog it opens, named `dialogName`. */
    openDialog: async (button: string, dialogName: string) => {
      await user.click(within(detail).getByRole('button', { name: button }));
      return screen.findByRole('dialog', { name: dialogName });
    },
    /** What the server holds from now on. */
    becomes: (next: Partial<StaffDeposit>) => {
      current = { ...current, ...next };
    },
    detailReads: () => stub.to('GET', base).length,
    listReads: () => stub.to('GET', '/api/admin/deposits').length,
  };
}

/** Picks `reason` in the dialog's Reason list, then presses the dialog's `submit` button. */
async function submitReason(user: UserEvent, dialog: HTMLElement, reason: string, submit: string) {
  await user.selectOptions(within(dialog).getByLabelText('Reason'), reason);
  await user.click(within(dialog).getByRole('button', { name: submit }));
}

/** Checks that the dialog's Reason list offers `offered` (then "Other…"), and submits `reason` picked from it. */
async function submitListedReason(
  user: UserEvent,
  dialog: HTMLElement,
  offered: readonly string[],
  reason: string,
  submit: string,
) {
  const options = textsOf(within(dialog).getByLabelText('Reason'), 'option');
  expect(options).toEqual(['Choose a reason', ...offered, 'Other…']);
  await submitReason(user, dialog, reason, submit);
}

describe('Deposit Review: Approve', () => {
  it('asks first (amount, member), then posts approve and shows the answer; the list and detail follow', async () => {
    const approved = m.approved('$1,250.00', 'March 6, 2026');
    const accepted = { status: 'accepted' as const, reviewedAt: '2026-03-04T16:00:00.000Z', reviewedBy: 'ops@x.org' };
    const screenUnderTest = await renderDeposit(pending, {
      [`POST ${base}/approve`]: () => {
        screenUnderTest.becomes(accepted);
        return { message: approved, deposit: { ...pending, ...accepted } };
      },
    });
    const { stub, user, openDialog, detailReads, listReads } = screenUnderTest;
    const reads = { detail: detailReads(), list: listReads() };

    const dialog = await openDialog('Approve', 'Approve deposit');
    expect(within(dialog).getByText('Alex Member (alex@example.com)')).toBeTruthy();
    expect(within(dialog).getByText('$1,250.00')).toBeTruthy();
    expect(stub.to('POST', `${base}/approve`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Approve deposit' }));
    expect(await screen.findByText(approved)).toBeTruthy();
    expect(screen.getByText(approved).closest('[role="status"]')).toBeTruthy();
    expect(stub.to('POST', `${base}/approve`)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await within(screen.getByTestId('deposit-detail')).findByRole('button', { name: 'Return item' }),
    ).toBeTruthy();
    expect(detailReads()).toBeGreaterThan(reads.detail);
    expect(listReads()).toBeGreaterThan(reads.list);
    expect(await screen.findByText('No deposits are waiting for review.')).toBeTruthy();
    // The Approve button is gone: the focus is on the deposit, not lost on the page.
    await waitFor(() => expect(document.activeElement?.id).toBe('deposit-detail-heading'));
  });

  it('Cancel sends nothing, and gives the focus back to Approve', async () => {
    const { stub, user, openDialog } = await renderDeposit(pending, { [`POST ${base}/approve`]: {} });
    await user.click(within(await openDialog('Approve', 'Approve deposit')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(stub.to('POST', `${base}/approve`)).toHaveLength(0);
    // The focus goes back to the button that opened the dialog.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Approve'));
  });

  it('already reviewed by someone else (409): the server’s message, and the deposit is read again', async () => {
    const screenUnderTest = await renderDeposit(pending, {
      [`POST ${base}/approve`]: () => {
        screenUnderTest.becomes({ status: 'rejected', rejectReason: depositRejectReasons[0] });
        return apiError(409, 'ALREADY_REVIEWED', m.alreadyReviewed);
      },
    });
    const { user, openDialog, detailReads } = screenUnderTest;
    const before = detailReads();
    const dialog = await openDialog('Approve', 'Approve deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Approve deposit' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(m.alreadyReviewed);
    await waitFor(() => expect(detailReads()).toBeGreaterThan(before));
    const facts = within(screen.getByTestId('deposit-detail')).getByRole('region', { name: 'Deposit' });
    expect(await within(facts).findByText(depositRejectReasons[0])).toBeTruthy();
    expect(within(screen.getByTestId('deposit-detail')).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});

describe('Deposit Review: Reject', () => {
  it('requires a reason: nothing is sent without one', async () => {
    const { stub, user, openDialog } = await renderDeposit(pending, { [`POST ${base}/reject`]: {} });
    const dialog = await openDialog('Reject', 'Reject deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(m.reasonRequired);
    expect(within(dialog).getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');

    // "Other…" with nothing written is no reason either.
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other…');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(m.reasonRequired);
    expect(within(dialog).getByLabelText('Reason in your own words').getAttribute('aria-invalid')).toBe('true');
    expect(stub.to('POST', `${base}/reject`)).toHaveLength(0);
  });

  it('sends the reason picked from the list, and shows the answer', async () => {
    const rejected = m.rejected('$1,250.00');
    const { stub, user, openDialog } = await renderDeposit(pending, {
      [`POST ${base}/reject`]: { message: rejected, deposit: { ...pending, status: 'rejected' } },
    });
    const dialog = await openDialog('Reject', 'Reject deposit');
    await submitListedReason(user, dialog, depositRejectReasons, depositRejectReasons[1], 'Reject deposit');
    expect(await screen.findByText(rejected)).toBeTruthy();
    expect(stub.to('POST', `${base}/reject`).map((request) => request.body)).toEqual([
      { reason: depositRejectReasons[1] },
    ]);
  });

  it('sends a reason written under "Other…", its lines kept', async () => {
    const { stub, user, openDialog } = await renderDeposit(pending, {
      [`POST ${base}/reject`]: { message: m.rejected('$1,250.00'), deposit: pending },
    });
    const dialog = await openDialog('Reject', 'Reject deposit');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other…');
    await user.type(within(dialog).getByLabelText('Reason in your own words'), 'The payee name{Enter}is crossed out');
    await user.click(within(dialog).getByRole('button', { name: 'Reject deposit' }));
    await waitFor(() => expect(stub.to('POST', `${base}/reject`)).toHaveLength(1));
    expect(await screen.findByText(m.rejected('$1,250.00'))).toBeTruthy();
    expect(stub.to('POST', `${base}/reject`)[0]?.body).toEqual({ reason: 'The payee name\nis crossed out' });
  });
});

describe('Deposit Review: Return item', () => {
  const accepted = acceptedDeposit();

  it('is not offered for a pending deposit: only Approve and Reject are', async () => {
    const { detail } = await renderDeposit(pending);
    expect(within(detail).getByRole('button', { name: 'Approve' })).toBeTruthy();
    expect(within(detail).getByRole('button', { name: 'Reject' })).toBeTruthy();
    expect(within(detail).queryByRole('button', { name: 'Return item' })).toBeNull();
  });

  it('warns that the money is taken back, requires a reason and posts it to return', async () => {
    const returned = m.returned('$1,250.00');
    const { stub, user, openDialog } = await renderDeposit(accepted, {
      [`POST ${base}/return`]: { message: returned, deposit: { ...accepted, status: 'returned' } },
    });
    const dialog = await openDialog('Return item', 'Return item');
    expect(within(dialog).getByText(/taken back from the member’s account/)).toBeTruthy();
    expect(within(dialog).getByText(/becomes an amount they owe/)).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Return item' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(m.reasonRequired);
    expect(stub.to('POST', `${base}/return`)).toHaveLength(0);

    await submitListedReason(user, dialog, depositReturnReasons, depositReturnReasons[0], 'Return item');
    expect(await screen.findByText(returned)).toBeTruthy();
    expect(stub.to('POST', `${base}/return`).map((request) => request.body)).toEqual([
      { reason: depositReturnReasons[0] },
    ]);
  });

  it('sends a reason written under "Other…", its lines kept', async () => {
    const { stub, user, openDialog } = await renderDeposit(accepted, {
      [`POST ${base}/return`]: { message: m.returned('$1,250.00'), deposit: { ...accepted, status: 'returned' } },
    });
    const dialog = await openDialog('Return item', 'Return item');
    await user.selectOptions(within(dialog).getByLabelText('Reason'), 'Other…');
    await user.type(within(dialog).getByLabelText('Reason in your own words'), 'Signature missing{Enter}on the back');
    await user.click(within(dialog).getByRole('button', { name: 'Return item' }));
    await waitFor(() => expect(stub.to('POST', `${base}/return`)).toHaveLength(1));
    expect(await screen.findByText(m.returned('$1,250.00'))).toBeTruthy();
    expect(stub.to('POST', `${base}/return`)[0]?.body).toEqual({ reason: 'Signature missing\non the back' });
  });

  it('a reason the server refuses stays on the field, the dialog open', async () => {
    const { user, openDialog } = await renderDeposit(accepted, {
      [`POST ${base}/return`]: apiError(400, 'VALIDATION', 'Invalid', { reason: m.reasonTooLong(300) }),
    });
    const dialog = await openDialog('Return item', 'Return item');
    await submitReason(user, dialog, depositReturnReasons[2], 'Return item');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(m.reasonTooLong(300));
  });
});
