import { KeyRound } from 'lucide-react';
import { AuthCard, AuthShell, BackToSignIn } from '../../features/auth/auth-shell';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';
import { readRememberedEmail } from '../../features/auth/remembered-email';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  return (
    <AuthShell>
      <AuthCard icon={KeyRound} title="Reset your password">
        <ForgotPasswordForm defaultEmail={readRememberedEmail()} />
        <BackToSignIn />
      </AuthCard>
    </AuthShell>
  );
}
