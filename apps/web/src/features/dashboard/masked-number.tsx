import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';

const revealButtonClass =
  'inline-flex h-8 w-8 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-brand';

/** "••••6789": the last four digits, as the portal shows an account number until asked for all of it. */
export function maskedNumber(value: string): string {
  return `••••${value.slice(-4)}`;
}

/**
 * An account number shown as its last four digits, with a button that shows it whole and hides it
 * again. The whole number is in the page either way (copying it needs no reveal); the mask keeps it
 * off a screen someone else can see.
 */
export function MaskedNumber({ value, name }: { value: string; name: string }) {
  const [shown, setShown] = useState(false);
  return (
    <span className="inline-flex items-center gap-1">
      <span className="font-mono text-slate-900">{shown ? value : maskedNumber(value)}</span>
      <button
        type="button"
        onClick={() => setShown((on) => !on)}
        aria-pressed={shown}
        aria-label={`${shown ? 'Hide' : 'Show'} full ${name}`}
        className={revealButtonClass}
      >
        {shown ? <EyeOff className="h-4 w-4" aria-hidden="true" /> : <Eye className="h-4 w-4" aria-hidden="true" />}
      </button>
    </span>
  );
}
