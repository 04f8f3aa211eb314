import { X } from 'lucide-react';
import { type FormEvent, type ReactNode, useRef } from 'react';
import { Button } from './button';
import { FormField } from './form-field';

/**
 * Grid columns by field count: two a row on phones for six small fields, one for wider ones. Six
 * go two, then four a row (so pairs such as two dates stay side by side), and share one row from
 * `xl` only: at `lg` a sixth of the row cuts "All categories".
 */
const grids = {
  2: 'grid-cols-1 sm:grid-cols-2',
  3: 'grid-cols-1 sm:grid-cols-3',
  4: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-4',
  5: 'grid-cols-1 sm:grid-cols-2 lg:grid-cols-5',
  6: 'grid-cols-2 lg:grid-cols-4 xl:grid-cols-6',
} as const;

/**
 * One filter: its label over the control, a hint and an error under it. The control takes the
 * same `id` (spread `controlProps(id, { error })` on it).
 */
export function FilterField({
  id,
  label,
  hint,
  error,
  className = '',
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  /** "col-span-2" for a wide field. */
  className?: string;
  children: ReactNode;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error} className={`min-w-0 ${className}`} hintSize="xs">
      {children}
    </FormField>
  );
}

/** "1 filter applied", "3 filters applied". */
export const activeFiltersText = (count: number) => `${count} ${count === 1 ? 'filter' : 'filters'} applied`;

/**
 * A list's filters: a search landmark holding an optional search row, the fields in a responsive
 * grid, and a footer with a note (`footer`), how many filters are on, "Clear filters" (only while
 * some are) and the screen's own buttons (`actions`, e.g. "Apply"). Enter in a text box submits.
 */
export function FilterBar({
  label,
  activeCount,
  onClear,
  onSubmit,
  search,
  children,
  columns = 4,
  footer,
  actions,
  showCount = true,
  className = '',
}: {
  /** Names the search landmark: "Filter transactions". */
  label: string;
  /** Filters now applied; 0 hides "Clear filters". */
  activeCount: number;
  onClear: () => void;
  /** Enter or a submit button in `actions`: apply what was typed. */
  onSubmit?: () => void;
  /** A row above the grid (the description search with its button). */
  search?: ReactNode;
  /** The `FilterField`s. */
  children: ReactNode;
  columns?: keyof typeof grids;
  /** Left of the footer: a note ("Dates are in …") or a checkbox. */
  footer?: ReactNode;
  /** Right of the footer, after "Clear filters". */
  actions?: ReactNode;
  showCount?: boolean;
  className?: string;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.();
  };
  const clear = () => {
    onClear();
    // "Clear filters" goes away with the filters: the reader continues from the first field.
    formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus();
  };
  return (
    <form
      ref={formRef}
      role="search"
      aria-label={label}
      noValidate
      onSubmit={submit}
      className={`space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 ${className}`}
    >
      {search}
      <div className={`grid gap-3 ${grids[columns]}`}>{children}</div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        {footer && <div className="min-w-0">{footer}</div>}
        <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
          <p className="text-sm text-slate-600" aria-live="polite">
            {showCount && activeCount > 0 ? activeFiltersText(activeCount) : ''}
          </p>
          {activeCount > 0 && (
            <Button icon={X} variant="ghost" size="sm" onClick={clear}>
              Clear filters
            </Button>
          )}
          {actions}
        </div>
      </div>
    </form>
  );
}
