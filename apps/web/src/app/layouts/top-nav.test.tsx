import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { signedOutSession } from '../../test/fixtures';
import { LocationProbe, renderWithProviders } from '../../test/render';
import { PublicLayout } from './public-layout';

/** The public pages with their header, for a visitor on a phone. */
function renderPublicPages() {
  stubFetch({ 'GET /api/auth/session': signedOutSession });
  renderWithProviders(<LocationProbe name="Home" />, {
    layout: <PublicLayout />,
    session: true,
    routes: { '/products': <LocationProbe name="Products" /> },
  });
  const user = userEvent.setup();
  const openMenu = async () => {
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    return screen.getByRole('navigation', { name: 'Mobile' });
  };
  return { user, openMenu };
}

describe('the phone menu of the public pages', () => {
  it('closes with Escape and gives the focus back to its button', async () => {
    const { user, openMenu } = renderPublicPages();
    const menu = await openMenu();
    act(() => within(menu).getByRole('link', { name: 'Home' }).focus());
    await user.tab();
    expect(document.activeElement).toBe(within(menu).getByRole('link', { name: 'About' }));

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(document.activeElement).toBe(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes when the focus moves on past its last item, into the page', async () => {
    const { user, openMenu } = renderPublicPages();
    const menu = await openMenu();
    act(() => within(menu).getByRole('link', { name: 'Sign up' }).focus());
    await user.tab();
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    expect(document.activeElement).not.toBe(document.body);
  });

  it('closes on choosing a link, and the new page’s heading takes the focus', async () => {
    const { user, openMenu } = renderPublicPages();
    const menu = await openMenu();
    act(() => within(menu).getByRole('link', { name: 'Products' }).focus());
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('location').textContent).toBe('/products');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Products' })),
    );
  });
});
