/**
 * Two DOM properties browsers have and happy-dom lacks. react-hook-form reads both to decide
 * whether a `<select>` was edited before the form was ready; without them it takes every select
 * as edited and ignores its default value (a "To" account would start on the first option).
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

export {};
