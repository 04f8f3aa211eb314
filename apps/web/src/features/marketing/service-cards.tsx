import { ArrowRight, Briefcase, CreditCard, HandCoins, Home, PiggyBank, Wallet, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Section, SectionHeading } from '../../components/layout';
import { useSite } from '../site/site-context';
import { IconTile } from './icon-tile';

interface Service {
  title: string;
  to: string;
  description: string;
  highlight: string;
  icon: LucideIcon;
}

export function ServiceCards() {
  const { rates } = useSite();
  const services: Service[] = [
    {
      title: 'Checking',
      to: '/accounts/checking',
      description: 'Everyday checking with a free debit card, mobile deposit and early direct deposit.',
      highlight: 'No monthly maintenance fee',
      icon: Wallet,
    },
    {
      title: 'Savings',
      to: '/accounts/savings',
      description: 'Grow your money faster with high-yield savings, certificates and money market accounts.',
      highlight: `Earn ${rates.savingsApy} APY`,
      icon: PiggyBank,
    },
    {
      title: 'Loans',
      to: '/products',
      description: 'Personal and auto loans with fast local decisions and no prepayment penalties.',
      highlight: `Personal loans from ${rates.personalLoanFrom} APR`,
      icon: HandCoins,
    },
    {
      title: 'Credit Cards',
      to: '/credit-cards',
      description: 'Rewards that add up on every purchase, with card controls right in the app.',
      highlight: `${rates.introApr} intro APR for ${rates.introAprMonths} months`,
      icon: CreditCard,
    },
    {
      title: 'Mortgages',
      to: '/mortgages',
      description: 'Buy, build or refinance with a local team that services your loan for its whole life.',
      highlight: `Rates from ${rates.mortgageFrom} APR`,
      icon: Home,
    },
    {
      title: 'Business',
      to: '/products',
      description: 'Checking, savings, lending and merchant services for the businesses that power our town.',
      highlight: `Business savings up to ${rates.businessSavingsUpTo} APY`,
      icon: Briefcase,
    },
  ];

  return (
    <Section labelledBy="services-title" className="pt-20 sm:pt-24">
      <SectionHeading
        id="services-title"
        eyebrow="Our services"
        title="Banking for every stage of life"
        description={
          'From a first savings account to a family home or a growing business, ' +
          'we have the products to get you there.'
        }
      />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map(({ title, to, description, highlight, icon: Icon }) => (
          <li
            key={title}
            className={[
              'group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm',
              'transition hover:-translate-y-1 sm:p-6 hover:border-brand/40 hover:shadow-lg',
              'focus-within:ring-2 focus-within:ring-brand',
            ].join(' ')}
          >
            <div className="flex items-center gap-4 sm:flex-col sm:items-start sm:gap-5">
              <IconTile icon={Icon} />
              <h3 className="text-xl font-semibold text-slate-900">
                {/* The link covers the whole card, so the card is one click target with a short name. */}
                <Link to={to} className="outline-none after:absolute after:inset-0 after:rounded-2xl">
                  {title}
                </Link>
              </h3>
            </div>
            <p className="mt-3 flex-1 text-slate-600 sm:mt-2">{description}</p>
            <p
              className={[
                'mt-4 inline-flex w-fit rounded-full sm:mt-5',
                'bg-accent-soft px-3 py-1 text-sm font-semibold text-accent-dark',
              ].join(' ')}
            >
              {highlight}
            </p>
            <span
              aria-hidden="true"
              className="mt-4 inline-flex items-center gap-1 text-sm sm:mt-5 font-semibold text-brand group-hover:gap-2"
            >
              Learn More <ArrowRight className="h-4 w-4" />
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
