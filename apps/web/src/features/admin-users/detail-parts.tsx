import type { LucideIcon } from 'lucide-react';
import { type ReactElement, type ReactNode, type Ref, isValidElement } from 'react';

/** One titled block of the member detail, like a section of the application form. */
export function DetailSection({
  id,
  title,
  icon,
  actions,
  children,
}: {
  id: string;
  title: string;
  /** The icon before the title: a Lucide icon (drawn in the brand colour) or an element. */
  icon?: LucideIcon | ReactElement;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const Icon = isValidElement(icon) ? undefined : icon;
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h3 id={id} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          {isValidElement(icon) ? icon : Icon && <Icon className="h-4 w-4 text-brand" aria-hidden="true" />}
          {title}
        </h3>
        {actions}
      </div>
      {children}
    </section>
  );
}

/**
 * The title of a staff detail (a member, a deposit): focusable, so focus can land on it when a
 * decision takes away the button it was on.
 */
export function DetailTitle({ id, ref, children }: { id: string; ref: Ref<HTMLHeadingElement>; children: ReactNode }) {
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="text-xl font-semibold break-words text-slate-900 focus:outline-none">
      {children}
    </h2>
  );
}

/** Label/value pairs in two columns where there is room. */
export function FieldList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-2 gap-x-4 gap-y-3 sm:gap-x-6">{children}</dl>;
}

export function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === null || children === undefined || children === '';
  return (
    <div className={`min-w-0 ${wide ? 'col-span-2' : ''}`}>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words text-slate-900">
        {empty ? <span className="text-slate-500">—</span> : children}
      </dd>
    </div>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="text-sm text-slate-600">{children}</p>;
}
