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
/**
 * Staff have no member accounts (the dashboard's links would lead to "no member accounts"): their
 * bar holds the Admin Console and its sections. Reset Transfer Counts is in the account menu (spec §2).
 */
const staffItems: NavItem[] = [
  { label: 'Admin', pathname: '/admin', hash: '' },
  { label: 'Payment Operations', pathname: '/admin/payments', hash: '' },
  { label: 'Deposit Review', pathname: '/admin/deposits', hash: '' },
  { label: 'Audit Log', pathname: '/admin/audit', hash: '' },
  { label: 'Scheduled Work', pathname: '/admin/scheduled-work', hash: '' },
];

export function navItemsFor(user: SessionUser | null): NavItem[] {
  return user?.role === 'admin' ? staffItems : memberItems;
}

/** Whether the address is the item's page: a console section covers its own pages, "Admin" the rest of /admin. */
export function isCurrent(item: NavItem, location: { pathname: string; hash: string }): boolean {
  const under = (path: string) => location.pathname === path || location.pathname.startsWith(`${path}/`);
  if (item.pathname === '/admin') {
    return under('/admin') && !staffItems.some((other) => other !== item && under(other.pathname));
  }
  if (item.pathname.startsWith('/admin/')) return under(item.pathname);
  // Pages under the dashboard (the transaction history) belong to "Dashboard".
  if (item.pathname === '/dashboard' && item.hash === '' && location.pathname.startsWith('/dashboard/')) return true;
  return location.pathname === item.pathname && location.hash === item.hash;
}

export const resetTransfersPath = '/admin/reset-transfers';
