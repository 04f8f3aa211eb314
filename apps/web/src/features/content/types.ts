import type { AppRoute, PublicSite } from '@mutual/shared';
import type { ReactNode } from 'react';

export interface ContentLink {
  to: string;
  label: string;
}

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
    primary: ContentLink;
    secondary?: ContentLink;
  };
  related: ContentLink[];
}
