import { homePathFor, type SessionUser } from '@mutual/shared';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from './session-context';

type Audience = 'member' | 'staff' | 'applicant';

function belongs(user: SessionUser, audience: Audience): boolean {
  const home = homePathFor(user);
  if (audience === 'staff') return user.role === 'admin';
  // Staff have everything a member has (spec §6), so they may open the dashboard too.
  if (audience === 'member') return home === '/dashboard' || user.role === 'admin';
  return home === '/pending-approval';
}

/**
 * Route guard (a convenience; the API is the control). Signed-out visitors and non-staff on staff
 * pages go to /login (spec §2); signed-in people on a page that is not theirs go to their home.
 */
export function RequireSession({ audience, children }: { audience: Audience; children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center text-slate-500" role="status">
        Loading…
      </div>
    );
  }
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname + location.hash }} />;
  if (belongs(user, audience)) return children;
  if (audience === 'staff') return <Navigate to="/login" replace />;
  return <Navigate to={homePathFor(user)} replace />;
}
