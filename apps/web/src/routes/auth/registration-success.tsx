import { CircleCheck, Home, LogIn } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { AuthCard, AuthShell } from '../../features/auth/auth-shell';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';

export function RegistrationSuccessPage() {
  useDocumentTitle('Application received');
  const site = useSite();
  const steps = [
    {
      title: 'We review your application',
      text: `Our team checks your details and ID document, usually within ${site.approvalTime}.`,
    },
    {
      title: 'We e-mail you',
      text: 'You hear from us when there is a decision, or if we need anything more from you.',
    },
    {
      title: 'You sign in',
      text:
        'Once approved, sign in with your e-mail and password, then a 6-digit code we send you. ' +
        'Your checking and savings accounts are ready.',
    },
  ];
  return (
    <AuthShell width="lg">
      <AuthCard
        icon={CircleCheck}
        title="Application received"
        description={
          <p>
            Thank you for applying to {site.brand.name}. Your application is under review, and we will send you an
            e-mail once it has been reviewed.
          </p>
        }
      >
        <section aria-labelledby="next-steps">
          <h2 id="next-steps" className="text-lg font-semibold text-slate-900">
            What happens next
          </h2>
          <ol className="mt-4 space-y-4">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span
                  className={
                    'inline-flex h-8 w-8 shrink-0 items-center justify-center ' +
                    'rounded-full bg-brand text-sm font-semibold text-white'
                  }
                  aria-hidden="true"
                >
                  {index + 1}
                </span>
                <div>
                  <p className="font-medium text-slate-900">{step.title}</p>
                  <p className="mt-0.5 text-sm text-slate-600">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <p className="mt-6 text-sm text-slate-600">
          Questions? Call us on{' '}
          <a href={`tel:${site.support.phone}`} className="font-medium text-brand hover:underline">
            {site.support.phone}
          </a>{' '}
          ({site.support.hours}).
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <ButtonLink icon={Home} to="/" size="lg">
            Return to Home
          </ButtonLink>
          <ButtonLink icon={LogIn} to="/login" variant="outline" size="lg">
            Sign in
          </ButtonLink>
        </div>
      </AuthCard>
    </AuthShell>
  );
}
