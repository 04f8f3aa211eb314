import type { PublicSite } from '@mutual/shared';
import { Clock, Mail, MapPin, Phone, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { EmailText } from '../../components/email-text';
import { HoursText } from '../../components/hours-text';

function InfoCard({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <span className="inline-flex h-11 w-11 items-center justify-center rounded-xl bg-brand-soft text-brand">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
      <div className="mt-2 space-y-1 text-sm text-slate-600">{children}</div>
    </div>
  );
}

/** Call us / Email us / Visit us / Hours, all from the credit union's configuration. */
export function ContactInfoCards({ site }: { site: PublicSite }) {
  const { support, address } = site;
  return (
    // A column is never narrower than its card's content: the e-mail, kept whole from 640 px up, widens its own.
    <div
      className={[
        'grid gap-6 sm:grid-cols-[repeat(2,minmax(min-content,1fr))]',
        'lg:grid-cols-[repeat(4,minmax(min-content,1fr))]',
      ].join(' ')}
    >
      <InfoCard icon={Phone} title="Call us">
        <p>
          <a href={`tel:${support.phone}`} className="text-base font-semibold text-brand hover:underline">
            {support.phone}
          </a>
        </p>
        <p>
          <HoursText hours={support.hours} />
        </p>
      </InfoCard>
      <InfoCard icon={Mail} title="Email us">
        <p>
          <a
            href={`mailto:${support.email}`}
            className="font-semibold break-words text-brand hover:underline sm:whitespace-nowrap sm:[&_wbr]:hidden"
          >
            <EmailText email={support.email} />
          </a>
        </p>
        <p>We reply {support.emailResponse}.</p>
      </InfoCard>
      <InfoCard icon={MapPin} title="Visit us">
        <address className="not-italic">
          {address.street}
          <br />
          {address.city}, {address.state} {address.postalCode}
        </address>
      </InfoCard>
      <InfoCard icon={Clock} title="Hours">
        <p>
          <span className="font-medium text-slate-800">Phone:</span> <HoursText hours={support.hours} />
        </p>
        <p>
          <span className="font-medium text-slate-800">Live chat:</span> <HoursText hours={support.chatHours} />
        </p>
        <p>
          <span className="font-medium text-slate-800">Email:</span> replies {support.emailResponse}
        </p>
      </InfoCard>
    </div>
  );
}
