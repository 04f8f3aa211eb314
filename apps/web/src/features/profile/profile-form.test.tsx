import { messages } from '@mutual/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, stubFetch, type StubRoutes } from '../../test/fetch-stub';
import { me, member } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { emailHint, ProfileForm } from './profile-form';

const r = messages.registration;
const session = { user: member, idleExpiresAt: null, absoluteExpiresAt: null };

function renderForm(routes: StubRoutes = {}) {
  const server = stubFetch({ 'GET /api/auth/session': session, ...routes });
  const user = userEvent.setup();
  renderWithProviders(<ProfileForm me={me} onCancel={() => undefined} />, { session: true });
  const save = () => user.click(screen.getByRole('button', { name: 'Save changes' }));
  return { server, user, save };
}

describe('profile form', () => {
  it('starts with the member’s details, and the sign-in e-mail read-only', () => {
    renderForm();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe(me.name);
    expect(screen.getByLabelText<HTMLInputElement>('City').value).toBe(me.address.city);
    const email = screen.getByLabelText<HTMLInputElement>('Email');
    expect(email.value).toBe(me.email);
    expect(email.readOnly).toBe(true);
    expect(screen.getByText(emailHint)).toBeTruthy();
  });

  it('names the fields that were emptied', async () => {
    const { server, user, save } = renderForm();
    await user.clear(screen.getByLabelText('Name'));
    await user.clear(screen.getByLabelText('Street'));
    await user.clear(screen.getByLabelText('Postal code'));
    await save();
    expect(await screen.findByText(r.required('Name'))).toBeTruthy();
    expect(screen.getByText(r.required('Street'))).toBeTruthy();
    expect(screen.getByText(r.required('Postal code'))).toBeTruthy();
    expect(server.to('PATCH', '/api/me/profile')).toHaveLength(0);
  });

  it(`refuses a phone number made of letters with "${r.phoneInvalid}"`, async () => {
    const { user, save } = renderForm();
    const phone = screen.getByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'no phone');
    await save();
    expect(await screen.findByText(r.phoneInvalid)).toBeTruthy();
  });

  it(`saves the changes and says "${messages.profile.updated}"`, async () => {
    const { server, user, save } = renderForm({
      'PATCH /api/me/profile': (request) => ({
        me: { ...me, ...(request.body as object) },
        message: messages.profile.updated,
      }),
    });
    const city = screen.getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Shelbyville');
    await save();
    expect(await screen.findByText(messages.profile.updated)).toBeTruthy();
    expect(server.to('PATCH', '/api/me/profile')[0]?.body).toMatchObject({
      name: me.name,
      address: { city: 'Shelbyville' },
    });

    // The next edit is not saved yet: the last save's sentence goes.
    await user.clear(screen.getByLabelText('Name'));
    expect(screen.queryByText(messages.profile.updated)).toBeNull();
    await save();
    expect(await screen.findByText(r.required('Name'))).toBeTruthy();
    expect(screen.queryByText(messages.profile.updated)).toBeNull();
  });

  it(`shows "${messages.profile.updateFailed}" and the server’s message under the field it refused`, async () => {
    const { save } = renderForm({
      'PATCH /api/me/profile': apiError(400, 'VALIDATION_FAILED', r.phoneInvalid, { phone: r.phoneInvalid }),
    });
    await save();
    expect(await screen.findByText(messages.profile.updateFailed)).toBeTruthy();
    expect(screen.getByText(r.phoneInvalid)).toBeTruthy();
  });
});
