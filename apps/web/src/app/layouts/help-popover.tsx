import { CircleHelp } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';

export const helpTriggerClass =
  'inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-brand';

const HelpPopoverPanel = lazy(() => import('./help-popover-panel').then((m) => ({ default: m.HelpPopoverPanel })));

/**
 * "Need help?" — the support contact, one click from every page. The popover's code (Radix,
 * floating positioning) is a third of the first page's JavaScript, so it loads when the pointer
 * or keyboard focus reaches the button; a click before it arrives opens it once it has.
 */
export function HelpPopover() {
  const [wanted, setWanted] = useState<'hover' | 'click' | null>(null);
  const button = (
    <button
      type="button"
      className={helpTriggerClass}
      aria-label="Help and support"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => setWanted((w) => w ?? 'hover')}
      onFocus={() => setWanted((w) => w ?? 'hover')}
      onClick={() => setWanted('click')}
    >
      <CircleHelp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
  if (!wanted) return button;
  return (
    <Suspense fallback={button}>
      <HelpPopoverPanel defaultOpen={wanted === 'click'} />
    </Suspense>
  );
}
