import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { focusLost, focusOn } from '../../lib/focus-landing';

/** How long a new page may take to show its heading: its screen still loading, its data on the way. */
const WAIT_FOR_HEADING_MS = 5000;

/**
 * The navigation the document opened on. Module-wide, not per layout: the public and the
 * signed-in layouts each mount their own frame, and signing in or out moves from one to the other.
 */
let openedOn: string | undefined;

/** Puts the focus on a heading, which takes it from a script only (not from Tab) and shows no ring. */
const focusHeading = (heading: HTMLElement) => focusOn(heading, { preventScroll: true });

/**
 * After a navigation that took the focus with it (Verify & Sign in, Create Account, Sign out, a
 * link in the phone menu: the control pressed is gone), the new page's `<h1>` takes the focus, so
 * a screen reader goes on from what changed instead of starting again at the top of the document.
 * A link in a header that stays keeps the focus, an anchor in the address is left to the anchor,
 * a change of the query alone (a selected member, a filter, a page of a list) stays on the same
 * screen, which minds its own focus, and the page the browser opened is left as the browser put it.
 */
export function useFocusOnNavigation() {
  const { key, pathname, search, hash } = useLocation();
  const shown = useRef<{ pathname: string; search: string } | null>(null);
  useEffect(() => {
    const before = shown.current;
    shown.current = { pathname, search };
    openedOn ??= key;
    const queryOnly = before !== null && before.pathname === pathname && before.search !== search;
    if (key === openedOn || hash || queryOnly) return;
    const heading = () => document.querySelector<HTMLElement>('main h1');
    const found = heading();
    if (found) {
      if (focusLost()) focusHeading(found);
      return;
    }
    // The page is still loading (its code, or the data its heading comes with).
    const observer = new MutationObserver(() => {
      const target = heading();
      if (!target) return;
      observer.disconnect();
      if (focusLost()) focusHeading(target);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_HEADING_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [key, pathname, search, hash]);
}
