import type { PublicSite } from '@mutual/shared';
import { CalendarDays, ChevronRight, CreditCard, Landmark, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { HoursText } from '../../components/hours-text';

const helpLinks = [
  { to: '/schedule', label: 'Schedule a meeting', icon: CalendarDays },
  { to: '/locations', label: 'Branches & ATMs', icon: Landmark },
  { to: '/security', label: 'Security Center', icon: ShieldAlert },
  { to: '/calculators', label: 'Loan calculator', icon: CreditCard },
];

/** The column beside the form: urgent help, the routing number and where else to look. */
export function SupportDetails({ site }: { site: PublicSite }) {
  const { support } = site;
  return (
    <div className="space-y-6">
      <div className="rounded-2xl border border-amber-200 bg-amber-50 p-6">
        <h3 className="flex items-center gap-2 font-semibold text-amber-950">
          <ShieldAlert className="h-5 w-5 shrink-0" aria-hidden="true" />
          Lost card or suspected fraud?
        </h3>
        <p className="mt-2 text-sm text-amber-950">
          Do not use this form. Call us now at{' '}
          <a href={`tel:${support.phone}`} className="font-semibold whitespace-nowrap underline">
            {support.phone}
          </a>{' '}
          (<HoursText hours={support.hours} />) so we can protect your account straight away.
        </p>
        <p className="mt-2 text-sm text-amber-950">
          We will never ask you for your password, a sign-in code or your card PIN.
        </p>
      </div>

      <div className="rounded-2xl border border-slate-200 bg-slate-50 p-6">
        <h3 className="font-semibold text-slate-900">Support details</h3>
        <dl className="mt-3 space-y-3 text-sm">
          <div>
            <dt className="text-slate-600">Routing number</dt>
            <dd className="font-mono text-base font-semibold text-slate-900">{site.routingNumber}</dd>
          </div>
          <div>
            <dt className="text-slate-600">Replies to messages</dt>
            <dd className="text-slate-900">We reply {support.emailResponse}, by e-mail or phone as you prefer</dd>
          </div>
          <div>
            <dt className="text-slate-600">Membership applications</dt>
            <dd className="text-slate-900">Reviewed in {site.approvalTime}</dd>
          </div>
        </dl>
      </div>

      <nav aria-labelledby="contact-more-help" className="rounded-2xl border border-slate-200 p-6">
        <h3 id="contact-more-help" className="font-semibold text-slate-900">
          More ways we can help
        </h3>
        <ul className="mt-3 divide-y divide-slate-100">
          {helpLinks.map(({ to, label, icon: Icon }) => (
            <li key={to}>
              <Link
                to={to}
                className="group flex items-center gap-3 py-2.5 text-sm font-medium text-slate-800 hover:text-brand"
              >
                <Icon className="h-4 w-4 text-slate-500 group-hover:text-brand" aria-hidden="true" />
                <span className="flex-1">{label}</span>
                <ChevronRight className="h-4 w-4 text-slate-400" aria-hidden="true" />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
