import { CircleAlert, CircleCheck, Info } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  success: { box: 'border-green-200 bg-green-50 text-green-900', Icon: CircleCheck },
  error: { box: 'border-red-200 bg-red-50 text-red-900', Icon: CircleAlert },
  info: { box: 'border-sky-200 bg-sky-50 text-sky-900', Icon: Info },
  warning: { box: 'border-amber-200 bg-amber-50 text-amber-900', Icon: CircleAlert },
} as const;

/** A banner for a result or a problem. Errors are announced at once; the rest politely. */
export function Alert({
  tone,
  title,
  children,
  className = '',
  id,
}: {
  tone: keyof typeof tones;
  title?: string;
  children?: ReactNode;
  className?: string;
  /** For a result the focus lands on (`lib/focus-landing.ts`). */
  id?: string;
}) {
  const { box, Icon } = tones[tone];
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex gap-3 rounded-xl border p-3.5 text-sm ${box} ${className}`}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? 'mt-0.5' : ''}>{children}</div>}
      </div>
    </div>
  );
}
