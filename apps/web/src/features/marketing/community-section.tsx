import { GraduationCap, HeartHandshake, Sprout } from 'lucide-react';
import { Section } from '../../components/layout';
import { useSite } from '../site/site-context';
import { formatMillions } from './format';
import { IconFeature } from './icon-tile';
import { SectionIntro } from './section-intro';

const programs = [
  {
    icon: GraduationCap,
    title: 'Financial education',
    text: 'Free workshops on budgeting, credit and first homes, in branches and local schools.',
  },
  {
    icon: HeartHandshake,
    title: 'Volunteering',
    text: 'Paid volunteer days for every employee, spent with the food banks and shelters near us.',
  },
  {
    icon: Sprout,
    title: 'Local grants & scholarships',
    text: 'Grants for neighbourhood non-profits and scholarships for students heading to college.',
  },
];

export function CommunitySection() {
  const { about, brand } = useSite();
  return (
    <Section labelledBy="community-title" className="bg-brand-soft">
      <div className="grid items-center gap-12 lg:grid-cols-2 lg:gap-16">
        <SectionIntro
          id="community-title"
          eyebrow="Community"
          title="Rooted in the community we serve"
          action={{ to: '/community', label: 'Explore our community impact' }}
        >
          <p className="mt-4 text-lg text-slate-700">
            Credit unions exist to serve people, not profit. Since {about.founded}, {brand.shortName} has put its
            earnings back into members and neighbours — and we have invested{' '}
            <strong className="text-slate-900">{formatMillions(about.impactMillions)}+</strong> in local causes.
          </p>
        </SectionIntro>
        <ul className="grid gap-4">
          {programs.map(({ icon, title, text }, index) => (
            <li
              key={title}
              className={[
                'flex gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200',
                'sm:p-6',
                index === 1 ? 'lg:ml-10' : '',
              ].join(' ')}
            >
              <IconFeature
                icon={icon}
                tone="gradient"
                title={title}
                text={text}
                titleClassName="font-semibold text-slate-900"
              />
            </li>
          ))}
        </ul>
      </div>
    </Section>
  );
}
