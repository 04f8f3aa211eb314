import { HandHeart, Landmark, MapPin, Smile, Users, type LucideIcon } from 'lucide-react';
import { Section, SectionHeading } from '../../components/layout';
import { useSite } from '../site/site-context';
import { formatCount, formatMillions } from './format';
import { useCountUp } from './use-count-up';

interface CounterProps {
  target: number;
  format: (value: number) => string;
  label: string;
  icon: LucideIcon;
}

function Counter({ target, format, label, icon: Icon }: CounterProps) {
  const value = useCountUp(target);
  return (
    <li
      data-testid="about-counter"
      data-target={target}
      className={[
        'flex min-w-0 basis-[calc(50%-0.5rem)] flex-col items-center rounded-2xl',
        'bg-white px-3 py-5 text-center shadow-sm ring-1 ring-slate-200',
        'sm:basis-[calc(33.333%-0.75rem)] sm:px-4 sm:py-6 lg:flex-1 lg:basis-0',
      ].join(' ')}
    >
      <span className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-soft text-brand">
        <Icon className="h-5 w-5" aria-hidden="true" />
      </span>
      {/* The moving number is hidden from assistive technology, which reads the final figure once. */}
      <span
        aria-hidden="true"
        className="mt-4 text-[1.75rem] leading-9 font-bold tracking-tight text-slate-900 tabular-nums sm:text-4xl"
      >
        {format(value)}
      </span>
      <span aria-hidden="true" className="mt-1 text-sm font-medium text-slate-600">
        {label}
      </span>
      <span className="sr-only">
        {format(target)} {label}
      </span>
    </li>
  );
}

/** The About page's animated figures (spec §9 "About counters"). */
export function AboutCounters() {
  const { about } = useSite();
  return (
    <Section labelledBy="about-numbers-title" className="bg-slate-50">
      <SectionHeading
        id="about-numbers-title"
        eyebrow="By the numbers"
        title="Strength you can count on"
        description="Every figure below belongs to our members: they own the credit union and share in its success."
      />
      <ul className="flex flex-wrap justify-center gap-4">
        <Counter target={about.members} format={(v) => `${formatCount(v)}+`} label="Members" icon={Users} />
        <Counter
          target={about.assetsMillions}
          format={(v) => `${formatMillions(v)}+`}
          label="in Assets"
          icon={Landmark}
        />
        <Counter target={about.satisfactionPercent} format={(v) => `${v}%`} label="Member Satisfaction" icon={Smile} />
        <Counter target={about.branches} format={formatCount} label="Branches" icon={MapPin} />
        <Counter
          target={about.impactMillions}
          format={(v) => `${formatMillions(v)}+`}
          label="Community Impact"
          icon={HandHeart}
        />
      </ul>
    </Section>
  );
}
