import { ArrowLeft, KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard, AuthShell, textLinkClass } from '../../features/auth/auth-shell';
import { ForgotPasswordForm } from '../../features/auth/forgot-password-form';
import { readRememberedEmail } from '../../features/auth/remembered-email';
import { useDocumentTitle } from '../../lib/use-document-title';

export function ForgotPasswordPage() {
  useDocumentTitle('Reset your password');
  return (
    <AuthShell>
      <AuthCard icon={<KeyRound className="h-6 w-6" aria-hidden="true" />} title="Reset your password">
        <ForgotPasswordForm defaultEmail={readRememberedEmail()} />
        <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm">
          <Link to="/login" className={`inline-flex items-center gap-1.5 ${textLinkClass}`}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Back to sign in
          </Link>
        </p>
      </AuthCard>
    </AuthShell>
  );
}
