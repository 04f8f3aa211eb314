import { homePathFor } from '@mutual/shared';
import { useLiveUpdates } from '../../features/live/use-live-updates';
import { SignedInNav } from '../../features/navigation/signed-in-nav';
import { useAnchorScroll } from '../../features/navigation/use-anchor-scroll';
import { ProfileDialogsProvider } from '../../features/profile/profile-dialogs';
import { IdleWarning } from '../../features/session/idle-warning';
import { SessionEndWatch } from '../../features/session/session-end-watch';
import { useSession } from '../../features/session/session-context';
import { PageFrame } from './page-frame';

/** Signed-in layout (members and staff): /dashboard, /admin, /admin/reset-transfers. */
export function MemberLayout() {
  useAnchorScroll();
  const { user } = useSession();
  // Only members have a ledger to follow; staff and applicants get 403 from the stream.
  useLiveUpdates(user !== null && user.role !== 'admin' && homePathFor(user) === '/dashboard');
  return (
    <ProfileDialogsProvider>
      <PageFrame nav={<SignedInNav />} className="bg-slate-50" />
      <IdleWarning />
      <SessionEndWatch />
    </ProfileDialogsProvider>
  );
}
