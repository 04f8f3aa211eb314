import { messages } from '@mutual/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { renderWithProviders } from '../../test/render';
import { ProfileImageUpload } from './profile-image-upload';
import { userDetail } from './test-fixtures';

const member = userDetail({ id: '5d2c1b0a-9f8e-4d7c-8b6a-000000000001' });
const picture = (name: string) => new File([new Uint8Array(1024)], name, { type: 'image/png' });

describe('a member’s profile image, with the keyboard', () => {
  it('the file input keeps the focus while the image uploads, and a second choice then sends nothing', async () => {
    let answer: () => void = () => undefined;
    const path = `/api/admin/users/${member.id}/profile-image`;
    const server = stubFetch({
      [`PUT ${path}`]: () =>
        new Promise<void>((resolve) => (answer = resolve)).then(() => ({ message: messages.profile.imageUpdated })),
    });
    const user = userEvent.setup();
    renderWithProviders(<ProfileImageUpload user={member} onFlash={() => undefined} />);
    await user.tab();
    const input = screen.getByLabelText<HTMLInputElement>('Upload profile image');
    expect(document.activeElement).toBe(input);

    await user.upload(input, picture('paula.png'));
    await screen.findByText('Uploading...');
    await waitFor(() => expect(server.to('PUT', path)).toHaveLength(1));
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('aria-disabled')).toBe('true');
    await user.upload(input, picture('again.png'));

    answer();
    await waitFor(() => expect(screen.queryByText('Uploading...')).toBeNull());
    expect(document.activeElement).toBe(input);
    expect(server.to('PUT', path)).toHaveLength(1);
  });
});
