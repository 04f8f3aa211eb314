import { CircleAlert } from 'lucide-react';
import type { ReactNode } from 'react';

/** Ids of the hint and error paragraphs that describe a control, for aria-describedby. */
export function fieldDescription(id: string, { hint, error }: { hint?: ReactNode; error?: string }) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * The props every text-like control needs so its label, hint and error reach assistive tech. An
 * empty `error` (`''`) marks the control invalid with nothing under it: its form says the sentence
 * once for all its fields ("Please fill in all fields", `useApiForm`'s `requiredMessage`).
 */
export function controlProps(id: string, { hint, error }: { hint?: ReactNode; error?: string }, extraClass = '') {
  const invalid = typeof error === 'string';
  return {
    id,
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': fieldDescription(id, { hint, error }),
    className: `${controlClass(invalid)} ${extraClass}`,
  } as const;
}

/** What every e-mail address box has: no capital letters or spell check, and the longest address allowed. */
export const emailInputProps = { type: 'email', autoCapitalize: 'none', spellCheck: false, maxLength: 254 } as const;

export function controlClass(invalid: boolean) {
  return [
    'block w-full scroll-mt-28 rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm',
    'placeholder:text-slate-500 focus:outline-2 focus:outline-offset-0 sm:text-sm',
    // Read-only (the sign-in e-mail, a routing number filled from the bank): grey and flat, not a box to type in.
    '[&[readonly]]:border-slate-200 [&[readonly]]:bg-slate-100 [&[readonly]]:text-slate-600 [&[readonly]]:shadow-none',
    invalid ? 'border-red-600 focus:outline-red-600' : 'border-slate-300 focus:border-brand focus:outline-brand',
  ].join(' ');
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm text-red-700">
      <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
      <span>{error}</span>
    </p>
  );
}

/** A field's label, "(optional)" after it when the field may stay empty. */
export function FieldLabel({ id, label, optional = false }: { id: string; label: string; optional?: boolean }) {
  return (
    <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-800">
      {label}
      {optional && <span className="font-normal text-slate-600"> (optional)</span>}
    </label>
  );
}

/** Label, control, optional hint and the field's error, wired together by `id`. */
export function FormField({
  id,
  label,
  hint,
  error,
  optional = false,
  className,
  hintSize = 'sm',
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  optional?: boolean;
  /** Classes on the wrapper (a grid span). */
  className?: string;
  /** `xs` in dense rows such as a filter bar. */
  hintSize?: 'sm' | 'xs';
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} optional={optional} />
      {children}
      {hint && (
        <p id={`${id}-hint`} className={`mt-1.5 ${hintSize === 'xs' ? 'text-xs' : 'text-sm'} text-slate-600`}>
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}
