import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DataRouter } from 'react-router';
// From react-router/dom, not react-router: only this one can render a navigation at once
// (`flushSync`), which signing out asks for (features/navigation/use-sign-out).
import { RouterProvider } from 'react-router/dom';
import { SessionProvider } from '../features/session/session-context';
import { SiteProvider } from '../features/site/site-context';

/** The whole app around its routes: queries, the site facts, the session, the router. */
export function App({ router, queryClient }: { router: DataRouter; queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SiteProvider>
        <SessionProvider>
          <RouterProvider router={router} />
        </SessionProvider>
      </SiteProvider>
    </QueryClientProvider>
  );
}
