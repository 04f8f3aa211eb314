import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useFocusOnNavigation } from '../../features/navigation/use-focus-on-navigation';
import { DemoBanner } from './demo-banner';
import { Footer } from './footer';
import { ScrollToTopButton } from './scroll-to-top';

/**
 * The frame of every page: skip link, demo banner, the given navigation, the routed page, footer;
 * after a navigation that took the focus away, the new page's heading has it.
 */
export function PageFrame({ nav, className }: { nav: ReactNode; className?: string }) {
  useFocusOnNavigation();
  return (
    <div className={['flex min-h-screen flex-col', className].filter(Boolean).join(' ')}>
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <DemoBanner />
      {nav}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollToTopButton />
    </div>
  );
}
