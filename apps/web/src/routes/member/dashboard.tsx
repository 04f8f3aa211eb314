import { Container } from '../../components/layout';
import { MemberDashboard } from '../../features/dashboard/member-dashboard';
import { StaffNotice } from '../../features/dashboard/staff-notice';
import { WelcomeHeader } from '../../features/dashboard/welcome-header';
import { useSession } from '../../features/session/session-context';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /dashboard: the member's money; staff sign-ins have none and are pointed to the console. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user } = useSession();
  if (!user) return null;
  return (
    <Container className="space-y-6 py-8 sm:py-10">
      {user.role === 'admin' ? (
        <>
          <WelcomeHeader user={user} />
          <StaffNotice />
        </>
      ) : (
        <MemberDashboard user={user} />
      )}
    </Container>
  );
}
