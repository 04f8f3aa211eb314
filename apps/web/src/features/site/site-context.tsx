import type { PublicSite } from '@mutual/shared';
import { type ReactNode, useEffect } from 'react';
import { LoadError } from '../../components/query-state';
import { setDisplayTimeZone } from '../../lib/format-date';
import { createRequiredContext } from '../../lib/required-context';
import { useSiteFacts } from './site-api';

/** `useSite()`: the credit union's public facts (brand, contacts, rates); every page may rely on them. */
const [SiteContext, useSite] = createRequiredContext<PublicSite>('useSite', 'SiteProvider');
export { useSite };

export function SiteProvider({ children }: { children: ReactNode }) {
  const query = useSiteFacts();

  useEffect(() => {
    if (!query.data) return;
    // Set through the CSSOM (allowed by our CSP), so every brand shade follows the configuration
    // (the served page already has them; the dev server's does not).
    const root = document.documentElement.style;
    root.setProperty('--color-brand', query.data.brand.primaryColor);
    root.setProperty('--color-accent', query.data.brand.accentColor);
  }, [query.data]);

  if (query.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center text-slate-500" role="status">
        Loading…
      </div>
    );
  }
  if (query.isError) {
    return (
      <main className="flex min-h-screen items-center justify-center p-6">
        <div className="w-full max-w-md">
          <h1 className="mb-4 text-xl font-semibold">We could not load this page</h1>
          <LoadError
            error={query.error}
            fallback="Please check your connection and try again."
            onRetry={() => void query.refetch()}
          />
        </div>
      </main>
    );
  }
  // Before any screen renders: every date and time is shown on the credit union's clock.
  setDisplayTimeZone(query.data.timeZone);
  return <SiteContext.Provider value={query.data}>{children}</SiteContext.Provider>;
}
