/** How much of the window's top the sticky navigation covers, with a little air under it. */
function coveredTop(): number {
  const header = document.querySelector<HTMLElement>('[data-signed-in-nav]');
  return (header?.getBoundingClientRect().height ?? 0) + 16;
}

/** Scrolls the window so `target` starts just below the sticky navigation rather than under it. */
export function scrollBelowHeader(target: HTMLElement) {
  window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - coveredTop() });
}

/**
 * A list beside the detail of what was picked from it (staff console, Deposit Review): on a wide
 * screen the detail, thousands of pixels long, flows with the page, so the page's own scroll bar
 * reaches all of it; the list stays in sight beside it, in a box of its own when it is taller than
 * the window, to pick the next one from.
 */
export const listBesideDetailClass =
  'lg:sticky lg:top-20 lg:max-h-[calc(100vh-6rem)] lg:overflow-y-auto lg:rounded-2xl';

/**
 * Once something is picked from such a list: side by side, the detail starts beside the list unless
 * the page was scrolled down through the last one's (back to its start), and the focus stays on the
 * list, the next one a Tab away. Stacked (a phone), the detail is scrolled into view, with the focus
 * when `focus` (left on the list, the next Tab would go on down the list, far from what was opened).
 */
export function showPickedDetail(detail: HTMLElement | null, { focus = false } = {}) {
  window.requestAnimationFrame(() => {
    if (!detail) return;
    if (window.matchMedia('(min-width: 1024px)').matches) return revealStart(detail);
    detail.scrollIntoView({ block: 'start' });
    if (focus) detail.focus({ preventScroll: true });
  });
}

/** Brings `target`'s start into view when it is out of sight above (under the navigation or higher). */
export function revealStart(target: HTMLElement) {
  if (target.getBoundingClientRect().top < coveredTop()) scrollBelowHeader(target);
}
