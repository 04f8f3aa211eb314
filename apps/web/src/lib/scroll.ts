/** How much of the window's top the sticky navigation covers, with a little air under it. */
function coveredTop(): number {
  const header = document.querySelector<HTMLElement>('[data-signed-in-nav]');
  return (header?.getBoundingClientRect().height ?? 0) + 16;
}

/** Scrolls the window so `target` starts just below the sticky navigation rather than under it. */
export function scrollBelowHeader(target: HTMLElement) {
  window.scrollTo({ top: target.getBoundingClientRect().top + window.scrollY - coveredTop() });
}

/** Brings `target`'s start into view when it is out of sight above (under the navigation or higher). */
export function revealStart(target: HTMLElement) {
  if (target.getBoundingClientRect().top < coveredTop()) scrollBelowHeader(target);
}
