import { messages } from '@mutual/shared';
import { ShieldCheck } from 'lucide-react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Container } from '../../components/layout';
import { AdminConsole } from '../../features/admin-users/admin-console';
import { useProfileDialogs } from '../../features/profile/profile-dialogs';
import { useSession } from '../../features/session/session-context';
import { useDocumentTitle } from '../../lib/use-document-title';

/** /admin — the staff console (spec §2 "Admin dashboard"). */
export function AdminPage() {
  useDocumentTitle('Admin Dashboard');
  const { user } = useSession();
  if (user?.mustEnrolTotp) return <EnrolAuthenticatorFirst />;
  return <AdminConsole />;
}

/** With REQUIRE_STAFF_TOTP the API refuses the console until staff enrol an authenticator app. */
function EnrolAuthenticatorFirst() {
  const dialogs = useProfileDialogs();
  return (
    <Container className="max-w-2xl py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
      <Alert tone="warning" title="Set up an authenticator app first" className="mt-6">
        <p>{messages.auth.staffTotpRequired}</p>
        <Button icon={ShieldCheck} className="mt-3" onClick={(event) => dialogs.open('settings', event.currentTarget)}>
          Open Account Settings
        </Button>
      </Alert>
    </Container>
  );
}
