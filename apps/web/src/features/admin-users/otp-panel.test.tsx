import { messages } from '@mutual/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { member as signedIn } from '../../test/fixtures';
import { pressEnter } from '../../test/keyboard';
import { renderWithProviders } from '../../test/render';
import { OtpPanel } from './otp-panel';
import { userDetail } from './test-fixtures';

const member = userDetail({ id: '5d2c1b0a-9f8e-4d7c-8b6a-000000000002' });
const codes = Array.from({ length: 10 }, (_, index) => `code-${index}`);

function renderPanel() {
  stubFetch({
    [`GET /api/admin/users/${member.id}/backup-codes`]: { total: 0, used: 0, remaining: 0 },
    [`POST /api/admin/users/${member.id}/backup-codes`]: { codes, message: messages.admin.backupCodesIssued },
  });
  renderWithProviders(<OtpPanel user={member} onFlash={() => undefined} />);
  return { panel: screen.getByRole('region', { name: 'Manage OTPs' }), user: userEvent.setup() };
}

describe('Manage OTPs, with the keyboard: the confirmation goes, the focus stays in the panel', () => {
  it('"Cancel" gives the focus back to the button that asked', async () => {
    const { panel, user } = renderPanel();
    const issue = within(panel).getByRole('button', { name: 'Issue new backup codes' });
    await pressEnter(user, issue);
    expect(document.activeElement).toBe(within(panel).getByRole('button', { name: 'Issue codes' }));
    await pressEnter(user, within(panel).getByRole('button', { name: 'Cancel' }));
    const again = within(panel).getByRole('button', { name: 'Issue new backup codes' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('lands on the panel’s heading once the codes are issued, above the new codes', async () => {
    const { panel, user } = renderPanel();
    await pressEnter(user, within(panel).getByRole('button', { name: 'Issue new backup codes' }));
    await user.keyboard('{Enter}');
    expect(await within(panel).findByText('code-9')).toBeTruthy();
    const heading = within(panel).getByRole('heading', { name: 'Manage OTPs' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});

describe('Manage OTPs for staff', () => {
  const colleague = userDetail({ id: '5d2c1b0a-9f8e-4d7c-8b6a-000000000003', role: 'admin' });

  it('offers no codes for another staff member: they issue their own', async () => {
    stubFetch({ [`GET /api/admin/users/${colleague.id}/backup-codes`]: { total: 0, used: 0, remaining: 0 } });
    renderWithProviders(<OtpPanel user={colleague} onFlash={() => undefined} />);
    const panel = screen.getByRole('region', { name: 'Manage OTPs' });
    expect(within(panel).getByText(messages.admin.staffIssueOwnCodes)).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Issue new backup codes' })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Revoke backup codes' })).toBeTruthy();
  });

  it('sends staff to Account Settings for their own codes', async () => {
    stubFetch({
      'GET /api/auth/session': {
        user: { ...signedIn, id: colleague.id, role: 'admin' },
        idleExpiresAt: null,
        absoluteExpiresAt: null,
      },
      [`GET /api/admin/users/${colleague.id}/backup-codes`]: { total: 10, used: 0, remaining: 10 },
    });
    renderWithProviders(<OtpPanel user={colleague} onFlash={() => undefined} />, { session: true });
    const panel = screen.getByRole('region', { name: 'Manage OTPs' });
    expect(await within(panel).findByText(messages.admin.ownCodesInSettings)).toBeTruthy();
    expect(within(panel).queryAllByRole('button')).toEqual([]);
  });
});
