import type { AppRoute, PublicSite } from '@mutual/shared';
import type { ReactNode } from 'react';
import type { NavLink } from '../../components/link-list';
import type { RelatedPath } from './related-pages';

/**
 * One simple public page (footer and product links). Text that depends on the credit union's
 * configuration — rates, phone, address — is a function of the public site facts.
 */
export interface ContentPageDefinition {
  path: AppRoute;
  /** The h1 and the document title. */
  title: string;
  eyebrow: string;
  intro: (site: PublicSite) => ReactNode;
  body: (site: PublicSite) => ReactNode;
  cta: {
    title: string;
    text: (site: PublicSite) => ReactNode;
    primary: NavLink;
    secondary?: NavLink;
  };
  /** The pages listed under "Related pages", in order. */
  related: RelatedPath[];
}
