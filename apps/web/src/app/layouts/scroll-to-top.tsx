import { SCROLL_TO_TOP_THRESHOLD_PX } from '@mutual/shared';
import { ArrowUp } from 'lucide-react';
import { useEffect, useState } from 'react';

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

/**
 * "Scroll to top" (spec: after scrolling 300 px), in the bottom right corner. It steps aside while
 * the member fills a field that is on the screen, so it never covers the field being typed in; the
 * footer leaves room under its last line, so the end of the page scrolls clear of it.
 */
export function ScrollToTopButton() {
  const [scrolled, setScrolled] = useState(false);
  const [filling, setFilling] = useState(() => fillingOnScreen(document.activeElement));
  useEffect(() => {
    const onScroll = () => {
      setScrolled(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
      setFilling(fillingOnScreen(document.activeElement));
    };
    // Where the focus goes: the element gaining it (focusin), or the one about to (focusout).
    const onFocusIn = (event: FocusEvent) => setFilling(fillingOnScreen(event.target));
    const onFocusOut = (event: FocusEvent) => setFilling(fillingOnScreen(event.relatedTarget));
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  if (!scrolled || filling) return null;
  return (
    <button
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
