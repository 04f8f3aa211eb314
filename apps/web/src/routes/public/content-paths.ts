/**
 * The paths of the simple content pages (`content-pages.tsx` holds their text). The router needs
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
