import { messages } from '@mutual/shared';
import { LockKeyhole } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/alert';
import { ButtonLink } from '../../components/button';
import { AuthCard, AuthShell, BackToSignIn } from '../../features/auth/auth-shell';
import { ResetPasswordForm } from '../../features/auth/reset-password-form';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Tokens the server issues are long; anything shorter cannot be one, so say so before asking. */
const looksLikeToken = (token: string) => token.length >= 20 && token.length <= 200;

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [invalid, setInvalid] = useState<string | null>(looksLikeToken(token) ? null : messages.auth.resetInvalid);

  return (
    <AuthShell>
      <AuthCard
        icon={LockKeyhole}
        title="Choose a new password"
        description={invalid ? undefined : 'Pick a password you do not use anywhere else.'}
      >
        {invalid ? (
          <div className="space-y-5">
            <Alert tone="error">{invalid}</Alert>
            <ButtonLink to="/forgot-password" size="lg" className="w-full">
              Ask for a new link
            </ButtonLink>
          </div>
        ) : (
          <ResetPasswordForm token={token} onInvalidLink={setInvalid} />
        )}
        <BackToSignIn />
      </AuthCard>
    </AuthShell>
  );
}
