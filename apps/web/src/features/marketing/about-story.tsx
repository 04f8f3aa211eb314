import { HeartHandshake, Lightbulb, Scale, Users, type LucideIcon } from 'lucide-react';
import { Section, SectionHeading } from '../../components/layout';
import { useSite } from '../site/site-context';
import { formatCount } from './format';
import { IconFeature } from './icon-tile';
import { SectionIntro } from './section-intro';

const values: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Users,
    title: 'Members first',
    text: 'Every decision starts with one question: is this good for our members?',
  },
  { icon: Scale, title: 'Integrity', text: 'Clear terms, honest advice and no surprise fees — ever.' },
  {
    icon: HeartHandshake,
    title: 'Community',
    text: 'We invest where we live, through grants, education and volunteering.',
  },
  { icon: Lightbulb, title: 'Innovation', text: 'Modern digital tools, backed by people who know your name.' },
];

export function MissionAndValues() {
  const { brand } = useSite();
  return (
    <Section labelledBy="mission-title">
      <div className="grid gap-12 lg:grid-cols-2 lg:gap-16">
        <SectionIntro
          id="mission-title"
          eyebrow="Our mission"
          title="Helping every member build a stronger financial future"
        >
          <p className="mt-6 text-lg text-slate-600">
            {brand.name} is a not-for-profit financial cooperative. There are no outside shareholders to pay, so our
            earnings come back to members as better rates, lower fees and services that genuinely help.
          </p>
          <p className="mt-4 text-lg text-slate-600">
            Each member has an equal vote in electing our volunteer board of directors — one member, one vote, whatever
            the size of the balance.
          </p>
        </SectionIntro>
        <ul className="grid gap-4 sm:grid-cols-2" aria-label="Our values">
          {values.map(({ icon, title, text }) => (
            <li
              key={title}
              className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:block sm:p-6"
            >
              <IconFeature
                icon={icon}
                title={title}
                text={text}
                titleClassName="text-lg font-semibold text-slate-900 sm:mt-4"
              />
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}

// Evaluated once per page load; only used to place milestones between the founding year and today.
const CURRENT_YEAR = new Date().getFullYear();

/** Spreads milestones from the configured founding year to today, so any founding year reads well. */
function milestoneYear(founded: number, fraction: number) {
  return founded + Math.round((CURRENT_YEAR - founded) * fraction);
}

export function AboutTimeline() {
  const { about, brand } = useSite();
  const milestones = [
    {
      year: String(about.founded),
      title: 'Chartered by neighbours',
      text:
        `A group of local families pooled their savings to found ${brand.name}, ` +
        'run by volunteers from a kitchen table.',
    },
    {
      year: String(milestoneYear(about.founded, 0.2)),
      title: 'Our first full-service branch',
      text: 'Growing membership called for a home of our own, with tellers, loan officers and a night deposit.',
    },
    {
      year: String(milestoneYear(about.founded, 0.45)),
      title: 'Open to the whole community',
      text: 'A community charter opened membership to everyone who lives, works or studies in the region.',
    },
    {
      year: String(milestoneYear(about.founded, 0.7)),
      title: 'Online banking arrives',
      text: 'Members could check balances, transfer money and pay bills from home for the first time.',
    },
    {
      year: String(milestoneYear(about.founded, 0.88)),
      title: 'Mobile app and community fund',
      text: 'Mobile deposit and card controls launched, alongside a fund for local grants and scholarships.',
    },
    {
      year: 'Today',
      title: `${formatCount(about.members)}+ members and ${about.branches} branches`,
      text: 'Still member-owned, still local — and still reinvesting our earnings in the people we serve.',
    },
  ];

  return (
    <Section labelledBy="timeline-title" className="bg-slate-50">
      <SectionHeading
        id="timeline-title"
        eyebrow="Our story"
        title={`From ${about.founded} to today`}
        description="Decades of growth, guided by the same cooperative principles we started with."
      />
      {/* One column with the line on the left on phones; a zig-zag around a centre line on desktops. */}
      <ol
        className={[
          'relative mx-auto max-w-5xl before:absolute before:inset-y-0',
          'before:left-[7px] before:w-0.5 before:bg-brand/20 lg:before:left-1/2',
          'lg:before:-ml-px',
        ].join(' ')}
      >
        {milestones.map((milestone, index) => (
          <li
            key={milestone.title}
            className={`relative pl-10 lg:grid lg:grid-cols-2 lg:gap-20 lg:pl-0 ${index > 0 ? 'mt-6 lg:-mt-10' : ''}`}
          >
            <span
              aria-hidden="true"
              className={[
                'absolute top-6 left-0 h-4 w-4 rounded-full border-4 border-white',
                'bg-brand ring-2 ring-brand/30 lg:left-1/2 lg:-ml-2',
              ].join(' ')}
            />
            <div
              className={[
                'rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6',
                index % 2 === 0 ? 'lg:col-start-1' : 'lg:col-start-2',
              ].join(' ')}
            >
              <p className="inline-flex rounded-full bg-brand px-3 py-0.5 text-sm font-bold text-white">
                {milestone.year}
              </p>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{milestone.title}</h3>
              <p className="mt-1 text-slate-600">{milestone.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </Section>
  );
}
