import { messages } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { me, member } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProfileDialog } from './profile-dialog';

const session = { user: member, idleExpiresAt: null, absoluteExpiresAt: null };
const part = (element: HTMLElement) => element.closest('[data-dialog-part]')?.getAttribute('data-dialog-part');

describe('Profile Settings', () => {
  it('keeps Close, Save changes and what saving did in its footer, under the scrolling fields', async () => {
    const server = stubFetch({
      'GET /api/auth/session': session,
      'GET /api/me': me,
      'PATCH /api/me/profile': (request) => ({
        me: { ...me, ...(request.body as object) },
        message: messages.profile.updated,
      }),
    });
    renderWithProviders(<ProfileDialog open onOpenChange={() => undefined} />, { session: true });
    const dialog = await screen.findByRole('dialog', { name: 'Profile Settings' });
    const city = await within(dialog).findByLabelText('City');
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(part(city)).toBe('body');
    expect(part(save)).toBe('footer');
    expect(part(within(dialog).getByText('Close', { selector: 'button' }))).toBe('footer');

    await userEvent.clear(city);
    await userEvent.type(city, 'Shelbyville');
    await userEvent.click(save);
    expect(part(await within(dialog).findByText(messages.profile.updated))).toBe('footer');
    expect(server.to('PATCH', '/api/me/profile')[0]?.body).toMatchObject({ address: { city: 'Shelbyville' } });
  });
});
