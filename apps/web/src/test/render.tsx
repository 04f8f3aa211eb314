import type { PublicSite } from '@mutual/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach } from 'vitest';
import { SessionProvider } from '../features/session/session-context';
import { SiteProvider } from '../features/site/site-context';
import { setDisplayTimeZone } from '../lib/format-date';
import { siteFacts } from './fixtures';
import './happy-dom-gaps';

/**
 * Puts the site facts into the page the way the server does (`<script id="site-facts">`), so the
 * SiteProvider has them at once, without a `GET /api/site`.
 */
export function installSiteFacts(site: PublicSite = siteFacts): void {
  document.getElementById('site-facts')?.remove();
  const script = document.createElement('script');
  script.id = 'site-facts';
  script.type = 'application/json';
  script.textContent = JSON.stringify(site);
  document.head.append(script);
}

afterEach(() => {
  document.getElementById('site-facts')?.remove();
  // The SiteProvider set the credit union's zone for formatting; the next test starts without it.
  setDisplayTimeZone(undefined);
});

/** A fresh client per test: no retries, so a refused request shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

export interface RenderOptions {
  /** Where the router starts; the component under test is shown on every path not in `routes`. */
  route?: string;
  /** Other pages, e.g. `{ '/login': <SignInPage /> }`, to see where the app sends the person. */
  routes?: Record<string, ReactNode>;
  /** A layout route around every page (`<PublicLayout />`), to see what the frame does on navigating. */
  layout?: ReactElement;
  /** Wrap in the SessionProvider (it reads `GET /api/auth/session`, so stub that). */
  session?: boolean;
  site?: PublicSite;
  queryClient?: QueryClient;
}

/**
 * Renders a component inside what the app gives every screen: TanStack Query, a router, the site
 * facts and (when asked) the session.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    route = '/',
    routes = {},
    layout,
    session = false,
    site = siteFacts,
    queryClient = testQueryClient(),
  }: RenderOptions = {},
): RenderResult & { queryClient: QueryClient } {
  installSiteFacts(site);
  const pages = [
    ...Object.entries(routes).map(([path, element]) => <Route key={path} path={path} element={element} />),
    <Route key="*" path="*" element={ui} />,
  ];
  const tree = (
    <MemoryRouter initialEntries={[route]}>
      <Routes>{layout ? <Route element={layout}>{pages}</Route> : pages}</Routes>
    </MemoryRouter>
  );
  const result = render(
    <QueryClientProvider client={queryClient}>
      <SiteProvider>{session ? <SessionProvider>{tree}</SessionProvider> : tree}</SiteProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

/** Shows where the router is and the message a page was sent with, as a page heading would. */
export function LocationProbe({ name }: { name: string }) {
  const location = useLocation();
  const message = (location.state as { message?: unknown } | null)?.message;
  return (
    <main>
      <h1>{name}</h1>
      <p data-testid="location">{location.pathname + location.search}</p>
      {typeof message === 'string' && <p role="status">{message}</p>}
    </main>
  );
}
