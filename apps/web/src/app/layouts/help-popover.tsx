import { CircleHelp } from 'lucide-react';
import { Suspense, useState } from 'react';
import { lazyNamed } from '../../lib/lazy-named';
import { helpTriggerClass } from './help-trigger';

const loadPanel = () => import('./help-popover-panel');
const HelpPopoverPanel = lazyNamed(loadPanel, 'HelpPopoverPanel');

/**
 * "Need help?" — the support contact, one click from every page. The popover's code (Radix,
 * floating positioning) is a third of the first page's JavaScript, so it is fetched when the
 * pointer or keyboard focus reaches the button and shown, open, on the first click. Hovering only
 * fetches: the button must stay the same element until it is clicked.
 */
export function HelpPopover() {
  const [opened, setOpened] = useState(false);
  const button = (
    <button
      type="button"
      className={helpTriggerClass}
      aria-label="Help and support"
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={() => void loadPanel()}
      onFocus={() => void loadPanel()}
      onClick={() => setOpened(true)}
    >
      <CircleHelp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
  if (!opened) return button;
  return (
    <Suspense fallback={button}>
      <HelpPopoverPanel defaultOpen />
    </Suspense>
  );
}
