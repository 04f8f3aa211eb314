import type { SessionUser } from '@mutual/shared';

export interface NavItem {
  label: string;
  pathname: string;
  /** An anchor on the dashboard (spec §2 route table: transfer-section, quick-actions-…). */
  hash: string;
}

const memberItems: NavItem[] = [
  { label: 'Dashboard', pathname: '/dashboard', hash: '' },
  { label: 'Transfers', pathname: '/dashboard', hash: '#transfer-section' },
  { label: 'Cards', pathname: '/dashboard', hash: '#quick-actions-cards' },
  { label: 'Bill Pay', pathname: '/dashboard', hash: '#quick-actions-billpay' },
];
const staffItem: NavItem = { label: 'Admin', pathname: '/admin', hash: '' };

export function navItemsFor(user: SessionUser | null): NavItem[] {
  return user?.role === 'admin' ? [...memberItems, staffItem] : memberItems;
}

/** The admin link covers every page under /admin; an anchor link only its own anchor. */
export function isCurrent(item: NavItem, location: { pathname: string; hash: string }): boolean {
  if (item.pathname === '/admin') return location.pathname === '/admin' || location.pathname.startsWith('/admin/');
  // Pages under the dashboard (the transaction history) belong to "Dashboard".
  if (item.pathname === '/dashboard' && item.hash === '' && location.pathname.startsWith('/dashboard/')) return true;
  return location.pathname === item.pathname && location.hash === item.hash;
}

export const resetTransfersPath = '/admin/reset-transfers';
