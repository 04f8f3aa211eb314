import { AuthShell, SignInPrompt } from '../../features/auth/auth-shell';
import { RegistrationForm } from '../../features/auth/registration-form';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';

export function SignupPage() {
  useDocumentTitle('Become a member');
  const site = useSite();
  return (
    <AuthShell width="3xl">
      <header>
        <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">Membership application</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Become a member</h1>
        <p className="mt-3 text-slate-600">
          Apply online in about ten minutes. Have your ID document ready. We review applications within{' '}
          {site.approvalTime} and e-mail you as soon as there is a decision.
        </p>
        <SignInPrompt className="mt-2 text-sm text-slate-600" />
      </header>
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <RegistrationForm />
      </div>
    </AuthShell>
  );
}
