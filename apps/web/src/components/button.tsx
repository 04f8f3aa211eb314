import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';

type Variant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'light' | 'danger';
type Size = 'sm' | 'md' | 'lg';

const variants: Record<Variant, string> = {
  primary: 'bg-brand text-white hover:bg-brand-dark shadow-sm',
  secondary: 'bg-accent text-white hover:bg-accent-dark shadow-sm',
  outline: 'border border-slate-300 bg-white text-slate-900 hover:border-brand hover:text-brand',
  ghost: 'text-slate-700 hover:bg-slate-100',
  light: 'bg-white text-brand hover:bg-brand-soft shadow-sm',
  /** The button that confirms what cannot be undone. */
  danger: 'bg-red-700 text-white hover:bg-red-800 shadow-sm',
};
const sizes: Record<Size, string> = {
  sm: 'px-3 py-1.5 text-sm',
  md: 'px-4 py-2.5 text-sm',
  lg: 'px-6 py-3 text-base',
};

/** How a button that cannot be pressed looks: disabled, or busy (`aria-disabled`, see `busyButton`). */
export const unavailableClass =
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

export function buttonClass(variant: Variant = 'primary', size: Size = 'md', extra = '') {
  return [
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors',
    unavailableClass,
    variants[variant],
    sizes[size],
    extra,
  ].join(' ');
}

interface ButtonLook {
  variant?: Variant;
  size?: Size;
  /** An icon before the label, sized for the button. */
  icon?: LucideIcon;
}

/**
 * A button whose request is on its way (`busy`): announced as busy and unavailable, and looking
 * disabled, but keeping the keyboard focus, which a `disabled` button would drop to <body> (a
 * keyboard or screen-reader user would land at the top of the page). Pressing it does nothing: the
 * click is cancelled before any handler sees it, so neither `onClick` nor its form's submit runs
 * again (Enter in one of the form's fields presses the submit button too). Spread it onto a
 * `<button>`, or a file input uploading what was chosen (its picker does not open); `Button` takes
 * `busy` itself. A button unavailable for another reason (a form not yet complete) stays `disabled`.
 */
export function busyButton(busy: boolean) {
  if (!busy) return {};
  return { 'aria-disabled': true, 'aria-busy': true, onClickCapture: ignorePress } as const;
}

function ignorePress(event: MouseEvent) {
  event.preventDefault();
  event.stopPropagation();
}

function withIcon(Icon: LucideIcon | undefined, size: Size | undefined, children: ReactNode) {
  if (!Icon) return children;
  return (
    <>
      <Icon className={size === 'lg' ? 'h-5 w-5' : 'h-4 w-4'} aria-hidden="true" />
      {children}
    </>
  );
}

export function Button({
  variant,
  size,
  icon,
  className = '',
  type = 'button',
  busy = false,
  children,
  ...props
}: ComponentProps<'button'> &
  ButtonLook & {
    /** Its request is on its way: it keeps the focus and ignores presses (`busyButton`). */
    busy?: boolean;
  }) {
  return (
    <button type={type} className={buttonClass(variant, size, className)} {...props} {...busyButton(busy)}>
      {withIcon(icon, size, children)}
    </button>
  );
}

export function ButtonLink({
  variant,
  size,
  icon,
  className = '',
  children,
  ...props
}: Omit<ComponentProps<typeof Link>, 'children'> & ButtonLook & { children?: ReactNode }) {
  return (
    <Link className={buttonClass(variant, size, className)} {...props}>
      {withIcon(icon, size, children)}
    </Link>
  );
}

/**
 * The last row of a dialog or a confirmation: Cancel (or `cancelLabel`), then the action
 * (`children`); stacked on a phone with the action on top. `disabled` holds Cancel while the action
 * is on its way.
 */
export function CancelActions({
  onCancel,
  cancelLabel = 'Cancel',
  cancelVariant = 'outline',
  size,
  disabled,
  className,
  children,
}: {
  onCancel: () => void;
  cancelLabel?: string;
  cancelVariant?: 'outline' | 'ghost';
  size?: Size;
  disabled?: boolean;
  /** Space above the row, where the row follows something that is not spaced for it. */
  className?: string;
  children: ReactNode;
}) {
  const row = 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end';
  return (
    <div className={className ? `${className} ${row}` : row}>
      <Button variant={cancelVariant} size={size} onClick={onCancel} disabled={disabled}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
