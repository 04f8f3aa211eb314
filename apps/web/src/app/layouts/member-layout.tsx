import { homePathFor } from '@mutual/shared';
import { Outlet } from 'react-router';
import { useLiveUpdates } from '../../features/live/use-live-updates';
import { SignedInNav } from '../../features/navigation/signed-in-nav';
import { useAnchorScroll } from '../../features/navigation/use-anchor-scroll';
import { ProfileDialogsProvider } from '../../features/profile/profile-dialogs';
import { IdleWarning } from '../../features/session/idle-warning';
import { useSession } from '../../features/session/session-context';
import { DemoBanner } from './demo-banner';
import { Footer } from './footer';
import { ScrollToTopButton } from './scroll-to-top';

/** Signed-in layout (members and staff): /dashboard, /admin, /admin/reset-transfers. */
export function MemberLayout() {
  useAnchorScroll();
  const { user } = useSession();
  // Only members have a ledger to follow; staff and applicants get 403 from the stream.
  useLiveUpdates(user !== null && user.role !== 'admin' && homePathFor(user) === '/dashboard');
  return (
    <ProfileDialogsProvider>
      <div className="flex min-h-screen flex-col bg-slate-50">
        <a
          href="#main"
          className="sr-only z-50 rounded bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <DemoBanner />
        <SignedInNav />
        <main id="main" className="flex-1">
          <Outlet />
        </main>
        <Footer />
        <ScrollToTopButton />
      </div>
      <IdleWarning />
    </ProfileDialogsProvider>
  );
}
