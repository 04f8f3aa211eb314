import { zodResolver } from '@hookform/resolvers/zod';
import {
  type SessionInfo,
  type SignInChallenge,
  type SignInInput,
  type SignInResult,
  signInSchema,
} from '@mutual/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { sessionQueryKey, useSession } from '../session/session-context';
import { Alert } from '../../components/alert';
import { useSite } from '../site/site-context';
import { AuthCard, textLinkClass } from './auth-shell';
import { CodeStep } from './code-step';
import { CredentialsStep } from './credentials-step';
import { DemoSignIns } from './demo-sign-ins';
import { postSignInPath } from './post-sign-in-path';
import { readRememberedEmail, saveRememberedEmail } from './remembered-email';
import { SignedInNotice } from './signed-in-notice';

type Step =
  /** `returned`: back from step 2, so the password box takes focus (the code box it had is gone). */
  { kind: 'credentials'; failure: string | null; returned: boolean } | { kind: 'code'; challenge: SignInChallenge };

/** Sign-in (spec §2): e-mail and password, then a one-time code. */
export function SignInFlow() {
  const site = useSite();
  const { user, signOut, farewell } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [remembered] = useState(readRememberedEmail);
  const [remember, setRemember] = useState(remembered !== '');
  const [step, setStep] = useState<Step>({ kind: 'credentials', failure: null, returned: false });
  const form = useForm<SignInInput, unknown, SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: remembered, password: '' },
  });

  const changeRemember = (value: boolean) => {
    setRemember(value);
    // Unticking forgets at once, not only at the next successful sign-in.
    if (!value) saveRememberedEmail(null);
  };

  const signedIn = (result: SignInResult) => {
    // Nothing cached for whoever used this tab before may show to the person now signed in.
    queryClient.removeQueries({
      predicate: (query) => !['site', ...sessionQueryKey].includes(String(query.queryKey[0])),
    });
    queryClient.setQueryData<SessionInfo>(sessionQueryKey, {
      user: result.user,
      idleExpiresAt: result.idleExpiresAt,
      absoluteExpiresAt: result.absoluteExpiresAt,
      serverTime: result.serverTime,
    });
    const from: unknown = (location.state as { from?: unknown } | null)?.from;
    void navigate(postSignInPath(result, from), { replace: true });
  };

  const fill = (signIn: { email: string; password: string }) => {
    form.clearErrors();
    form.setValue('email', signIn.email);
    form.setValue('password', signIn.password);
    form.setFocus('password');
  };

  const showDemo = site.demo && site.demoSignIns.length > 0;
  // Why the person is here: signed out, or their session ended (sent by the sign-out and idle paths).
  const stateMessage: unknown = (location.state as { message?: unknown } | null)?.message;
  const arrivalMessage = typeof stateMessage === 'string' ? stateMessage : farewell;
  return (
    <>
      {user && <SignedInNotice user={user} onSignOut={signOut} />}
      {!user && typeof arrivalMessage === 'string' && step.kind === 'credentials' && (
        <Alert tone="info" className="mb-4">
          {arrivalMessage}
        </Alert>
      )}
      <AuthCard
        eyebrow="Online Banking"
        title="Sign in to Online Banking"
        description={
          step.kind === 'credentials'
            ? `Welcome back. Sign in to ${site.brand.name} with your e-mail address and password.`
            : 'Step 2 of 2: confirm it is you with a one-time code.'
        }
      >
        {step.kind === 'credentials' ? (
          <CredentialsStep
            form={form}
            remember={remember}
            onRememberChange={changeRemember}
            initialFailure={step.failure}
            focusPassword={step.returned}
            onChallenge={(challenge) => setStep({ kind: 'code', challenge })}
          />
        ) : (
          <CodeStep
            challenge={step.challenge}
            onBack={() => setStep({ kind: 'credentials', failure: null, returned: true })}
            onRestart={(failure) => setStep({ kind: 'credentials', failure, returned: true })}
            onSignedIn={signedIn}
          />
        )}
        {step.kind === 'credentials' && (
          <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
            New to {site.brand.shortName}?{' '}
            <Link to="/signup" className={textLinkClass}>
              Become a member
            </Link>
          </p>
        )}
      </AuthCard>
      {showDemo && <DemoSignIns signIns={site.demoSignIns} awaitingCode={step.kind === 'code'} onFill={fill} />}
    </>
  );
}
