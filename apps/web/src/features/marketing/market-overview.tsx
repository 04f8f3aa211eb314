import { CalendarDays, TrendingUp } from 'lucide-react';
import { Section } from '../../components/layout';
import { useSite } from '../site/site-context';
import { SectionIntro } from './section-intro';

/**
 * Rates & Market Overview. The figures come with the site configuration, so the panel works
 * offline and under our CSP; a third-party widget is framed only when an operator configures one.
 */
export function MarketOverview() {
  const { market } = useSite();
  return (
    <Section labelledBy="market-title" className="bg-slate-50">
      <div className="grid gap-10 lg:grid-cols-3 lg:gap-12">
        <SectionIntro
          id="market-title"
          eyebrow="Rates"
          title="Rates & Market Overview"
          action={{ to: '/products', label: 'See all products & rates' }}
        >
          <p className="mt-4 text-lg text-slate-600">
            As a member-owned cooperative we return our earnings to you as competitive rates. Here is where our key
            rates stand today.
          </p>
        </SectionIntro>
        <div className="lg:col-span-2">
          <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 pb-4">
              <p className="flex items-center gap-2 font-semibold text-slate-900">
                <TrendingUp className="h-5 w-5 text-brand" aria-hidden="true" />
                Member rates
              </p>
              <p className="flex items-center gap-1.5 text-sm text-slate-600">
                <CalendarDays className="h-4 w-4" aria-hidden="true" />
                As of {market.asOf}
              </p>
            </div>
            <ul className="mt-4 grid gap-3 sm:grid-cols-2" data-testid="market-indicators">
              {market.indicators.map((indicator) => (
                <li
                  key={indicator.label}
                  className={[
                    'flex items-center justify-between gap-4 rounded-xl bg-slate-50 px-4 py-3',
                    'ring-1 ring-slate-100',
                  ].join(' ')}
                >
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-600">{indicator.label}</p>
                    <p className="text-xl font-bold tracking-tight text-slate-900">{indicator.value}</p>
                  </div>
                  <span
                    className={[
                      'shrink-0 rounded-full bg-accent-soft px-2.5 py-1 text-xs font-semibold',
                      'text-accent-dark',
                    ].join(' ')}
                  >
                    {indicator.change}
                  </span>
                </li>
              ))}
            </ul>
            <p className="mt-4 text-xs text-slate-600">
              APY = Annual Percentage Yield. APR = Annual Percentage Rate. Loan rates shown are the lowest available and
              depend on credit history and term. Rates are subject to change without notice.
            </p>
          </div>
          {market.embedUrl && (
            <iframe
              src={market.embedUrl}
              title="Market overview"
              sandbox="allow-scripts allow-same-origin"
              loading="lazy"
              referrerPolicy="no-referrer"
              className="mt-6 h-96 w-full rounded-2xl border border-slate-200 bg-white shadow-sm"
            />
          )}
        </div>
      </div>
    </Section>
  );
}
