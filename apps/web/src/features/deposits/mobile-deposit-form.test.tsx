import { IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, reply, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { factOf } from '../../test/queries';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { MobileDepositPanel } from '../quick-actions/mobile-deposit-panel';
import { depositOverview, depositResult, depositView, photo } from './deposits.fixtures';

const m = messages.deposits;
const OVERVIEW = 'GET /api/deposits';
const SUBMIT = 'POST /api/deposits';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderPanel(routes: StubRoutes = {}, overview = depositOverview()) {
  const server = stubFetch({ [OVERVIEW]: overview, ...routes });
  // Some pickers let a person choose "All files" whatever `accept` says: the form checks again.
  const user = userEvent.setup({ applyAccept: false });
  renderWithProviders(<MobileDepositPanel />, { route: '/dashboard#quick-actions-mobile-deposit' });
  return { server, user };
}

const theForm = () => screen.findByRole('form', { name: 'Deposit a check' });
const submitButton = (form: HTMLElement) => within(form).getByRole('button', { name: 'Submit Deposit' });
const isDisabled = (button: HTMLElement) => button.hasAttribute('disabled');

/** Fills the form the way a member would: an amount and photos of both sides. */
async function fill(user: UserEvent, form: HTMLElement, { amount = '500.00', checkNumber = '' } = {}) {
  await user.type(within(form).getByLabelText('Amount'), amount);
  if (checkNumber) await user.type(within(form).getByLabelText(/^Check number/), checkNumber);
  await user.upload(within(form).getByLabelText('Front of check'), photo('front.jpg'));
  await user.upload(within(form).getByLabelText('Back of check'), photo('back.png', { type: 'image/png' }));
}

describe('Mobile Deposit: what the member knows before starting', () => {
  it('shows the endorsement words, the limits with what is left, and the funds policy from the overview', async () => {
    renderPanel();
    await theForm();
    const facts = screen.getByRole('region', { name: 'Before you deposit' });
    expect(within(facts).getByTestId('deposit-endorsement').textContent).toBe(
      'Endorse the back of the check with your signature and these words:' +
        '“For mobile deposit only at Test Mutual Credit Union”',
    );
    expect(factOf(facts, 'Per check')).toBe('Up to $10,000.00');
    expect(within(facts).getByTestId('deposit-limit-daily').textContent).toBe(
      '$4,500.00 left of $5,000.00' + '4 checks left of 5',
    );
    expect(within(facts).getByTestId('deposit-limit-30-days').textContent).toBe(
      '$19,500.00 left of $20,000.00' + '19 checks left of 20',
    );
    expect(within(facts).getByTestId('deposit-policy').textContent).toContain(depositOverview().policy);
    expect(within(facts).queryByTestId('deposit-new-member')).toBeNull();
  });

  it('tells a new member their limits are lower, and until when', async () => {
    const overview = depositOverview();
    overview.limits = {
      ...overview.limits,
      perCheck: '2500.00',
      daily: { amount: '2500.00', count: 2, amountLeft: '2500.00', countLeft: 1 },
      newMember: true,
      newMemberUntil: '2026-12-27',
    };
    renderPanel({}, overview);
    const facts = await screen.findByRole('region', { name: 'Before you deposit' });
    expect(within(facts).getByTestId('deposit-new-member').textContent).toBe(
      'As a new member, your limits are lower until Sunday, December 27, 2026.',
    );
    expect(factOf(facts, 'Per check')).toBe('Up to $2,500.00');
    expect(within(facts).getByTestId('deposit-limit-daily').textContent).toBe(
      '$2,500.00 left of $2,500.00' + '1 check left of 2',
    );
  });

  it('says so in the server’s words when today’s deposits are used up', async () => {
    const overview = depositOverview();
    overview.limits.daily = { amount: '5000.00', count: 5, amountLeft: '1000.00', countLeft: 0 };
    renderPanel({}, overview);
    const facts = await screen.findByRole('region', { name: 'Before you deposit' });
    expect(within(facts).getByRole('status').textContent).toBe(m.overDailyCount(5));
  });

  it('offers the member’s accounts to deposit to', async () => {
    renderPanel();
    const form = await theForm();
    const options = within(within(form).getByRole('combobox', { name: 'Deposit to' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Checking ••1234', 'Savings ••5678']);
  });

  it('says so in plain words when the overview cannot be read, with Try again', async () => {
    renderPanel({ [OVERVIEW]: apiError(500, 'INTERNAL', 'boom') });
    expect((await screen.findByRole('alert')).textContent).toBe(`${m.loadFailed}Try again`);
  });
});

describe('Mobile Deposit: the form', () => {
  it('keeps "Submit Deposit" disabled until the amount and both photos are there (spec §5)', async () => {
    const { user } = renderPanel();
    const form = await theForm();
    const button = submitButton(form);
    expect(isDisabled(button)).toBe(true);

    await user.type(within(form).getByLabelText('Amount'), '125.50');
    expect(isDisabled(button)).toBe(true);
    await user.upload(within(form).getByLabelText('Front of check'), photo('front.jpg'));
    expect(isDisabled(button)).toBe(true);
    await user.upload(within(form).getByLabelText('Back of check'), photo('back.jpg'));
    expect(isDisabled(button)).toBe(false);

    await user.clear(within(form).getByLabelText('Amount'));
    expect(isDisabled(button)).toBe(true);
  });

  it('opens the camera on a phone and takes only JPEG, PNG and WebP photos', async () => {
    renderPanel();
    const form = await theForm();
    for (const label of ['Front of check', 'Back of check']) {
      const input = within(form).getByLabelText<HTMLInputElement>(label);
      expect(input.type).toBe('file');
      expect(input.getAttribute('capture')).toBe('environment');
      expect(input.accept).toBe('image/jpeg,image/png,image/webp');
    }
  });

  it('shows a preview of each photo, and "Retake photo" replaces it (the old preview is let go)', async () => {
    const created = vi.spyOn(URL, 'createObjectURL');
    const revoked = vi.spyOn(URL, 'revokeObjectURL');
    const { user } = renderPanel();
    const form = await theForm();
    expect(within(form).queryByRole('img')).toBeNull();

    await user.upload(within(form).getByLabelText('Front of check'), photo('first.jpg'));
    const preview = within(form).getByRole<HTMLImageElement>('img', { name: 'Front of check, as you took it' });
    const firstUrl = preview.src;
    expect(created).toHaveBeenCalledTimes(1);
    expect(within(form).getByText('first.jpg')).toBeTruthy();
    expect(within(form).getByText('Retake photo')).toBeTruthy();

    await user.upload(within(form).getByLabelText('Front of check'), photo('second.jpg'));
    expect(within(form).getByText('second.jpg')).toBeTruthy();
    expect(within(form).queryByText('first.jpg')).toBeNull();
    expect(revoked).toHaveBeenCalledWith(firstUrl);
    expect(within(form).getByRole<HTMLImageElement>('img', { name: 'Front of check, as you took it' }).src).not.toBe(
      firstUrl,
    );
  });

  it(`refuses a file that is not a photo with "${m.imageType}"`, async () => {
    const { server, user } = renderPanel();
    const form = await theForm();
    await user.type(within(form).getByLabelText('Amount'), '50');
    await user.upload(within(form).getByLabelText('Back of check'), photo('back.jpg'));
    const front = within(form).getByLabelText('Front of check');
    await user.upload(front, photo('check.pdf', { type: 'application/pdf' }));

    expect(within(form).getByText(m.imageType)).toBeTruthy();
    expect(front.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByRole('img', { name: 'Front of check, as you took it' })).toBeNull();
    expect(isDisabled(submitButton(form))).toBe(true);
    expect(server.to('POST', '/api/deposits')).toHaveLength(0);
  });

  it(`refuses a photo as large as the limit with "${m.imageTooLarge(1)}", and takes one a byte smaller`, async () => {
    const { user } = renderPanel({}, depositOverview({ imageMaxBytes: 1024 * 1024 }));
    const form = await theForm();
    const back = within(form).getByLabelText('Back of check');
    await user.upload(back, photo('huge.jpg', { size: 1024 * 1024 }));
    expect(within(form).getByText(m.imageTooLarge(1))).toBeTruthy();
    expect(within(form).queryByRole('img', { name: 'Back of check, as you took it' })).toBeNull();

    await user.upload(back, photo('fits.jpg', { size: 1024 * 1024 - 1 }));
    expect(within(form).queryByText(m.imageTooLarge(1))).toBeNull();
    expect(within(form).getByRole('img', { name: 'Back of check, as you took it' })).toBeTruthy();
  });

  it('refuses an amount over the per-check limit before sending, in the server’s words', async () => {
    const { server, user } = renderPanel();
    const form = await theForm();
    await fill(user, form, { amount: '10000.01' });
    await user.click(submitButton(form));
    expect(await within(form).findByText(m.overCheckLimit('$10,000.00'))).toBeTruthy();
    expect(within(form).getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
    expect(server.to('POST', '/api/deposits')).toHaveLength(0);
  });

  it('checks the amount and check number with the API’s schema', async () => {
    const { server, user } = renderPanel();
    const form = await theForm();
    await fill(user, form, { amount: '0', checkNumber: '12ab' });
    await user.click(submitButton(form));
    expect(await within(form).findByText(m.invalidAmount)).toBeTruthy();
    expect(within(form).getByText(m.checkNumberInvalid)).toBeTruthy();
    expect(server.to('POST', '/api/deposits')).toHaveLength(0);
  });
});

describe('Mobile Deposit: submitting', () => {
  it(`sends one multipart deposit with an Idempotency-Key, shows "${m.submitted}" and starts afresh`, async () => {
    const { server, user } = renderPanel({
      [SUBMIT]: reply(201, depositResult()),
    });
    const form = await theForm();
    await user.selectOptions(within(form).getByLabelText('Deposit to'), 'Savings');
    await fill(user, form, { amount: '500.00', checkNumber: '1042' });
    // The history shows the new deposit once the overview is read again.
    server.on(OVERVIEW, depositOverview({ deposits: [depositView()], total: 1 }));
    await user.click(submitButton(form));

    expect((await within(form).findByRole('status')).textContent).toBe(m.submitted);
    const [request, ...more] = server.to('POST', '/api/deposits');
    expect(more).toHaveLength(0);
    expect(request?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.body).toBeInstanceOf(FormData);
    const body = request?.body as FormData;
    expect(JSON.parse(String(body.get('deposit')))).toEqual({
      toAccount: 'Savings',
      amount: '500.00',
      checkNumber: '1042',
    });
    expect((body.get('front') as File).name).toBe('front.jpg');
    expect((body.get('back') as File).name).toBe('back.png');

    // A fresh form: no amount, no photos, the button waiting again.
    expect(within(form).getByLabelText<HTMLInputElement>('Amount').value).toBe('');
    expect(within(form).queryByRole('img')).toBeNull();
    expect(isDisabled(submitButton(form))).toBe(true);
    // The limits and the history are read again.
    await waitFor(() => expect(server.to('GET', '/api/deposits').length).toBeGreaterThanOrEqual(2));
    const history = screen.getByRole('list', { name: 'Your deposits' });
    expect(await within(history).findByText('Pending Review')).toBeTruthy();
  });

  it('a double click deposits the check once', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const { server, user } = renderPanel({
      [SUBMIT]: () => new Promise((resolve) => (answer = resolve)).then(() => reply(201, depositResult())),
    });
    const form = await theForm();
    await fill(user, form);
    // Two clicks before the page has re-rendered: both reach the form.
    const button = submitButton(form);
    fireEvent.click(button);
    fireEvent.click(button);
    const busy = await within(form).findByRole('button', { name: 'Processing...' });
    // It waits (looking and announced disabled, but keeping the focus): a click now sends nothing either.
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    await waitFor(() => expect(server.to('POST', '/api/deposits')).toHaveLength(1));
    answer(undefined);
    expect((await within(form).findByRole('status')).textContent).toBe(m.submitted);
    expect(server.to('POST', '/api/deposits')).toHaveLength(1);
  });

  it('a retry after no answer sends the same Idempotency-Key, so the check is not deposited twice', async () => {
    const { server, user } = renderPanel({ [SUBMIT]: apiError(503, 'INTERNAL', 'down') });
    const form = await theForm();
    await fill(user, form);
    await user.click(submitButton(form));
    expect((await within(form).findByRole('alert')).textContent).toBe(m.failed);

    server.on(SUBMIT, reply(201, depositResult()));
    await user.click(submitButton(form));
    expect((await within(form).findByRole('status')).textContent).toBe(m.submitted);
    const [first, second] = server.to('POST', '/api/deposits');
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('a different photo is a different deposit: it gets a new Idempotency-Key', async () => {
    const { server, user } = renderPanel({ [SUBMIT]: apiError(503, 'INTERNAL', 'down') });
    const form = await theForm();
    await fill(user, form);
    await user.click(submitButton(form));
    await within(form).findByRole('alert');
    await user.upload(within(form).getByLabelText('Front of check'), photo('front-again.jpg'));
    await user.click(submitButton(form));
    await waitFor(() => expect(server.to('POST', '/api/deposits')).toHaveLength(2));
    const [first, second] = server.to('POST', '/api/deposits');
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).not.toBe(first?.headers.get(IDEMPOTENCY_HEADER));
  });

  it('shows a refusal in the server’s words', async () => {
    const refusal = m.overDailyCount(5);
    const { user } = renderPanel({ [SUBMIT]: apiError(422, 'DEPOSIT_LIMIT_REACHED', refusal) });
    const form = await theForm();
    await fill(user, form, { amount: '300.00' });
    await user.click(submitButton(form));
    expect((await within(form).findByRole('alert')).textContent).toBe(refusal);
    // Nothing was lost: the member can send again later.
    expect(within(form).getByLabelText<HTMLInputElement>('Amount').value).toBe('300.00');
    expect(within(form).getAllByRole('img')).toHaveLength(2);
  });

  it('puts a refusal about the amount under the amount', async () => {
    const refusal = m.overDailyAmount('$5,000.00', '$200.00');
    const { user } = renderPanel({
      [SUBMIT]: apiError(422, 'DEPOSIT_LIMIT_REACHED', refusal, { amount: refusal }),
    });
    const form = await theForm();
    await fill(user, form, { amount: '300.00' });
    await user.click(submitButton(form));
    expect(await within(form).findByText(refusal)).toBeTruthy();
    const amount = within(form).getByLabelText('Amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
  });

  it('puts the server’s field messages under their fields, a photo’s under the photo', async () => {
    const { user } = renderPanel({
      [SUBMIT]: apiError(400, 'VALIDATION_FAILED', m.imageUnreadable, {
        back: m.imageUnreadable,
        checkNumber: m.checkNumberInvalid,
      }),
    });
    const form = await theForm();
    await fill(user, form, { checkNumber: '77' });
    await user.click(submitButton(form));
    expect(await within(form).findByText(m.imageUnreadable)).toBeTruthy();
    expect(within(form).getByLabelText('Back of check').getAttribute('aria-invalid')).toBe('true');
    expect(
      within(form)
        .getByLabelText(/^Check number/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(within(form).getByText(m.checkNumberInvalid)).toBeTruthy();
  });

  it('opens the "Transactions Suspended" modal when the account is on hold (ACCOUNT_LOCKED)', async () => {
    const { user } = renderPanel({ [SUBMIT]: apiError(403, 'ACCOUNT_LOCKED', messages.transfers.onHold) });
    const form = await theForm();
    await fill(user, form);
    await user.click(submitButton(form));
    const dialog = await screen.findByRole('dialog', { name: messages.transfers.suspendedTitle });
    expect(within(dialog).getByText(messages.transfers.suspended)).toBeTruthy();
    expect(within(form).queryByText(m.submitted)).toBeNull();
  });

  it(`a failure on our side says "${m.failed}" without the server’s details`, async () => {
    const { user } = renderPanel({ [SUBMIT]: apiError(500, 'INTERNAL', 'disk full at /var/files') });
    const form = await theForm();
    await fill(user, form);
    await user.click(submitButton(form));
    expect((await within(form).findByRole('alert')).textContent).toBe(m.failed);
  });
});

describe('Mobile Deposit, with the keyboard', () => {
  it('lands on the result once the form starts again, its "Submit Deposit" waiting for the next check', async () => {
    const { user } = renderPanel({ [SUBMIT]: reply(201, depositResult()) });
    const form = await theForm();
    await fill(user, form);
    await pressEnter(user, submitButton(form));

    const result = await within(form).findByRole('status');
    expect(result.textContent).toBe(m.submitted);
    expect(isDisabled(submitButton(form))).toBe(true);
    await waitFor(() => expect(document.activeElement).toBe(result));
  });
});
