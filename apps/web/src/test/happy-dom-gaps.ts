/**
 * What browsers do and happy-dom does not.
 *
 * Two DOM properties: react-hook-form reads both to decide whether a `<select>` was edited before
 * the form was ready; without them it takes every select as edited and ignores its default value
 * (a "To" account would start on the first option).
 *
 * The focus fixup rule: a focused control that becomes disabled loses the focus to <body> (the
 * browser notices at its next rendering; here, once the attribute has changed). happy-dom leaves
 * the focus on it, which would hide a button that drops the focus while its request runs.
 */

if (!('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      const size = Number(this.getAttribute('size'));
      return Number.isInteger(size) && size > 0 ? size : 0;
    },
    set(this: HTMLSelectElement, value: number) {
      this.setAttribute('size', String(value));
    },
  });
}

if (!('defaultSelected' in HTMLOptionElement.prototype)) {
  Object.defineProperty(HTMLOptionElement.prototype, 'defaultSelected', {
    configurable: true,
    get(this: HTMLOptionElement) {
      return this.hasAttribute('selected');
    },
    set(this: HTMLOptionElement, value: boolean) {
      this.toggleAttribute('selected', value);
    },
  });
}

/** Takes the focus off the focused control if it is disabled now. */
function fixUpFocus() {
  const focused = document.activeElement;
  if (!(focused instanceof HTMLElement) || !focused.matches(':disabled')) return;
  // happy-dom's blur() does nothing on a disabled element: blur it as it was a moment before.
  const own = focused.getAttribute('disabled');
  if (own !== null) focused.removeAttribute('disabled');
  focused.blur();
  if (own !== null) focused.setAttribute('disabled', own);
}

if (typeof MutationObserver !== 'undefined' && typeof document !== 'undefined') {
  new MutationObserver(fixUpFocus).observe(document, {
    attributes: true,
    attributeFilter: ['disabled'],
    subtree: true,
  });
}

export {};
