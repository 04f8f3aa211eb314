import type { PublicSite } from '@mutual/shared';
import { createContext, type ReactNode, useContext, useEffect } from 'react';
import { useSiteFacts } from './site-api';

const SiteContext = createContext<PublicSite | null>(null);

/** The credit union's public facts (brand, contacts, rates); every page may rely on them. */
export function useSite(): PublicSite {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite must be used inside <SiteProvider>');
  return site;
}

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
      <div className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
        <h1 className="text-xl font-semibold">We could not load this page</h1>
        <p className="text-slate-600">Please check your connection and try again.</p>
        <button
          type="button"
          onClick={() => void query.refetch()}
          className="rounded-lg bg-slate-900 px-4 py-2 font-medium text-white"
        >
          Try again
        </button>
      </div>
    );
  }
  return <SiteContext.Provider value={query.data}>{children}</SiteContext.Provider>;
}
