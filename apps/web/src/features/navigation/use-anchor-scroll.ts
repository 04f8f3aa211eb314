import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { scrollBelowHeader } from '../../lib/scroll';

const WAIT_FOR_ANCHOR_MS = 5000;

function scrollToAnchor(target: HTMLElement) {
  scrollBelowHeader(target);
  if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
}

/**
 * A new page starts at the top, unless the address names an anchor: then scroll to it, also when
 * the anchor is already in the address (a second click on "Transfers") or when it only appears
 * once the page's data has loaded. A change of the query alone (a selected member, a tab, a
 * filter, a page of a list) stays on the same screen, so the reader keeps their place; the screen
 * brings what changed into view itself (the member's detail, the list's first row).
 */
export function useAnchorScroll() {
  const { key, pathname, hash } = useLocation();

  useEffect(() => {
    if (!hash) window.scrollTo({ top: 0 });
  }, [pathname, hash]);

  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    const found = document.getElementById(id);
    if (found) {
      scrollToAnchor(found);
      return;
    }
    const observer = new MutationObserver(() => {
      const target = document.getElementById(id);
      if (!target) return;
      observer.disconnect();
      scrollToAnchor(target);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), WAIT_FOR_ANCHOR_MS);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [key, hash]);
}
