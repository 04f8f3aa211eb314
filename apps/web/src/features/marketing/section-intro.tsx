import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/button';
import type { NavLink } from '../../components/link-list';

/**
 * The text column that opens a two-column marketing section: eyebrow, `h2` (labelling the
 * section through `id`), the paragraphs given as children and an optional arrow button.
 */
export function SectionIntro({
  id,
  eyebrow,
  title,
  action,
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  action?: NavLink;
  children: ReactNode;
}) {
  return (
    <div>
      <p className="mb-2 text-sm font-semibold tracking-wide text-accent-dark uppercase">{eyebrow}</p>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {children}
      {action && (
        <ButtonLink to={action.to} size="lg" className="mt-8">
          {action.label}
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </ButtonLink>
      )}
    </div>
  );
}
