/**
 * The simple content pages (the web's `content-pages.tsx` holds their text). The web's router needs
 * only the paths up front; a page's text loads with the page.
 */
export const contentPagePaths = [
  '/careers',
  '/locations',
  '/security',
  '/privacy',
  '/terms',
  '/accessibility',
  '/community',
  '/schedule',
  '/credit-cards',
  '/mortgages',
  '/accounts/checking',
  '/accounts/savings',
] as const;

/**
 * Paths the web app answers. The server uses this list to send the app with status 200 for a
 * known page and 404 for anything else, so crawlers and monitors see a real "not found".
 */
export const appRoutes = [
  '/',
  '/about',
  '/products',
  '/contact',
  '/login',
  '/signup',
  '/registration-success',
  '/pending-approval',
  '/forgot-password',
  '/reset-password',
  '/dashboard',
  '/dashboard/transactions',
  '/admin',
  '/admin/reset-transfers',
  '/admin/payments',
  '/admin/deposits',
  '/admin/audit',
  '/admin/scheduled-work',
  '/register',
  '/calculators',
  ...contentPagePaths,
  '/dev/mailbox',
  '/dev/terminal',
] as const;

export type AppRoute = (typeof appRoutes)[number];

export function isAppRoute(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return (appRoutes as readonly string[]).includes(normalised);
}

/**
 * Where a signed-in person belongs. Rejected applicants see their decision on the pending page.
 * (Here, not beside the auth schemas: the public pages need it without loading zod.)
 */
export function homePathFor(user: { role: string; status: string }): string {
  if (user.role === 'admin') return '/admin';
  if (user.role === 'pending' || user.status === 'pending' || user.status === 'rejected') return '/pending-approval';
  return '/dashboard';
}
