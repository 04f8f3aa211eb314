import { careersPage, communityPage, locationsPage, schedulePage } from '../../features/content/about-pages';
import { accessibilityPage, privacyPage, securityPage, termsPage } from '../../features/content/policy-pages';
import { checkingPage, creditCardsPage, mortgagesPage, savingsPage } from '../../features/content/product-pages';
import type { ContentPageDefinition } from '../../features/content/types';

export type { ContentPageDefinition } from '../../features/content/types';

/** The simple public pages behind footer and product links; the router adds a route for each. */
export const contentPages: ContentPageDefinition[] = [
  careersPage,
  locationsPage,
  securityPage,
  privacyPage,
  termsPage,
  accessibilityPage,
  communityPage,
  schedulePage,
  creditCardsPage,
  mortgagesPage,
  checkingPage,
  savingsPage,
];
