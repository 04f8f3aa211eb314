import type { PublicSite } from '@mutual/shared';
import { siteApi } from '@mutual/shared/contract/site';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The site facts' place in the cache; kept when a session ends. */
export const siteQueryKey = ['site'] as const;

/**
 * The facts the server put into the page (server: http/app-page.ts), so the first screen needs no
 * round trip; none under the Vite dev server, which serves the page as it is.
 */
function factsInPage(): PublicSite | undefined {
  const text = document.getElementById('site-facts')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PublicSite;
  } catch {
    return undefined;
  }
}

/** The credit union's public facts: those in the page when there are, else `GET` from the server. */
export function useSiteFacts() {
  return useQuery({
    queryKey: siteQueryKey,
    queryFn: () => call(siteApi.site),
    initialData: factsInPage,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
