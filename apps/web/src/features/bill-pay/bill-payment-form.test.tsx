import { IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { memberAccounts } from '../../test/fixtures';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { electricPayee, overviewFixture, paymentFixture } from './bill-pay.fixtures';
import { BillPaymentForm } from './bill-payment-form';

const m = messages.billPay;
const SCHEDULE = 'POST /api/bill-pay/payments';
const scheduled = reply(201, { message: m.scheduled, payment: paymentFixture() });

function renderForm(routes: StubRoutes = {}) {
  const server = stubFetch(routes);
  const user = userEvent.setup();
  renderWithProviders(<BillPaymentForm accounts={memberAccounts} overview={overviewFixture()} />);
  const form = screen.getByRole('form', { name: 'Pay a bill' });
  return { server, user, form };
}

/** Fills the form the way a member would: a payee, an amount and a date (a Tuesday by default). */
async function fill(user: UserEvent, form: HTMLElement, values: { amount?: string; payOn?: string } = {}) {
  const { amount = '84.20', payOn = '2026-03-10' } = values;
  await user.selectOptions(within(form).getByLabelText('Payee'), electricPayee.id);
  await user.type(within(form).getByLabelText('Amount'), amount);
  await user.type(within(form).getByLabelText('Payment Date'), payOn);
}

const submit = (user: UserEvent, form: HTMLElement) =>
  user.click(within(form).getByRole('button', { name: 'Schedule Payment' }));

describe('the Bill Pay form', () => {
  it(`asks for payee, amount and date with "${m.fillAllFields}", once, and sends nothing`, async () => {
    const { server, user, form } = renderForm();
    await submit(user, form);
    // Once for the form, announced beside "Schedule Payment": not under each of the three fields.
    expect((await within(form).findByRole('alert')).textContent).toBe(m.fillAllFields);
    expect(within(form).getAllByText(m.fillAllFields)).toHaveLength(1);
    expect(within(form).getByLabelText('Payee').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByLabelText('Payment Date').getAttribute('aria-invalid')).toBe('true');
    // The first field in reading order takes the focus.
    expect(document.activeElement).toBe(within(form).getByLabelText('Payee'));
    expect(server.requests).toHaveLength(0);
  });

  it('shows the chosen payee’s masked account number, read-only, and the date limits and hint', async () => {
    const { user, form } = renderForm();
    const number = within(form).getByLabelText<HTMLInputElement>('Account Number');
    expect(number.readOnly).toBe(true);
    expect(number.value).toBe('');
    await user.selectOptions(within(form).getByLabelText('Payee'), electricPayee.id);
    expect(number.value).toBe('••••6789');

    const date = within(form).getByLabelText<HTMLInputElement>('Payment Date');
    expect(date.type).toBe('date');
    expect(date.min).toBe('2026-03-05');
    expect(date.max).toBe('2027-03-05');
    expect(
      within(form).getByText('Earliest: Thursday, March 5, 2026. Payments are sent on business days at 2:00 PM CT.'),
    ).toBeTruthy();
  });

  it('lists a payee whose number cannot be read as one that cannot be paid, not to be picked', async () => {
    stubFetch({});
    const unreadable = {
      ...electricPayee,
      id: 'payee-unreadable',
      nickname: 'Water',
      accountNumberMasked: m.numberUnreadable,
    };
    renderWithProviders(
      <BillPaymentForm accounts={memberAccounts} overview={overviewFixture({ payees: [electricPayee, unreadable] })} />,
    );
    const payee = within(screen.getByRole('form', { name: 'Pay a bill' })).getByLabelText<HTMLSelectElement>('Payee');
    const options = [...payee.options].map((option) => [option.text, option.disabled]);
    expect(options).toEqual([
      ['Select a payee', false],
      [`${electricPayee.nickname} (${electricPayee.billerName})`, false],
      ['Water (City Electric): cannot be paid', true],
    ]);
  });

  it('refuses a Saturday and a Sunday with the server’s words, before asking the server', async () => {
    const { server, user, form } = renderForm();
    await fill(user, form, { payOn: '2026-03-07' });
    await submit(user, form);
    expect(await within(form).findByText(m.notBusinessDay('Saturday, March 7, 2026', 'a Saturday'))).toBeTruthy();
    const date = within(form).getByLabelText('Payment Date');
    await user.clear(date);
    await user.type(date, '2026-03-08');
    await submit(user, form);
    expect(await within(form).findByText(m.notBusinessDay('Sunday, March 8, 2026', 'a Sunday'))).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a weekday the Federal Reserve is closed, naming the holiday', async () => {
    const { server, user, form } = renderForm();
    await fill(user, form, { payOn: '2026-05-25' });
    await submit(user, form);
    expect(
      await within(form).findByText(
        m.notBusinessDay('Monday, May 25, 2026', 'Memorial Day, a Federal Reserve holiday'),
      ),
    ).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it('refuses a date before the earliest one', async () => {
    const { server, user, form } = renderForm();
    await fill(user, form, { payOn: '2026-03-04' });
    await submit(user, form);
    expect(await within(form).findByText(m.dateTooEarly('Thursday, March 5, 2026'))).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`says "${m.insufficientFunds}" when the amount is above the account’s available balance`, async () => {
    const { server, user, form } = renderForm();
    // Checking has $1,250.50 available.
    await fill(user, form, { amount: '1250.51' });
    await submit(user, form);
    expect(await within(form).findByText(m.insufficientFunds)).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it(`puts the server’s "${m.insufficientFunds}" under the amount`, async () => {
    const { user, form } = renderForm({ [SCHEDULE]: apiError(422, 'INSUFFICIENT_FUNDS', m.insufficientFunds) });
    await fill(user, form);
    await submit(user, form);
    expect(await within(form).findByText(m.insufficientFunds)).toBeTruthy();
    expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
  });

  it(`schedules a one-time payment: "${m.scheduled}", one Idempotency-Key, then a fresh form`, async () => {
    const { server, user, form } = renderForm({ [SCHEDULE]: scheduled });
    await fill(user, form);
    await user.type(within(form).getByLabelText(/^Memo/), 'March bill');
    await submit(user, form);

    expect((await within(form).findByRole('status')).textContent).toContain(m.scheduled);
    const [sent] = server.to('POST', '/api/bill-pay/payments');
    expect(sent?.body).toEqual({
      fromAccount: 'Checking',
      payeeId: electricPayee.id,
      amount: '84.20',
      payOn: '2026-03-10',
      memo: 'March bill',
      frequency: 'once',
    });
    expect(sent?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(form).getByLabelText<HTMLInputElement>('Amount').value).toBe('');
    expect(within(form).getByLabelText<HTMLSelectElement>('Payee').value).toBe('');
  });

  it(`takes "${m.scheduled}" away once the member starts the next payment`, async () => {
    const { user, form } = renderForm({ [SCHEDULE]: scheduled });
    await fill(user, form);
    await submit(user, form);
    expect((await within(form).findByRole('status')).textContent).toContain(m.scheduled);

    await user.type(within(form).getByLabelText('Amount'), '1');
    expect(within(form).queryByText(m.scheduled)).toBeNull();
    expect(within(form).queryByRole('status')).toBeNull();
  });

  it(`keeps the key for a retry after "${m.failed}", and takes a new one for the next payment`, async () => {
    let attempt = 0;
    const { server, user, form } = renderForm({
      [SCHEDULE]: () => (++attempt === 1 ? apiError(500, 'INTERNAL', 'boom') : scheduled),
    });
    await fill(user, form);
    await submit(user, form);
    expect((await within(form).findByRole('alert')).textContent).toBe(m.failed);

    await submit(user, form);
    expect((await within(form).findByRole('status')).textContent).toContain(m.scheduled);
    await fill(user, form);
    await submit(user, form);
    await waitFor(() => expect(server.to('POST', '/api/bill-pay/payments')).toHaveLength(3));

    const keys = server.to('POST', '/api/bill-pay/payments').map((request) => request.headers.get(IDEMPOTENCY_HEADER));
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('says the server’s limit on scheduled payments for the form, in its words, and keeps what was typed', async () => {
    const { user, form } = renderForm({ [SCHEDULE]: apiError(409, 'CONFLICT', m.tooManyScheduled(100)) });
    await fill(user, form);
    await submit(user, form);
    expect((await within(form).findByRole('alert')).textContent).toBe(m.tooManyScheduled(100));
    expect(within(form).getByLabelText<HTMLInputElement>('Amount').value).toBe('84.20');
    expect(within(form).queryByText(m.scheduled)).toBeNull();
  });

  it('opens the "Transactions Suspended" modal when the account is on hold (ACCOUNT_LOCKED)', async () => {
    const { user, form } = renderForm({
      [SCHEDULE]: apiError(403, 'ACCOUNT_LOCKED', messages.transfers.onHold),
    });
    await fill(user, form);
    await submit(user, form);
    const dialog = await screen.findByRole('dialog', { name: messages.transfers.suspendedTitle });
    expect(within(dialog).getByText(messages.transfers.suspended)).toBeTruthy();
    expect(within(form).queryByText(m.scheduled)).toBeNull();
  });
});

describe('the Bill Pay form: recurring payments', () => {
  it('offers the three endings and the holding rule only for a recurring payment', async () => {
    const { user, form } = renderForm();
    expect(within(form).queryByRole('group', { name: 'Ends' })).toBeNull();
    await user.selectOptions(within(form).getByLabelText('Frequency'), 'Monthly');
    const ends = within(form).getByRole('group', { name: 'Ends' });
    expect(within(ends).getByLabelText<HTMLInputElement>('Until I stop it').checked).toBe(true);
    expect(within(ends).getByLabelText('On a date')).toBeTruthy();
    expect(within(ends).getByLabelText('After a number of payments')).toBeTruthy();
    const rule =
      'Each payment holds its money: the first when you schedule it, ' +
      'later ones on the business day before their date.';
    expect(within(form).getByText(rule)).toBeTruthy();
  });

  it('sends a count only when "After a number of payments" is chosen', async () => {
    const { server, user, form } = renderForm({ [SCHEDULE]: scheduled });
    await fill(user, form);
    await user.selectOptions(within(form).getByLabelText('Frequency'), 'Every two weeks');
    await user.click(within(form).getByLabelText('On a date'));
    await user.type(within(form).getByLabelText('Last payment on or before'), '2026-12-31');
    // Changed their mind: the end date is no longer sent.
    await user.click(within(form).getByLabelText('After a number of payments'));
    await user.type(within(form).getByLabelText('How many payments'), '12');
    await submit(user, form);

    await within(form).findByText(m.scheduled);
    const [sent] = server.to('POST', '/api/bill-pay/payments');
    expect(sent?.body).toMatchObject({ frequency: 'biweekly', count: 12 });
    expect(sent?.body).not.toHaveProperty('endsOn');
  });

  it('sends an end date for "On a date", and asks for it when left empty', async () => {
    const { server, user, form } = renderForm({ [SCHEDULE]: scheduled });
    await fill(user, form);
    await user.selectOptions(within(form).getByLabelText('Frequency'), 'Weekly');
    await user.click(within(form).getByLabelText('On a date'));
    await submit(user, form);
    expect((await within(form).findByRole('alert')).textContent).toBe(m.fillAllFields);
    expect(within(form).getAllByText(m.fillAllFields)).toHaveLength(1);
    const endsOn = within(form).getByLabelText('Last payment on or before');
    expect(endsOn.getAttribute('aria-invalid')).toBe('true');
    expect(form.querySelector('#bill-ends-on-error')).toBeNull();
    expect(document.activeElement).toBe(endsOn);
    expect(server.requests).toHaveLength(0);

    await user.type(within(form).getByLabelText('Last payment on or before'), '2026-06-30');
    await submit(user, form);
    await within(form).findByText(m.scheduled);
    const [sent] = server.to('POST', '/api/bill-pay/payments');
    expect(sent?.body).toMatchObject({ frequency: 'weekly', endsOn: '2026-06-30' });
    expect(sent?.body).not.toHaveProperty('count');
  });

  it('says the server’s limit on recurring payments for the form, in its words', async () => {
    const { user, form } = renderForm({ [SCHEDULE]: apiError(409, 'CONFLICT', m.tooManySeries(50)) });
    await fill(user, form);
    await user.selectOptions(within(form).getByLabelText('Frequency'), 'Monthly');
    await submit(user, form);
    expect((await within(form).findByRole('alert')).textContent).toBe(m.tooManySeries(50));
    expect(within(form).getByLabelText<HTMLSelectElement>('Frequency').value).toBe('monthly');
  });

  it('sends neither an end date nor a count for "Until I stop it"', async () => {
    const { server, user, form } = renderForm({ [SCHEDULE]: scheduled });
    await fill(user, form);
    await user.selectOptions(within(form).getByLabelText('Frequency'), 'Monthly');
    await submit(user, form);
    await within(form).findByText(m.scheduled);
    const [sent] = server.to('POST', '/api/bill-pay/payments');
    expect(sent?.body).toMatchObject({ frequency: 'monthly' });
    expect(sent?.body).not.toHaveProperty('endsOn');
    expect(sent?.body).not.toHaveProperty('count');
  });
});

describe('the Bill Pay form, with the keyboard', () => {
  it(`keeps the focus on "Schedule Payment"; from a field gone with the reset, lands on "${m.scheduled}"`, async () => {
    const { user, form } = renderForm({ [SCHEDULE]: scheduled });
    await fill(user, form);
    const button = within(form).getByRole('button', { name: 'Schedule Payment' });
    await pressEnter(user, button);
    await within(form).findByText(m.scheduled);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(document.activeElement).toBe(button);

    // Enter in "How many payments", which the fresh form (a one-time payment) no longer shows.
    await fill(user, form);
    await user.selectOptions(within(form).getByLabelText('Frequency'), 'Monthly');
    await user.click(within(form).getByLabelText('After a number of payments'));
    await user.type(within(form).getByLabelText('How many payments'), '6{Enter}');
    const result = await within(form).findByRole('status');
    expect(result.textContent).toContain(m.scheduled);
    expect(within(form).queryByLabelText('How many payments')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(result));
  });
});
