import { Bell, CheckCircle2, Fingerprint, Send, Smartphone } from 'lucide-react';
import { Container } from '../../components/layout';
import { useSite } from '../site/site-context';
import { formatCount } from './format';
import { accentOnDarkText } from './styles';

const features = [
  { icon: Smartphone, text: 'Deposit checks by snapping a photo' },
  { icon: Send, text: 'Send money to members and other banks' },
  { icon: Bell, text: 'Real-time alerts for every transaction' },
  { icon: Fingerprint, text: 'Lock your card and set limits instantly' },
];

/** "Innovation": what members can do digitally, with the figures from the site configuration. */
export function InnovationStats() {
  const { rates, about } = useSite();
  const stats = [
    { value: rates.satisfaction, label: 'Member satisfaction' },
    { value: '24/7', label: 'Secure online and mobile access' },
    { value: `${formatCount(about.members)}+`, label: 'Members banking with us' },
    { value: `${rates.savingsApy}`, label: 'APY on high-yield savings' },
  ];
  return (
    <section
      aria-labelledby="innovation-title"
      className="relative overflow-hidden bg-slate-900 py-16 text-white sm:py-24"
    >
      <div aria-hidden="true" className="absolute top-0 right-0 h-80 w-80 rounded-full bg-brand/40 blur-3xl" />
      <div aria-hidden="true" className="absolute bottom-0 left-1/3 h-64 w-64 rounded-full bg-accent/20 blur-3xl" />
      <Container className="relative grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <div>
          <p className={`mb-2 text-sm font-semibold tracking-wide uppercase ${accentOnDarkText}`}>Innovation</p>
          <h2 id="innovation-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
            Digital banking that keeps up with you
          </h2>
          <p className="mt-4 text-lg text-slate-300">
            Everything you need to manage your money is in our online banking and mobile app — with the same
            member-first service you get in a branch.
          </p>
          <ul className="mt-8 grid gap-4 sm:grid-cols-2">
            {features.map(({ icon: Icon, text }) => (
              <li key={text} className="flex items-start gap-3">
                <span
                  className={[
                    'flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-white/10',
                    accentOnDarkText,
                  ].join(' ')}
                >
                  <Icon className="h-5 w-5" aria-hidden="true" />
                </span>
                <span className="pt-1.5 text-slate-200">{text}</span>
              </li>
            ))}
          </ul>
        </div>
        <dl className="grid grid-cols-2 gap-4">
          {stats.map((stat) => (
            <div
              key={stat.label}
              className="flex min-w-0 flex-col rounded-2xl bg-white/5 p-4 ring-1 ring-white/10 sm:p-6"
            >
              <dt className="mt-2 flex items-start gap-2 text-sm text-slate-300">
                <CheckCircle2
                  className={`mt-0.5 hidden h-4 w-4 shrink-0 sm:block ${accentOnDarkText}`}
                  aria-hidden="true"
                />
                {stat.label}
              </dt>
              <dd className="order-first text-2xl font-bold tracking-tight sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </Container>
    </section>
  );
}
