import { type Me, messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { me, member, siteFacts } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { useMe } from './profile-api';
import { LoginAlertsPanel, NotificationsPanel, useSettingsDraft } from './settings-preferences';

const s = messages.settings;
const session = { user: member, idleExpiresAt: null, absoluteExpiresAt: null };

/** Both tabs' panels on one draft, the way Account Settings shows them (with `GET /api/me`). */
function Settings() {
  const record = useMe();
  return record.data ? <Panels me={record.data} /> : null;
}

function Panels({ me }: { me: Me }) {
  const settings = useSettingsDraft(me);
  return (
    <>
      <section aria-label="Notifications">
        <NotificationsPanel settings={settings} />
      </section>
      <section aria-label="Security">
        <LoginAlertsPanel settings={settings} />
      </section>
    </>
  );
}

function renderSettings(routes: StubRoutes = {}, { textMessages = false } = {}) {
  const server = stubFetch({ 'GET /api/auth/session': session, 'GET /api/me': me, ...routes });
  const user = userEvent.setup();
  renderWithProviders(<Settings />, { session: true, site: { ...siteFacts, textMessages } });
  const saveIn = (section: string) =>
    user.click(
      screen.getByRole('region', { name: section }).querySelector('button:not([role="switch"])') as HTMLButtonElement,
    );
  return { server, user, saveIn };
}

describe('account settings switches', () => {
  it('starts from the member’s settings, with nothing unsaved', async () => {
    renderSettings();
    expect((await screen.findByRole('switch', { name: 'Email' })).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('switch', { name: 'SMS' }).getAttribute('aria-checked')).toBe('false');
    expect(screen.getByRole('switch', { name: 'Login alerts' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
  });

  it(`says plainly that texts are not available yet: the SMS switch is off and cannot be turned on`, async () => {
    // A setting stored before (sms on) changes nothing: no text is ever sent, so none is shown on.
    const { server, user, saveIn } = renderSettings({
      'GET /api/me': { ...me, notifications: { ...me.notifications, sms: true } },
      'PATCH /api/me/settings': (request) => ({ me: { ...me, ...(request.body as object) }, message: '' }),
    });
    const sms = await screen.findByRole('switch', { name: 'SMS' });
    expect(sms.getAttribute('aria-checked')).toBe('false');
    expect((sms as HTMLButtonElement).disabled).toBe(true);
    expect(sms.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(sms.getAttribute('aria-describedby') ?? '')?.textContent).toBe(s.textsUnavailable);
    await user.click(sms);
    expect(sms.getAttribute('aria-checked')).toBe('false');
    await user.click(screen.getByRole('switch', { name: 'Push' }));
    await saveIn('Notifications');
    await screen.findAllByText(s.updated);
    expect(server.to('PATCH', '/api/me/settings')[0]?.body).toMatchObject({ notifications: { sms: false } });
  });

  it('says what Push does: alerts in this app, the notices still listed when it is off', async () => {
    renderSettings();
    const push = await screen.findByRole('switch', { name: 'Push' });
    const description = document.getElementById(push.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(description).toContain('light up the bell');
    expect(description).toContain('still listed');
  });

  it(`saves the switches of both tabs together and says "${s.updated}"`, async () => {
    // Once the credit union can send texts, SMS is a switch like the others.
    const { server, user, saveIn } = renderSettings(
      { 'PATCH /api/me/settings': (request) => ({ me: { ...me, ...(request.body as object) }, message: '' }) },
      { textMessages: true },
    );
    await user.click(await screen.findByRole('switch', { name: 'SMS' }));
    await user.click(screen.getByRole('switch', { name: 'Login alerts' }));
    expect(screen.getByRole('switch', { name: 'SMS' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getAllByText('You have unsaved changes.')).toHaveLength(2);
    await saveIn('Notifications');
    // Both tabs say so (one is hidden in the dialog), and nothing is left unsaved.
    expect(await screen.findAllByText(s.updated)).toHaveLength(2);
    expect(screen.queryByText('You have unsaved changes.')).toBeNull();
    expect(server.to('PATCH', '/api/me/settings')[0]?.body).toEqual({
      notifications: { email: true, sms: true, push: false },
      security: { loginAlerts: false },
    });
  });

  it('shows the server’s words when it refuses, and its own sentence when it broke', async () => {
    let status = 400;
    const { user, saveIn } = renderSettings(
      {
        'PATCH /api/me/settings': () =>
          status === 400
            ? apiError(400, 'VALIDATION_FAILED', 'Settings refused.', { 'notifications.sms': 'Not allowed.' })
            : apiError(500, 'INTERNAL', 'Boom'),
      },
      { textMessages: true },
    );
    await user.click(await screen.findByRole('switch', { name: 'SMS' }));
    await saveIn('Notifications');
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect((await within(notifications).findByRole('alert')).textContent).toBe('Settings refused.');
    // Another change clears the old outcome.
    await user.click(screen.getByRole('switch', { name: 'Push' }));
    expect(screen.queryByRole('alert')).toBeNull();
    status = 500;
    await saveIn('Security');
    expect((await within(notifications).findByRole('alert')).textContent).toBe(s.updateFailed);
  });
});
