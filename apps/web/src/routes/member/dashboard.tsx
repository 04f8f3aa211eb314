import { MemberDashboard } from '../../features/dashboard/member-dashboard';
import { StaffNotice } from '../../features/dashboard/staff-notice';
import { WelcomeHeader } from '../../features/dashboard/welcome-header';
import { SignedInPage } from './signed-in-page';

/** /dashboard: the member's money; staff sign-ins have none and are pointed to the console. */
export function DashboardPage() {
  return (
    <SignedInPage title="Dashboard">
      {(user) =>
        user.role === 'admin' ? (
          <>
            <WelcomeHeader user={user} />
            <StaffNotice />
          </>
        ) : (
          <MemberDashboard user={user} />
        )
      }
    </SignedInPage>
  );
}
