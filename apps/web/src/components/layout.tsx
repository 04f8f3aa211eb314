import type { ReactNode } from 'react';

/** Page-width container used by every section. */
export function Container({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8 ${className}`}>{children}</div>;
}

export function Section({
  children,
  className = '',
  id,
  labelledBy,
}: {
  children: ReactNode;
  className?: string;
  id?: string;
  labelledBy?: string;
}) {
  return (
    <section id={id} aria-labelledby={labelledBy} className={`py-16 sm:py-20 ${className}`}>
      <Container>{children}</Container>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  align = 'center',
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  description?: string;
  align?: 'center' | 'left';
}) {
  return (
    <div className={`mb-10 max-w-3xl ${align === 'center' ? 'mx-auto text-center' : ''}`}>
      {eyebrow && <p className="mb-2 text-sm font-semibold tracking-wide text-accent-dark uppercase">{eyebrow}</p>}
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {description && <p className="mt-4 text-lg text-slate-600">{description}</p>}
    </div>
  );
}

/** The coloured banner at the top of every inner page. */
export function PageHero({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="bg-gradient-to-br from-brand-dark via-brand to-accent-dark text-white">
      <Container className="py-14 sm:py-20">
        {eyebrow && <p className="mb-3 text-sm font-semibold tracking-wide text-white/80 uppercase">{eyebrow}</p>}
        <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {children && <div className="mt-5 max-w-2xl text-lg text-white/90">{children}</div>}
      </Container>
    </div>
  );
}

/**
 * A bordered part of a panel (Bill Pay's payees, a member's deposits): its `h4` heading names it.
 * `headingGap` is the space under the heading; `className` adds to the box (its grid column,
 * `space-y-*` in place of a gap).
 */
export function PanelSection({
  headingId,
  title,
  headingGap = 'mb-3',
  className,
  children,
}: {
  headingId: string;
  title: string;
  headingGap?: 'mb-2' | 'mb-3' | 'mb-4' | null;
  className?: string;
  children: ReactNode;
}) {
  const box = 'rounded-xl border border-slate-200 p-4';
  return (
    <section aria-labelledby={headingId} className={className ? `${className} ${box}` : box}>
      <h4
        id={headingId}
        className={headingGap ? `${headingGap} font-semibold text-slate-900` : 'font-semibold text-slate-900'}
      >
        {title}
      </h4>
      {children}
    </section>
  );
}
