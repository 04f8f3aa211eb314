import { SCROLL_TO_TOP_THRESHOLD_PX } from '@mutual/shared';
import { ArrowUp } from 'lucide-react';
import { type Ref, useEffect, useRef, useState } from 'react';
import { focusOn } from '../../lib/focus-landing';

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

/** How long the button stays once the person has stopped scrolling back up the page. */
export const SHOW_AFTER_SCROLLING_UP_MS = 2500;

/**
 * How near the end the page must be for the button to sit on the room the footer leaves under its
 * last line (`pb-20`, 80 px): the button's top is 56 px (phone) or 64 px over the window's bottom.
 */
const END_SLACK_PX = 16;

/**
 * A scroll up counts as the person's when it follows their wheel, finger, scroll key or scroll
 * bar within this long; a scroll the page makes itself (to an anchor, to a message, to a field
 * being focused) does not bring the button over what it has just brought into view.
 */
const INPUT_TO_SCROLL_MS = 1000;
const scrollUpKeys = new Set(['ArrowUp', 'PageUp', 'Home']);

function atPageEnd(): boolean {
  return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - END_SLACK_PX;
}

/**
 * "Scroll to top" (spec: after scrolling 300 px), in the bottom right corner. A button floating
 * over the page would cover what is under it, so it only shows when it is wanted and covers
 * nothing: while the person scrolls back up the page themselves (and a moment after), and at the page's end,
 * where it sits on the room the footer leaves under its last line. The rest of the time it is
 * invisible and lets clicks through, yet stays in the tab order: the keyboard brings it into view.
 * It also steps aside while the member fills a field that is on the screen, and while a button,
 * link or field has scrolled under its corner (a full-width "Back" on a phone). Pressed, it takes
 * the person to the top, and the focus to the page's heading.
 */
export function ScrollToTopButton() {
  const [scrolled, setScrolled] = useState(false);
  const [filling, setFilling] = useState(() => fillingOnScreen(document.activeElement));
  const [covering, setCovering] = useState(false);
  const [atEnd, setAtEnd] = useState(false);
  const [scrollingUp, setScrollingUp] = useState(false);
  const self = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let lastY = window.scrollY;
    let upTimer: number | undefined;
    let lastInput = Number.NEGATIVE_INFINITY;
    const onInput = () => {
      lastInput = Date.now();
    };
    const onKey = (event: KeyboardEvent) => {
      if (scrollUpKeys.has(event.key) || (event.key === ' ' && event.shiftKey)) onInput();
    };
    // A press on the page's own scroll bar (its target is the root element).
    const onPointer = (event: PointerEvent) => {
      if (event.target === document.documentElement) onInput();
    };
    const measure = () => {
      setScrolled(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
      setAtEnd(atPageEnd());
      setFilling(fillingOnScreen(document.activeElement));
      setCovering(coversControl(self.current));
    };
    const onScroll = () => {
      const y = window.scrollY;
      if (y < lastY && Date.now() - lastInput <= INPUT_TO_SCROLL_MS) {
        setScrollingUp(true);
        window.clearTimeout(upTimer);
        upTimer = window.setTimeout(() => setScrollingUp(false), SHOW_AFTER_SCROLLING_UP_MS);
      } else if (y > lastY) {
        window.clearTimeout(upTimer);
        setScrollingUp(false);
      }
      lastY = y;
      measure();
    };
    // Where the focus goes: the element gaining it (focusin), or the one about to (focusout).
    const onFocusIn = (event: FocusEvent) => setFilling(fillingOnScreen(event.target));
    const onFocusOut = (event: FocusEvent) => setFilling(fillingOnScreen(event.relatedTarget));
    measure();
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('resize', measure);
    window.addEventListener('wheel', onInput, { passive: true });
    window.addEventListener('touchmove', onInput, { passive: true });
    window.addEventListener('keydown', onKey);
    window.addEventListener('pointerdown', onPointer);
    document.addEventListener('focusin', onFocusIn);
    document.addEventListener('focusout', onFocusOut);
    return () => {
      window.clearTimeout(upTimer);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('resize', measure);
      window.removeEventListener('wheel', onInput);
      window.removeEventListener('touchmove', onInput);
      window.removeEventListener('keydown', onKey);
      window.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('focusin', onFocusIn);
      document.removeEventListener('focusout', onFocusOut);
    };
  }, []);
  if (!scrolled || filling || covering) return null;
  return <FloatingButton ref={self} wanted={scrollingUp || atEnd} />;
}

/** The button itself; the pointer or the focus on it keeps it in view (from its showing up, anew each time). */
function FloatingButton({ ref, wanted }: { ref: Ref<HTMLButtonElement>; wanted: boolean }) {
  const [held, setHeld] = useState(false);
  const shown = wanted || held;
  return (
    <button
      ref={ref}
      type="button"
      aria-label="Scroll to top"
      data-shown={shown}
      onClick={() => {
        window.scrollTo({ top: 0 });
        const heading = document.querySelector<HTMLElement>('main h1');
        if (heading) focusOn(heading, { preventScroll: true });
      }}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      className={[
        'fixed right-3 bottom-3 z-30 inline-flex h-11 w-11 items-center sm:right-5 sm:bottom-5',
        'justify-center rounded-full bg-brand text-white shadow-lg transition-opacity motion-reduce:transition-none',
        'hover:bg-brand-dark',
        shown ? 'opacity-100' : 'pointer-events-none opacity-0',
      ].join(' ')}
    >
      <ArrowUp className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
