import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { DemoBanner } from './demo-banner';
import { Footer } from './footer';
import { ScrollToTopButton } from './scroll-to-top';
import { TopNav } from './top-nav';

export function PublicLayout() {
  const { pathname, hash } = useLocation();
  // A new page starts at the top, unless the link points at an anchor on it.
  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0 });
  }, [pathname, hash]);

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <DemoBanner />
      <TopNav />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      <ScrollToTopButton />
    </div>
  );
}
