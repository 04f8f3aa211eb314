import { SCROLL_TO_TOP_THRESHOLD_PX } from '@mutual/shared';
import { ArrowUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** Controls that bring up a keyboard or a picker: on a phone the field being filled sits where the button would. */
const typingControls = [
  'textarea',
  'select',
  'input:not([type="checkbox"], [type="radio"], [type="button"], [type="submit"], [type="reset"], [type="file"])',
].join(', ');

/** Whether `target` is a field being filled that is on the screen (scrolled away, it is not in the way). */
function fillingOnScreen(target: EventTarget | null): boolean {
  if (!(target instanceof Element) || !target.matches(typingControls)) return false;
  const box = target.getBoundingClientRect();
  return box.bottom >= 0 && box.top <= window.innerHeight;
}

/** Things a person presses or fills: the button must not sit on one. */
const controls = 'a[href], button, input, select, textarea, summary, [role="button"], [role="link"], [role="tab"]';

/** Where the button sits (`right-3 bottom-3 h-11 w-11`, `sm:right-5 sm:bottom-5`), in viewport pixels. */
function buttonSpot(): { left: number; top: number; size: number } {
  const size = 44;
  const inset = window.matchMedia('(min-width: 640px)').matches ? 20 : 12;
  return { left: window.innerWidth - inset - size, top: window.innerHeight - inset - size, size };
}

/**
 * Whether a control lies under the button's spot: on a phone a full-width "Back" or "Confirm" can
 * scroll under the corner. Probes the spot's centre and corners for the topmost element that is not
 * the button itself.
 */
function coversControl(self: Element | null): boolean {
  if (typeof document.elementsFromPoint !== 'function') return false;
  const { left, top, size } = buttonSpot();
  const points = [
    [left + size / 2, top + size / 2],
    [left + 4, top + 4],
    [left + size - 4, top + 4],
    [left + 4, top + size - 4],
    [left + size - 4, top + size - 4],
  ] as const;
  return points.some(([x, y]) => {
    const under = document.elementsFromPoint(x, y).find((element) => !self?.contains(element));
    return !!under?.closest(controls);
  });
}

/**
 * "Scroll to top" (spec: after scrolling 300 px), in the bottom right corner. It steps aside while
 * the member fills a field that is on the screen, so it never covers the field being typed in, and
 * while a button, link or field has scrolled under its corner (a full-width "Back" on a phone); the
 * footer leaves room under its last line, so the end of the page scrolls clear of it.
 */
export function ScrollToTopButton() {
  const [scrolled, setScrolled] = useState(false);
  const [filling, setFilling] = useState(() => fillingOnScreen(document.activeElement));
  const [covering, setCovering] = useState(false);
  const self = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const onScroll = () => {
      setScrolled(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
      setFilling(fillingOnScreen(document.activeElement));
      setCovering(coversControl(self.current));
    };
    // Where the focus goes: the element gaining it (focusin), or the one about to (focusout).
    const onFocusIn = (event: FocusEvent) => setFilling(fillingOnScreen(event.target));
    const onFocusOut = (event: FocusEvent) => setFilling(fillingOnScreen(event.relatedTarget));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', onScroll);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', onScroll);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  if (!scrolled || filling || covering) return null;
  return (
    <button
      ref={self}
      type="button"
      aria-label="Scroll to top"
      onClick={() => window.scrollTo({ top: 0 })}
      className={[
        'fixed right-3 bottom-3 z-30 inline-flex h-11 w-11 items-center sm:right-5 sm:bottom-5',
        'justify-center rounded-full bg-brand text-white shadow-lg',
        'hover:bg-brand-dark',
      ].join(' ')}
    >
      <ArrowUp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
