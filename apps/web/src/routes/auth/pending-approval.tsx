import { LogOut } from 'lucide-react';
import { ApplicationStatusView } from '../../features/auth/application-status';
import { AuthShell } from '../../features/auth/auth-shell';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { useSession } from '../../features/session/session-context';
import { useSignOut } from '../../features/navigation/use-sign-out';
import { IdleWarning } from '../../features/session/idle-warning';
import { useDocumentTitle } from '../../lib/use-document-title';

export function PendingApprovalPage() {
  useDocumentTitle('Your application');
  const { user } = useSession();
  const signOut = useSignOut();

  return (
    <AuthShell width="lg">
      <IdleWarning />
      <ApplicationStatusView />
      <div
        className={
          'flex flex-col gap-3 border-t border-slate-200 pt-6 text-sm text-slate-600 ' +
          'sm:flex-row sm:items-center sm:justify-between'
        }
      >
        {user && (
          <p className="min-w-0 [overflow-wrap:anywhere]">
            Signed in as <strong className="font-medium text-slate-800">{user.email}</strong>
          </p>
        )}
        <SignOutButton icon={LogOut} onSignOut={() => signOut()} className="sm:ml-auto" />
      </div>
    </AuthShell>
  );
}
