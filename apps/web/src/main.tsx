import { QueryClient } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { router } from './app/router';
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
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  ),
);
