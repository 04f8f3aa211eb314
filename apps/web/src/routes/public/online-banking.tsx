import { CircleCheck, Clock, Mail, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Container } from '../../components/layout';
import { useSite } from '../../features/site/site-context';
import { useDocumentTitle } from '../../lib/use-document-title';

const membershipNeeds = [
  'A valid government-issued photo ID: passport, national ID or driver’s license',
  'Your home address, and proof of it if it differs from your ID',
  'Your date of birth, phone number and e-mail address',
  'An emergency contact’s name, relationship and phone number',
];

/**
 * Sign-in and registration arrive with the identity work. Until then these pages say so plainly
 * and point to people who can help, rather than showing a form that cannot work.
 */
export function OnlineBankingPage({ mode }: { mode: 'login' | 'signup' }) {
  const title = mode === 'login' ? 'Sign in to Online Banking' : 'Become a member';
  useDocumentTitle(title);
  const site = useSite();
  const { support } = site;

  return (
    <Container className="py-16 sm:py-20">
      <div className="mx-auto max-w-2xl">
        <p className="text-sm font-semibold tracking-wide text-accent-dark uppercase">Online Banking</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <div className="mt-6 flex gap-3 rounded-xl border border-brand/20 bg-brand-soft p-5 text-slate-800">
          <Clock className="mt-0.5 h-5 w-5 shrink-0 text-brand" aria-hidden="true" />
          <p>
            {mode === 'login'
              ? `Online Banking for ${site.brand.name} is being set up and sign-in is not open yet.`
              : `Online applications for ${site.brand.name} are being set up and are not open yet.`}{' '}
            Our team can help you in the meantime.
          </p>
        </div>

        {mode === 'signup' && (
          <section aria-labelledby="membership-needs" className="mt-10">
            <h2 id="membership-needs" className="text-xl font-semibold text-slate-900">
              What you need to join
            </h2>
            <ul className="mt-4 space-y-3">
              {membershipNeeds.map((need) => (
                <li key={need} className="flex gap-3 text-slate-700">
                  <CircleCheck className="mt-0.5 h-5 w-5 shrink-0 text-accent-dark" aria-hidden="true" />
                  {need}
                </li>
              ))}
            </ul>
            <p className="mt-4 text-slate-700">
              Applications are reviewed in {site.approvalTime}. Once approved, your checking and savings accounts open
              straight away. <Link to="/contact" className="font-medium text-brand underline underline-offset-2">Contact us</Link>{' '}
              to start an application or to ask a question.
            </p>
          </section>
        )}

        <section aria-labelledby="online-banking-help" className="mt-10 rounded-2xl border border-slate-200 p-6">
          <h2 id="online-banking-help" className="text-xl font-semibold text-slate-900">
            Reach member support
          </h2>
          <ul className="mt-4 space-y-3 text-slate-700">
            <li className="flex gap-3">
              <Phone className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0">
                <a href={`tel:${support.phone}`} className="font-semibold text-brand hover:underline">
                  {support.phone}
                </a>
                <span className="block text-sm text-slate-600">{support.hours}</span>
              </span>
            </li>
            <li className="flex gap-3">
              <Mail className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0">
                <a href={`mailto:${support.email}`} className="font-semibold [overflow-wrap:anywhere] text-brand hover:underline">
                  {support.email}
                </a>
                <span className="block text-sm text-slate-600">We reply {support.emailResponse}</span>
              </span>
            </li>
          </ul>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/contact">Send us a message</ButtonLink>
            {mode === 'login' ? (
              <ButtonLink to="/signup" variant="outline">
                Become a member
              </ButtonLink>
            ) : (
              <ButtonLink to="/locations" variant="outline">
                Visit a branch
              </ButtonLink>
            )}
          </div>
        </section>
      </div>
    </Container>
  );
}
