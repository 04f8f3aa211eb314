import type { SessionUser } from '@mutual/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../test/fetch-stub';
import { me, member } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ProfileDialogsProvider } from '../profile/profile-dialogs';
import { MobileMenu } from './mobile-menu';
import { SignedInNav } from './signed-in-nav';
import { UserMenu } from './user-menu';

const staff: SessionUser = { ...member, role: 'admin' };
const session = { user: member, idleExpiresAt: null, absoluteExpiresAt: null };
const names = (elements: HTMLElement[]) => elements.map((element) => element.textContent);
/** The staff bar: the Admin Console and its sections (staff have no member accounts of their own). */
const staffLinks = [
  ['Admin', '/admin'],
  ['Payment Operations', '/admin/payments'],
  ['Deposit Review', '/admin/deposits'],
  ['Audit Log', '/admin/audit'],
  ['Scheduled Work', '/admin/scheduled-work'],
] as const;

function renderMobileMenu(user: SessionUser, route = '/dashboard') {
  stubFetch({ 'GET /api/auth/session': session, 'GET /api/me': me });
  const onClose = vi.fn();
  const menuButton = createRef<HTMLButtonElement>();
  renderWithProviders(
    <ProfileDialogsProvider>
      <button ref={menuButton} type="button">
        Close menu
      </button>
      <MobileMenu id="phone-menu" user={user} onClose={onClose} menuButton={menuButton} />
    </ProfileDialogsProvider>,
    { route, session: true },
  );
  return { onClose };
}

describe('the phone menu', () => {
  it('lists the main links, the current page marked, then the account items', () => {
    renderMobileMenu(member);
    const links = within(screen.getByRole('navigation', { name: 'Mobile' })).getAllByRole('link');
    expect(names(links)).toEqual(['Dashboard', 'Transfers', 'Cards', 'Bill Pay']);
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual(['page', null, null, null]);
    expect(links[1]?.getAttribute('href')).toBe('/dashboard#transfer-section');
    const buttons = screen.getAllByRole('button').filter((button) => button.textContent !== 'Close menu');
    expect(names(buttons)).toEqual(['Profile Settings', 'Account Settings', 'Sign out']);
    expect(screen.queryByRole('link', { name: 'Reset Transfer Counts' })).toBeNull();
  });

  it('gives staff the console’s sections, not the member links, and Reset Transfer Counts', () => {
    renderMobileMenu(staff, '/admin/users');
    const links = within(screen.getByRole('navigation', { name: 'Mobile' })).getAllByRole('link');
    expect(names(links)).toEqual(staffLinks.map(([label]) => label));
    expect(links.map((link) => link.getAttribute('href'))).toEqual(staffLinks.map(([, href]) => href));
    expect(links.map((link) => link.getAttribute('aria-current'))).toEqual(['page', null, null, null, null]);
    const reset = screen.getByRole('link', { name: 'Reset Transfer Counts' });
    expect(reset.getAttribute('href')).toBe('/admin/reset-transfers');
    expect(reset.closest('nav')).toBeNull();
  });

  it('marks the staff section being shown', () => {
    renderMobileMenu(staff, '/admin/payments');
    const nav = screen.getByRole('navigation', { name: 'Mobile' });
    expect(within(nav).getByRole('link', { name: 'Payment Operations' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBeNull();
  });

  it('closes itself and opens Profile Settings', async () => {
    const { onClose } = renderMobileMenu(member);
    await userEvent.click(screen.getByRole('button', { name: 'Profile Settings' }));
    expect(onClose).toHaveBeenCalled();
    expect(await screen.findByRole('dialog', { name: 'Profile Settings' })).toBeTruthy();
  });
});

describe('the avatar menu', () => {
  it('shows the e-mail and the account items, Sign out set apart', async () => {
    stubFetch({ 'GET /api/auth/session': session });
    renderWithProviders(
      <ProfileDialogsProvider>
        <UserMenu user={staff} />
      </ProfileDialogsProvider>,
      { session: true },
    );
    await userEvent.click(screen.getByTestId('user-menu-trigger'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByTestId('user-menu-email').textContent).toBe(staff.email);
    expect(names(within(menu).getAllByRole('menuitem'))).toEqual([
      'Profile Settings',
      'Account Settings',
      'Reset Transfer Counts',
      'Sign out',
    ]);
    expect(within(menu).getAllByRole('separator')).toHaveLength(2);
    expect(menu.lastElementChild?.previousElementSibling?.getAttribute('role')).toBe('separator');
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Account Settings' }));
    expect(await screen.findByRole('dialog', { name: 'Account Settings' })).toBeTruthy();
  });
});

describe('the signed-in top bar', () => {
  function renderBar(user: SessionUser) {
    stubFetch({
      'GET /api/auth/session': { ...session, user },
      'GET /api/me': me,
      'GET /api/me/notifications': { notifications: [], unread: 0 },
    });
    renderWithProviders(
      <ProfileDialogsProvider>
        <SignedInNav />
      </ProfileDialogsProvider>,
      { route: '/admin', session: true },
    );
  }

  it('shows staff the console’s sections only: no Dashboard, Transfers, Cards or Bill Pay', async () => {
    renderBar(staff);
    const bar = await screen.findByRole('navigation', { name: 'Main' });
    expect(names(within(bar).getAllByRole('link'))).toEqual(staffLinks.map(([label]) => label));
    for (const memberLink of ['Dashboard', 'Transfers', 'Cards', 'Bill Pay']) {
      expect(within(bar).queryByRole('link', { name: memberLink })).toBeNull();
    }
  });

  it('shows members Dashboard, Transfers, Cards and Bill Pay (spec §2)', async () => {
    renderBar(member);
    const bar = await screen.findByRole('navigation', { name: 'Main' });
    expect(names(within(bar).getAllByRole('link'))).toEqual(['Dashboard', 'Transfers', 'Cards', 'Bill Pay']);
  });
});
