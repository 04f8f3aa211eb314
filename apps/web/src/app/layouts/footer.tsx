import { Landmark, MapPin, ShieldCheck } from 'lucide-react';
import { Container } from '../../components/layout';
import { LinkList, type NavLink } from '../../components/link-list';
import { useSite } from '../../features/site/site-context';
import { SupportContactItems } from '../../features/site/support-contact-items';
import { Logo } from './logo';
import { HoursText } from '../../components/hours-text';

const quickLinks = [
  { to: '/about', label: 'About Us' },
  { to: '/careers', label: 'Careers' },
  { to: '/locations', label: 'Branches & ATMs' },
  { to: '/community', label: 'Community' },
  { to: '/security', label: 'Security Center' },
  { to: '/contact', label: 'Contact Us' },
];
const productLinks = [
  { to: '/accounts/checking', label: 'Checking' },
  { to: '/accounts/savings', label: 'Savings' },
  { to: '/credit-cards', label: 'Credit Cards' },
  { to: '/mortgages', label: 'Mortgages' },
  { to: '/products', label: 'Loans' },
  { to: '/calculators', label: 'Calculators' },
];
const legalLinks = [
  { to: '/privacy', label: 'Privacy' },
  { to: '/terms', label: 'Terms' },
  { to: '/accessibility', label: 'Accessibility' },
];

function LinkColumn({ title, links }: { title: string; links: NavLink[] }) {
  const id = `footer-${title.toLowerCase().replace(/\s+/g, '-')}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold tracking-wide text-white uppercase">
        {title}
      </h2>
      <LinkList links={links} className="mt-4 space-y-2.5 text-sm" linkClassName="text-slate-300 hover:text-white" />
    </nav>
  );
}

export function Footer() {
  const site = useSite();
  const { support, address } = site;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo inverted />
          <p className="mt-4 text-sm leading-relaxed text-slate-400">
            A not-for-profit financial cooperative owned by its members since {site.about.founded}.
          </p>
        </div>
        <LinkColumn title="Quick Links" links={quickLinks} />
        <LinkColumn title="Products" links={productLinks} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <SupportContactItems
              iconClassName="mt-0.5 h-4 w-4 shrink-0 text-slate-400"
              linkClassName="hover:text-white"
            />
            <li className="flex gap-2">
              <MapPin className="mt-0.5 h-4 w-4 shrink-0 text-slate-400" aria-hidden="true" />
              <span>
                {address.street}
                <br />
                {address.city}, {address.state} {address.postalCode}
              </span>
            </li>
            <li className="text-slate-400">
              <HoursText hours={support.hours} />
            </li>
          </ul>
        </div>
      </Container>
      <div className="border-t border-slate-800">
        <Container className="flex flex-col gap-4 py-6 text-sm sm:flex-row sm:items-start sm:justify-between">
          <p className="flex max-w-2xl gap-2 text-slate-400" data-testid="ncua-notice">
            <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-slate-300" aria-hidden="true" />
            <span>{site.ncuaNotice}</span>
          </p>
          <p className="flex shrink-0 items-center gap-2 text-slate-300">
            <Landmark className="h-4 w-4" aria-hidden="true" />
            Routing number <span className="font-mono font-semibold text-white">{site.routingNumber}</span>
          </p>
        </Container>
      </div>
      {/* Room under the last line for the "Scroll to top" button, so the page's end scrolls clear of it. */}
      <div className="border-t border-slate-800">
        <Container
          className={[
            'flex flex-col gap-3 pt-5 pb-20 text-xs text-slate-400',
            'sm:flex-row sm:items-center sm:justify-between',
          ].join(' ')}
        >
          <p>
            © {new Date().getFullYear()} {site.brand.name}. All rights reserved. Equal Housing Opportunity.
          </p>
          <LinkList links={legalLinks} className="flex gap-4" linkClassName="hover:text-white" />
        </Container>
      </div>
    </footer>
  );
}
