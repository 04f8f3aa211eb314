import { Check, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useCopy } from '../../lib/use-copy';
import { MaskedNumber } from './masked-number';

const copiedTipClass =
  'pointer-events-none absolute -top-8 right-0 rounded-md bg-slate-900 px-2 py-1 text-xs font-semibold ' +
  'whitespace-nowrap text-white shadow';

/**
 * An account or routing number with a copy button that says "Copied!" for 2 s (spec §9). A number
 * `masked` under that name shows its last four digits until revealed; the copy is always whole.
 */
export function NumberRow({
  label,
  value,
  icon,
  masked,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  masked?: string;
}) {
  const { copied, failed, copy } = useCopy();
  const done = copied === label;
  const tone = done ? 'text-green-700' : 'text-slate-500 hover:bg-slate-100 hover:text-brand';
  return (
    <div className="flex flex-wrap items-center justify-between gap-x-3">
      <dt className="flex items-center gap-2 text-slate-600">
        <span className="text-slate-400">{icon}</span>
        {label}
      </dt>
      <dd className="flex items-center gap-1">
        {masked ? (
          <MaskedNumber value={value} name={masked} />
        ) : (
          <span className="font-mono text-slate-900">{value}</span>
        )}
        <button
          type="button"
          onClick={() => void copy(label, value)}
          className={`relative inline-flex h-9 w-9 items-center justify-center rounded-lg transition-colors ${tone}`}
        >
          {done ? <Check className="h-4 w-4" aria-hidden="true" /> : <Copy className="h-4 w-4" aria-hidden="true" />}
          <span className="sr-only">Copy {label.toLowerCase()}</span>
          {done && (
            <span aria-hidden="true" className={copiedTipClass}>
              Copied!
            </span>
          )}
        </button>
        <span className="sr-only" role="status">
          {done
            ? `${label} copied`
            : failed === label
              ? `Could not copy the ${label.toLowerCase()}. Please select it and copy it by hand.`
              : ''}
        </span>
      </dd>
    </div>
  );
}
