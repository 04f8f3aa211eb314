import {
  ArrowRight,
  BadgeCheck,
  Calculator,
  CalendarClock,
  Landmark,
  Lock,
  ShieldCheck,
  Smartphone,
  Users,
} from 'lucide-react';
import { Link } from 'react-router';
import { ButtonLink } from '../../components/button';
import { Container } from '../../components/layout';
import { useSite } from '../site/site-context';
import { formatCount } from './format';
import { outlineOnDarkClass } from './styles';

export function HomeHero() {
  const { brand, rates, about } = useSite();
  const trustPoints = [
    { icon: BadgeCheck, text: 'Federally insured by NCUA' },
    { icon: Users, text: `${formatCount(about.members)}+ members` },
    { icon: Landmark, text: `Serving since ${about.founded}` },
  ];
  return (
    <section
      aria-labelledby="home-hero-title"
      className="relative overflow-hidden bg-gradient-to-br from-brand-dark via-brand to-accent-dark text-white"
    >
      <div aria-hidden="true" className="absolute -top-32 -right-24 h-96 w-96 rounded-full bg-accent/30 blur-3xl" />
      <div aria-hidden="true" className="absolute -bottom-40 -left-24 h-96 w-96 rounded-full bg-white/10 blur-3xl" />
      <Container
        className={[
          'relative grid items-center gap-12 pt-14 pb-24',
          'sm:pt-20 sm:pb-32 lg:grid-cols-[1.15fr_1fr] lg:gap-12',
        ].join(' ')}
      >
        <div>
          <p
            className={[
              'inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1',
              'text-sm font-medium ring-1 ring-white/25',
            ].join(' ')}
          >
            <ShieldCheck className="h-4 w-4" aria-hidden="true" />
            {brand.tagline}
          </p>
          <h1
            id="home-hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Banking that puts members first
          </h1>
          <p className="mt-6 max-w-xl text-lg text-white/90 sm:text-xl">
            {brand.name} is a not-for-profit credit union owned by the people it serves. That means better rates, fewer
            fees and real people ready to help — online, on your phone or in a branch near you.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to="/signup" variant="light" size="lg">
              Open an Account
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </ButtonLink>
            <Link to="/login" className={outlineOnDarkClass}>
              <Lock className="h-4 w-4" aria-hidden="true" />
              Online Banking
            </Link>
          </div>
          <ul className="mt-10 flex flex-wrap gap-x-6 gap-y-3 text-sm text-white/90">
            {trustPoints.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-center gap-2">
                <Icon className="h-4 w-4" aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <HeroVisual savingsApy={rates.savingsApy} shortName={brand.shortName} />
      </Container>
    </section>
  );
}

/** A decorative account card and phone built from CSS alone: no images may be loaded (CSP). */
function HeroVisual({ savingsApy, shortName }: { savingsApy: string; shortName: string }) {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md lg:block">
      <div className="rotate-2 rounded-3xl bg-white/10 p-6 shadow-2xl ring-1 ring-white/20 backdrop-blur">
        <div className="flex items-center justify-between text-sm text-white/80">
          <span>Member Savings</span>
          <span className="font-mono">•••• 4821</span>
        </div>
        <p className="mt-3 text-4xl font-bold tracking-tight">$24,860.12</p>
        <p className="mt-1 text-sm text-white/80">Earning {savingsApy} APY</p>
        <div className="mt-6 flex h-24 items-end gap-2">
          {[38, 46, 42, 58, 54, 66, 72, 70, 84, 92].map((height, index) => (
            <span key={index} className="flex-1 rounded-t-md bg-white/35" style={{ height: `${height}%` }} />
          ))}
        </div>
      </div>
      <div
        className={[
          'absolute -bottom-10 -left-10 w-64 -rotate-6 rounded-2xl',
          'bg-gradient-to-br from-slate-900 to-brand-dark p-5 shadow-2xl ring-1',
          'ring-white/10',
        ].join(' ')}
      >
        <div className="flex items-center justify-between">
          <span className="h-7 w-10 rounded-md bg-gradient-to-br from-amber-200 to-amber-400" />
          <span className="text-sm font-semibold">{shortName}</span>
        </div>
        <p className="mt-6 font-mono tracking-widest">•••• •••• •••• 2048</p>
        <p className="mt-2 text-xs text-white/70">Rewards Visa®</p>
      </div>
      <div
        className={[
          'absolute -right-6 -bottom-12 flex items-center gap-3 rounded-2xl',
          'bg-white px-4 py-3 text-slate-900 shadow-xl',
        ].join(' ')}
      >
        <span className="flex h-9 w-9 items-center justify-center rounded-full bg-accent-soft text-accent-dark">
          <Smartphone className="h-5 w-5" />
        </span>
        <span className="text-sm">
          <span className="block font-semibold">Deposit received</span>
          <span className="text-slate-600">Mobile check · $450.00</span>
        </span>
      </div>
    </div>
  );
}

const quickActions = [
  { to: '/login', label: 'Online Banking', description: 'Sign in to check balances and move money', icon: Lock },
  {
    to: '/calculators',
    label: 'Loan Calculator',
    description: 'Estimate your monthly payment in seconds',
    icon: Calculator,
  },
  {
    to: '/contact',
    label: 'Schedule Meeting',
    description: 'Meet a member advisor in branch or online',
    icon: CalendarClock,
  },
];

/** The strip of three shortcuts that overlaps the bottom of the hero. */
export function QuickActions() {
  return (
    <section aria-labelledby="quick-actions-title" className="relative z-10 -mt-14 sm:-mt-16">
      <Container>
        <h2 id="quick-actions-title" className="sr-only">
          Quick actions
        </h2>
        <ul
          className={[
            'grid gap-2 rounded-2xl bg-white p-2 shadow-xl ring-1 ring-slate-200',
            'sm:grid-cols-3 sm:gap-0 sm:divide-x sm:divide-slate-200',
          ].join(' ')}
        >
          {quickActions.map(({ to, label, description, icon: Icon }) => (
            <li key={label}>
              <Link
                to={to}
                className="group flex h-full items-center gap-4 rounded-xl p-4 transition-colors hover:bg-slate-50"
              >
                <span
                  className={[
                    'flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand',
                    'text-white transition-transform',
                    'group-hover:scale-105',
                  ].join(' ')}
                >
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block font-semibold text-slate-900">{label}</span>
                  <span className="block text-sm text-slate-600">{description}</span>
                </span>
                <ArrowRight
                  className={[
                    'h-5 w-5 shrink-0 text-slate-500 transition-transform',
                    'group-hover:translate-x-1 group-hover:text-brand',
                  ].join(' ')}
                  aria-hidden="true"
                />
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </section>
  );
}
