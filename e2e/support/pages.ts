/**
 * Every public page and the <h1> it must show. Checking the exact heading (not just "some h1")
 * tells the real page apart from the app's "could not load" or "page not found" screens.
 */
export interface PublicPage {
  path: string;
  /** File-name friendly name for screenshots. */
  name: string;
  h1: string | RegExp;
}

export const publicPages: PublicPage[] = [
  { path: '/', name: 'home', h1: 'Banking that puts members first' },
  { path: '/about', name: 'about', h1: /^People helping people since \d{4}$/ },
  { path: '/products', name: 'products', h1: 'Products built around your goals' },
  { path: '/contact', name: 'contact', h1: "We're here to help" },
  { path: '/calculators', name: 'calculators', h1: 'Loan calculator' },
  { path: '/login', name: 'login', h1: 'Sign in to Online Banking' },
  { path: '/signup', name: 'signup', h1: 'Become a member' },
  { path: '/registration-success', name: 'registration-success', h1: 'Application received' },
  { path: '/forgot-password', name: 'forgot-password', h1: 'Reset your password' },
  // Without a token the page says the link is no good and offers a new one.
  { path: '/reset-password', name: 'reset-password', h1: 'Choose a new password' },
  { path: '/careers', name: 'careers', h1: 'Careers' },
  { path: '/locations', name: 'locations', h1: 'Branches & ATMs' },
  { path: '/security', name: 'security', h1: 'Security Center' },
  { path: '/privacy', name: 'privacy', h1: 'Privacy' },
  { path: '/terms', name: 'terms', h1: 'Terms of use' },
  { path: '/accessibility', name: 'accessibility', h1: 'Accessibility' },
  { path: '/community', name: 'community', h1: 'In our community' },
  { path: '/schedule', name: 'schedule', h1: 'Schedule a meeting' },
  { path: '/credit-cards', name: 'credit-cards', h1: 'Credit cards' },
  { path: '/mortgages', name: 'mortgages', h1: 'Mortgages' },
  { path: '/accounts/checking', name: 'accounts-checking', h1: 'Checking' },
  { path: '/accounts/savings', name: 'accounts-savings', h1: 'Savings' },
];

export function pageFor(path: string): PublicPage {
  const page = publicPages.find((candidate) => candidate.path === path);
  if (!page) throw new Error(`no public page ${path} in e2e/support/pages.ts`);
  return page;
}

/** The expected heading as an anchored pattern, for `toMatch` whether it was given as text or a pattern. */
export function headingPattern(path: string): RegExp {
  const { h1 } = pageFor(path);
  return typeof h1 === 'string' ? new RegExp(`^${h1.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : h1;
}
