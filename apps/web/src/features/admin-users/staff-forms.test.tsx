import { messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { CreateUserDialog } from './create-user-dialog';
import { HoldSection } from './hold-section';
import { userDetail, userSummary } from './test-fixtures';
import { VerifyUserDialog } from './verify-user-dialog';

const a = messages.admin;
const h = messages.holds;
const refresh = { 'GET /api/admin/users': { users: [], counts: { all: 0, pending: 0, approved: 0, rejected: 0 } } };
const invalid = (control: HTMLElement) => control.getAttribute('aria-invalid') === 'true';
/** The message under a control, as the browser tests read it (its aria-describedby). */
const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

/** Types every box Create New User requires, with this name and e-mail. */
async function fillRequired(
  user: ReturnType<typeof userEvent.setup>,
  field: (label: string) => HTMLElement,
  name: string,
  email: string,
) {
  const typed: Array<[string, string]> = [
    ['Name', name],
    ['Email', email],
    ['Phone', '(207) 555-0177'],
    ['Password', 'a-long-Passw0rd!'],
    ['Street', '3 Lighthouse Road'],
    ['City', 'Rockland'],
    ['State', 'ME'],
    ['ZIP code', '04841'],
  ];
  for (const [label, text] of typed) await user.type(field(label), text);
}

describe('Staff console: Place hold / Lift hold', () => {
  function renderHold(hold: ReturnType<typeof userDetail>['hold'] = null) {
    const onFlash = vi.fn();
    renderWithProviders(<HoldSection user={userDetail({ hold })} onFlash={onFlash} />);
    return { onFlash, user: userEvent.setup() };
  }

  it('no reason: the reason is asked for under the field, and nothing is sent', async () => {
    const server = stubFetch(refresh);
    const { user } = renderHold();
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    const dialog = screen.getByRole('dialog', { name: 'Place hold' });
    expect(dialog.textContent).toContain('they are signed out on every device');
    await user.click(within(dialog).getByRole('button', { name: 'Place hold' }));
    const reason = within(dialog).getByLabelText('Reason for the hold');
    expect(invalid(reason)).toBe(true);
    expect(describedBy(reason)).toContain(h.reasonRequired);
    expect(server.to('POST', '/api/admin/users/user-1/hold')).toHaveLength(0);
  });

  it('places the hold with the trimmed reason, its lines kept, says so and closes', async () => {
    const server = stubFetch({ ...refresh, 'POST /api/admin/users/user-1/hold': { message: 'Hold placed.' } });
    const { onFlash, user } = renderHold();
    await user.click(screen.getByRole('button', { name: 'Place hold' }));
    const dialog = screen.getByRole('dialog', { name: 'Place hold' });
    await user.type(within(dialog).getByLabelText('Reason for the hold'), '  Unusual sign-in{Enter}from abroad  ');
    await user.click(within(dialog).getByRole('button', { name: 'Place hold' }));
    await vi.waitFor(() => expect(onFlash).toHaveBeenCalledWith('success', 'Hold placed.'));
    expect(server.to('POST', '/api/admin/users/user-1/hold').map((request) => request.body)).toEqual([
      { reason: 'Unusual sign-in\nfrom abroad' },
    ]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('the server’s word on the reason goes under the field; another refusal above the buttons', async () => {
    const server = stubFetch({
      ...refresh,
      'POST /api/admin/users/user-1/hold/lift': apiError(400, 'VALIDATION_FAILED', 'Invalid', { reason: 'Too vague' }),
    });
    const { user } = renderHold({ reason: 'Fraud check', placedAt: '2026-03-04T12:00:00.000Z', placedBy: 'kim' });
    await user.click(screen.getByRole('button', { name: 'Lift hold' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift hold' });
    expect(within(dialog).getByText('Current hold')).toBeTruthy();
    const reason = within(dialog).getByLabelText('Reason for lifting the hold');
    await user.type(reason, 'Checked{Enter}with the member');
    await user.click(within(dialog).getByRole('button', { name: 'Lift hold' }));
    await vi.waitFor(() => expect(describedBy(reason)).toContain('Too vague'));
    expect(
      within(dialog)
        .queryAllByRole('alert')
        .map((alert) => alert.textContent),
    ).toEqual(['Too vague']);

    server.on('POST /api/admin/users/user-1/hold/lift', apiError(409, 'CONFLICT', 'Already lifted by Kim.'));
    await user.click(within(dialog).getByRole('button', { name: 'Lift hold' }));
    await within(dialog).findByText('Already lifted by Kim.');
    server.on('POST /api/admin/users/user-1/hold/lift', apiError(500, 'INTERNAL', 'Broken'));
    await user.click(within(dialog).getByRole('button', { name: 'Lift hold' }));
    await within(dialog).findByText(h.liftFailed);

    // A try the browser stops starts without the last refusal too.
    await user.clear(reason);
    await user.click(within(dialog).getByRole('button', { name: 'Lift hold' }));
    await vi.waitFor(() => expect(describedBy(reason)).toContain(h.liftReasonRequired));
    expect(within(dialog).queryByText(h.liftFailed)).toBeNull();
  });
});

describe('Staff console: Verify User', () => {
  function renderVerify() {
    const onFlash = vi.fn();
    const onOpenChange = vi.fn();
    const applicant = userDetail({ status: 'pending', verificationStatus: 'pending' });
    renderWithProviders(<VerifyUserDialog user={applicant} open onOpenChange={onOpenChange} onFlash={onFlash} />);
    return {
      onFlash,
      onOpenChange,
      dialog: screen.getByRole('dialog', { name: 'Verify User' }),
      user: userEvent.setup(),
    };
  }

  it('Request Info: the details are asked for, then sent with the checklist', async () => {
    const server = stubFetch({ ...refresh, 'POST /api/admin/users/user-1/request-info': { message: 'ok' } });
    const { dialog, onFlash, onOpenChange, user } = renderVerify();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Identity verified' }));
    await user.click(within(dialog).getByRole('button', { name: 'Request Info' }));
    const text = within(dialog).getByLabelText('Information needed');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(invalid(text)).toBe(true);
    expect(describedBy(text)).toContain(a.infoRequired);
    await user.type(text, ' A utility bill{Enter}and a payslip ');
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await vi.waitFor(() => expect(onFlash).toHaveBeenCalledWith('success', a.infoRequested('Paula Member')));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(server.to('POST', '/api/admin/users/user-1/request-info').map((request) => request.body)).toEqual([
      {
        details: 'A utility bill\nand a payslip',
        checklist: { identityVerified: true, addressVerified: false, employmentVerified: false, incomeVerified: false },
      },
    ]);
  });

  it('Reject: the server’s word on the reason under the field; a refusal above the buttons', async () => {
    const server = stubFetch({
      ...refresh,
      'POST /api/admin/users/user-1/reject': apiError(400, 'VALIDATION_FAILED', 'Invalid', { reason: 'Say more' }),
    });
    const { dialog, user } = renderVerify();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('button', { name: 'Reject' }).getAttribute('aria-expanded')).toBe('true');
    const text = within(dialog).getByLabelText('Reason for rejection');
    await user.type(text, 'No{Enter}See the notes');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm rejection' }));
    await vi.waitFor(() => expect(describedBy(text)).toContain('Say more'));

    server.on('POST /api/admin/users/user-1/reject', apiError(409, 'CONFLICT', 'Already decided.'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm rejection' }));
    const alert = await within(dialog).findByText('Already decided.');
    // Above the Approve / Reject / Request Info buttons, not in the reason's box.
    expect(alert.closest('form')).toBeNull();

    // Choosing again starts afresh.
    await user.click(within(dialog).getByRole('button', { name: 'Request Info' }));
    expect(within(dialog).queryByText('Already decided.')).toBeNull();
    expect((within(dialog).getByLabelText('Information needed') as HTMLTextAreaElement).value).toBe('');
  });

  it('Approve: a broken server says the spec sentence', async () => {
    stubFetch({ ...refresh, 'POST /api/admin/users/user-1/approve': apiError(500, 'INTERNAL', 'Broken') });
    const { dialog, user } = renderVerify();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(a.updateStatusFailed);
  });
});

describe('Staff console: Create New User', () => {
  async function fillAndCreate(answer: unknown) {
    const server = stubFetch({ ...refresh, 'POST /api/admin/users': answer as object });
    const onCreated = vi.fn();
    renderWithProviders(<CreateUserDialog open onOpenChange={() => undefined} onCreated={onCreated} />);
    const dialog = screen.getByRole('dialog', { name: 'Create New User' });
    const user = userEvent.setup();
    const field = (label: string) => within(dialog).getByLabelText(label, { exact: true });
    await fillRequired(user, field, 'Harper Quill', 'harper@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    return { server, dialog, field, onCreated, user };
  }

  function openEmpty(answer: unknown = { user: userSummary(), message: 'Created' }) {
    const server = stubFetch({ ...refresh, 'POST /api/admin/users': answer as object });
    renderWithProviders(<CreateUserDialog open onOpenChange={() => undefined} onCreated={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Create New User' });
    const field = (label: string) => within(dialog).getByLabelText(label, { exact: true });
    const create = () => within(dialog).getByRole('button', { name: 'Create User' });
    return { server, dialog, field, create, user: userEvent.setup() };
  }

  // The API answers the same empty form with these very words, field by field (admin-users.test.ts).
  it('left empty: every box says, under it, that it is required, in one wording; nothing is sent', async () => {
    const { server, dialog, field, create, user } = openEmpty();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Joint account' }));
    await user.click(create());
    const r = messages.registration;
    const labels = [
      'Name',
      'Email',
      'Phone',
      'Password',
      'Street',
      'City',
      'State',
      'ZIP code',
      'Joint holder name',
      'Joint holder email',
      'Joint holder phone',
    ];
    await vi.waitFor(() => expect(invalid(field('Name'))).toBe(true));
    for (const label of labels) {
      expect(invalid(field(label)), label).toBe(true);
      expect(describedBy(field(label)), label).toContain(r.required(label));
    }
    // The password's hint stays beside its message.
    expect(describedBy(field('Password'))).toBe(`At least 8 characters. | ${r.required('Password')}`);
    expect(document.activeElement).toBe(field('Name'));
    expect(server.to('POST', '/api/admin/users')).toHaveLength(0);

    // What was typed wrongly then gets the rule's own words.
    await user.type(field('Email'), 'harper@');
    await user.type(field('Password'), 'short');
    await user.type(field('Joint holder phone'), 'call me');
    await user.click(create());
    await vi.waitFor(() => expect(describedBy(field('Email'))).toContain(r.emailInvalid));
    expect(describedBy(field('Password'))).toContain(r.passwordTooShort);
    expect(describedBy(field('Joint holder phone'))).toContain(r.phoneInvalid);
  });

  it('Role Admin: no opening balances and no Joint account are offered, and none are sent', async () => {
    const created = userSummary({ email: 'kim@example.com', name: 'Kim Staff', role: 'admin', status: 'active' });
    const { server, dialog, field, create, user } = openEmpty({ user: created, message: 'Created' });
    // Typed for a member first, then the role changed.
    await user.clear(field('Checking balance'));
    await user.type(field('Checking balance'), '250.00');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Joint account' }));
    await user.type(field('Joint holder name'), 'Sky Quill');
    await user.selectOptions(field('Role'), 'admin');

    expect(within(dialog).queryByRole('checkbox', { name: 'Joint account' })).toBeNull();
    expect(within(dialog).queryByLabelText('Joint holder name')).toBeNull();
    expect(within(dialog).queryByLabelText('Checking balance')).toBeNull();
    expect(within(dialog).queryByLabelText('Savings balance')).toBeNull();
    expect(describedBy(field('Role'))).toContain('Staff have no accounts');

    await fillRequired(user, field, 'Kim Staff', 'kim@example.com');
    await user.click(create());
    await vi.waitFor(() => expect(server.to('POST', '/api/admin/users')).toHaveLength(1));
    const body = server.to('POST', '/api/admin/users')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ role: 'admin', isJointAccount: false, jointAccountHolder: null });
    expect(body).not.toHaveProperty('checkingBalance');
    expect(body).not.toHaveProperty('savingsBalance');

    // Back to User: the member's boxes are there again, empty.
    await user.selectOptions(field('Role'), 'user');
    expect((field('Checking balance') as HTMLInputElement).value).toBe('0.00');
    expect((within(dialog).getByRole('checkbox', { name: 'Joint account' }) as HTMLInputElement).checked).toBe(false);
  });

  it('the API’s refusal of a joint holder for staff is said above the buttons', async () => {
    const { dialog, field, create, user } = openEmpty(
      apiError(400, 'VALIDATION_FAILED', a.staffNoJointAccount, { isJointAccount: a.staffNoJointAccount }),
    );
    await fillRequired(user, field, 'Kim Staff', 'kim@example.com');
    await user.click(create());
    const alert = await within(dialog).findByText(/^Failed to create user/);
    expect(alert.closest('[role="alert"]')?.textContent).toBe(a.createUserFailed(a.staffNoJointAccount));
  });

  it('creates the member and hands them back', async () => {
    const created = userSummary({ email: 'harper@example.com', name: 'Harper Quill' });
    const { server, onCreated } = await fillAndCreate({ user: created, message: 'Created' });
    await vi.waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
    expect(server.to('POST', '/api/admin/users')[0]?.body).toMatchObject({
      name: 'Harper Quill',
      email: 'harper@example.com',
      role: 'user',
      jointAccountHolder: null,
      checkingBalance: '0.00',
      savingsBalance: '0.00',
    });
  });

  it('an e-mail in use: "Failed to create user: {reason}"', async () => {
    const { dialog, field } = await fillAndCreate(
      apiError(409, 'CONFLICT', 'An account with this email already exists.', {
        email: 'An account with this email already exists.',
      }),
    );
    await vi.waitFor(() => expect(describedBy(field('Email'))).toContain('already exists'));
    const alert = await within(dialog).findByText(/^Failed to create user/);
    expect(alert.closest('[role="alert"]')?.textContent).toBe(
      'Failed to create user: An account with this email already exists.',
    );
  });

  it('the server’s words on fields go under them, with no sentence above the buttons', async () => {
    const { dialog, field } = await fillAndCreate(
      apiError(400, 'VALIDATION_FAILED', 'Check the form', { 'address.city': 'Unknown city' }),
    );
    await vi.waitFor(() => expect(invalid(field('City'))).toBe(true));
    expect(describedBy(field('City'))).toContain('Unknown city');
    expect(within(dialog).queryByText(/Failed to create user/)).toBeNull();
  });

  it('a refusal about no field, and a broken server', async () => {
    const { dialog, server, user } = await fillAndCreate(apiError(400, 'VALIDATION_FAILED', 'Check the form'));
    expect((await within(dialog).findByText(/^Failed to create user/)).textContent).toBe(
      'Failed to create user: Check the form',
    );
    server.on('POST /api/admin/users', apiError(500, 'INTERNAL', 'Broken'));
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    await within(dialog).findByText(a.createUserFailed(messages.generic.internal));
  });
});
