import { messages } from '@mutual/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { me, member } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProfilePicture } from './profile-picture';

const session = { user: member, idleExpiresAt: null, absoluteExpiresAt: null };
const picture = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/png' });

describe('Profile picture, with the keyboard', () => {
  it('the file input keeps the focus while the picture uploads, and a second choice then sends nothing', async () => {
    let answer: () => void = () => undefined;
    const server = stubFetch({
      'GET /api/auth/session': session,
      'PUT /api/me/profile-image': () =>
        new Promise<void>((resolve) => (answer = resolve)).then(() => ({
          me: { ...me, profileImageUrl: '/api/files/ffffffff-0000-4000-8000-000000000001' },
          message: messages.profile.imageUpdated,
        })),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfilePicture me={me} />, { session: true });
    await user.tab();
    const input = screen.getByLabelText<HTMLInputElement>('Change picture');
    expect(document.activeElement).toBe(input);

    await user.upload(input, picture('me.png'));
    await screen.findByText('Uploading…');
    await waitFor(() => expect(server.to('PUT', '/api/me/profile-image')).toHaveLength(1));
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-disabled')).toBe('true');
    await user.upload(input, picture('again.png'));

    answer();
    expect((await screen.findByRole('status')).textContent).toBe(messages.profile.imageUpdated);
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-disabled')).toBeNull();
    expect(server.to('PUT', '/api/me/profile-image')).toHaveLength(1);
  });
});
