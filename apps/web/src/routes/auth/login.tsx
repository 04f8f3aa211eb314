import { AuthShell } from '../../features/auth/auth-shell';
import { SignInFlow } from '../../features/auth/sign-in-flow';
import { useDocumentTitle } from '../../lib/use-document-title';

export function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <AuthShell>
      <SignInFlow />
    </AuthShell>
  );
}
