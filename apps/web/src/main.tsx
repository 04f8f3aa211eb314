import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router';
import { SessionProvider } from './features/session/session-context';
import { SiteProvider } from './features/site/site-context';
import './index.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: 1, refetchOnWindowFocus: false },
    // A form's request goes out even when the browser thinks it is offline, so the person sees
    // "We could not reach the server" instead of a button stuck on "Signing in…".
    mutations: { networkMode: 'always' },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The first render as a transition: React draws in slices and yields to the browser between them,
// so a slow phone is never frozen for the whole first screen (Lighthouse's Total Blocking Time).
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteProvider>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </SiteProvider>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
