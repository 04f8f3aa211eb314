import { type ApplicationStatus, messages, type PublicSite } from '@mutual/shared';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, Clock, Mail, Phone, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { LoadError } from '../../components/query-state';
import { useSession } from '../session/session-context';
import { useSite } from '../site/site-context';
import { AuthCard } from './auth-shell';
import { formatDate } from '../../lib/format-date';
import { InfoRequests } from './info-requests';
import { applicationQueryKey, useApplication } from './onboarding-api';

function ContactUs({ support }: { support: PublicSite['support'] }) {
  return (
    <ul className="mt-3 space-y-2 text-sm text-slate-700">
      <li className="flex gap-2">
        <Phone className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <span>
          <a href={`tel:${support.phone}`} className="font-semibold text-brand hover:underline">
            {support.phone}
          </a>{' '}
          <span className="text-slate-600">({support.hours})</span>
        </span>
      </li>
      <li className="flex gap-2">
        <Mail className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        <a
          href={`mailto:${support.email}`}
          className="font-semibold [overflow-wrap:anywhere] text-brand hover:underline"
        >
          {support.email}
        </a>
      </li>
    </ul>
  );
}

function Rejected({ application, site }: { application: ApplicationStatus; site: PublicSite }) {
  return (
    <AuthCard
      icon={XCircle}
      title="Your application was not approved"
      description={
        <p>
          We are sorry: after reviewing your application, {site.brand.name} could not open a membership for you at this
          time.
        </p>
      }
    >
      {application.rejectionReason && (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Reason given</p>
          <p className="mt-1 whitespace-pre-line text-slate-900">{application.rejectionReason}</p>
        </div>
      )}
      <h2 className="mt-6 font-semibold text-slate-900">Questions about this decision?</h2>
      <p className="mt-1 text-sm text-slate-600">
        Our member services team can explain it and tell you what you can do next.
      </p>
      <ContactUs support={site.support} />
    </AuthCard>
  );
}

/** Approved while this page was open: the session still says "applicant" until it is read again. */
function Approved() {
  const { refresh } = useSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const open = async () => {
    setBusy(true);
    await refresh();
    void navigate('/dashboard');
  };
  return (
    <AuthCard
      icon={CircleCheck}
      title="Your application has been approved"
      description="Welcome! Your checking and savings accounts are open."
    >
      <Button size="lg" onClick={() => void open()} busy={busy}>
        Go to your dashboard
      </Button>
    </AuthCard>
  );
}

/** The pending-approval page's content: under review, questions from staff, or the decision. */
export function ApplicationStatusView() {
  const site = useSite();
  const queryClient = useQueryClient();
  const [sent, setSent] = useState(false);
  const query = useApplication();

  if (query.isPending) {
    return (
      <p role="status" className="py-10 text-center text-slate-600">
        Loading your application…
      </p>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        title="We could not load your application"
        error={query.error}
        fallback={messages.generic.internal}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const application = query.data;
  if (application.status === 'rejected') return <Rejected application={application} site={site} />;
  if (application.status === 'approved' || application.status === 'active') return <Approved />;

  return (
    <>
      <AuthCard
        icon={Clock}
        title="Your account is under review"
        description={
          <>
            <p>
              Thank you for applying to {site.brand.name}. Reviews typically take {site.approvalTime}, and we will send
              you an e-mail to let you know as soon as there is a decision.
            </p>
            <p className="mt-3 text-sm">
              Application received{' '}
              <time dateTime={application.registrationDate}>{formatDate(application.registrationDate, 'long')}</time>
            </p>
          </>
        }
      />
      <InfoRequests
        requests={application.infoRequests}
        sent={sent}
        onSent={(status) => {
          queryClient.setQueryData(applicationQueryKey, status);
          setSent(true);
        }}
      />
    </>
  );
}
