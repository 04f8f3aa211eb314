import type { AppRoute } from '@mutual/shared';
import type { NavLink } from '../../components/link-list';

/** What a link in a content page's "Related pages" box says, for each page such a box may point to. */
const relatedPageLabels = {
  '/about': 'About us',
  '/accessibility': 'Accessibility',
  '/accounts/checking': 'Checking',
  '/accounts/savings': 'Savings',
  '/calculators': 'Loan calculator',
  '/careers': 'Careers',
  '/community': 'Community',
  '/locations': 'Branches & ATMs',
  '/mortgages': 'Mortgages',
  '/privacy': 'Privacy',
  '/products': 'All products',
  '/schedule': 'Schedule a meeting',
  '/security': 'Security Center',
  '/terms': 'Terms of use',
} satisfies Partial<Record<AppRoute, string>>;

export type RelatedPath = keyof typeof relatedPageLabels;

/** The "Related pages" links for these paths, in the order given. */
export function relatedLinks(paths: RelatedPath[]): NavLink[] {
  return paths.map((to) => ({ to, label: relatedPageLabels[to] }));
}
