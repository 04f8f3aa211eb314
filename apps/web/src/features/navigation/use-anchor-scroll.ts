import { useEffect } from 'react';
import { useLocation } from 'react-router';

const WAIT_FOR_ANCHOR_MS = 5000;

function scrollToAnchor(target: HTMLElement) {
  // Land below the sticky navigation rather than under it.
  const header = document.querySelector<HTMLElement>('[data-signed-in-nav]');
  const offset = (header?.getBoundingClientRect().height ?? 0) + 16;
  window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - offset });
  if (target.hasAttribute('tabindex')) target.focus({ preventScroll: true });
}

/**
 * Each navigation starts at the top of the page, unless it names an anchor: then scroll to it,
 * also when the anchor is already in the address (a second click on "Transfers") or when it only
 * appears once the page's data has loaded.
 */
export function useAnchorScroll() {
  const { key, hash } = useLocation();
  useEffect(() => {
    if (!hash) {
      window.scrollTo({ top: 0 });
      return;
    }
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
