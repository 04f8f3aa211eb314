import { type RefObject, useCallback, useEffect, useId, useRef, useState } from 'react';

/** Where the focus should land: an element behind a ref, or one looked up once the change is on screen. */
export type FocusTarget = RefObject<HTMLElement | null> | (() => HTMLElement | null | undefined);

/**
 * Nothing the person can go on from has the focus: it is on <body> (the control that had it went
 * away with its step), on a control just disabled (a browser drops that focus to <body> at its next
 * rendering) or on an element gone from the page. With `target`, the focus on an element around it
 * counts as lost too: a dialog takes the focus back to itself when the control that had it goes.
 */
export function focusLost(target?: HTMLElement): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body || !active.isConnected) return true;
  if (active.matches(':disabled')) return true;
  return target !== undefined && active !== target && active.contains(target);
}

/**
 * Focuses `element`. One that is not a control (a heading, a message) is made focusable from a
 * script only (tabIndex -1, not from Tab) and shows no ring, as a page's heading does.
 */
export function focusOn(element: HTMLElement, options?: FocusOptions) {
  const own = element.getAttribute('tabindex');
  if (own === null ? element.tabIndex < 0 : own === '-1') {
    element.setAttribute('tabindex', '-1');
    element.classList.add('focus:outline-none');
  }
  element.focus(options);
}

/** A field a person can type in or choose from (not a hidden or read-only one). */
const FIELD = 'select, textarea, input:not([type="hidden"]):not([readonly])';

/**
 * Where the focus goes in a form shown again after a step of its own (a confirmation, a request):
 * the first field in error, else the form's message (its result or its problem), else its first
 * field.
 */
function inForm(formId: string, messageId: string) {
  return () => {
    const form = document.getElementById(formId);
    return (
      form?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      document.getElementById(messageId) ??
      form?.querySelector<HTMLElement>(FIELD)
    );
  };
}

/**
 * The one rule for a control that goes away under the focus (a step replaced by the next, a
 * confirmation group that closes, a submit button disabled as its form starts again, a row's
 * button gone with its row): the focus would drop to <body>, sending a keyboard or screen-reader
 * user back to the top of the page. It lands instead on what tells what happened: the result
 * message where one stays on screen, else the heading (or the first field) of what took the
 * step's place.
 *
 * Call the returned `land(target)` with the change (in the same handler, so both render
 * together). Once the change is on screen, `target` takes the focus if the focus was lost
 * (`focusLost`); a control that kept the focus (a busy button still there, the field Enter was
 * pressed in) keeps it. A dialog closing with the change leaves the focus where it landed.
 */
export function useFocusLanding(): (target: FocusTarget) => void {
  const wanted = useRef<FocusTarget | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const [, setAsked] = useState(0);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    const target = wanted.current;
    if (!target) return;
    wanted.current = null;
    // Looked at once this turn is over: what goes with the change (a closing dialog's content) has
    // left the page by then, and the focus with it.
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const element = find(target);
      if (element && focusLost(element)) focusOn(element);
    }, 0);
  });
  return useCallback((target: FocusTarget) => {
    wanted.current = target;
    setAsked((count) => count + 1);
  }, []);
}

const find = (target: FocusTarget) => (typeof target === 'function' ? target() : target.current);

/**
 * `useFocusLanding` for a form that starts again after a success, or comes back from a step of its
 * own: `formId` on the `<form>`, `messageId` on its result's Alert, and `focusForm()` with the
 * change (`inForm`: the first field in error, else the message, else the first field).
 */
export function useFormLanding() {
  const land = useFocusLanding();
  const formId = useId();
  const messageId = `${formId}-message`;
  const focusForm = useCallback(() => land(inForm(formId, messageId)), [land, formId, messageId]);
  return { land, formId, messageId, focusForm };
}

/** Marks a row's control as `name`, so the focus can find the same control on another row (`rowLanding`). */
export const rowControl = (name: string) => ({ 'data-row-control': name });

/**
 * The rule for a row's control that goes away under the focus, with its row (a message marked
 * handled leaves the open ones, a payment settled leaves the queue) or alone (a payment returned
 * stays in its day's list without its Return): the focus goes to the same control (`rowControl`)
 * on the row that took its place, else on the nearest row before it that has one, else to what the
 * list shows instead (`fallback`: its empty-state message, or the list itself). The list, not a
 * result banner: the console's banner clears itself after a few seconds, and the focus with it.
 *
 * Call it as the control is pressed, before the change takes the row away: it notes where the row
 * stands (the `<li>` or `<tr>` around the control) and gives the target for `land`
 * (`useFocusLanding`), looked up once the change is on screen. Rows that stood before it still
 * do; the rest, rows new to the list included, stand in its place.
 */
export function rowLanding(control: Element | null, fallback: () => HTMLElement | null | undefined) {
  const name = control instanceof HTMLElement ? control.dataset.rowControl : undefined;
  const row = control?.closest('li, tr');
  const list = row?.parentElement;
  if (name === undefined || !row || !list) return fallback;
  const rows = Array.from(list.children);
  const before = new Set(rows.slice(0, rows.indexOf(row)));
  return (): HTMLElement | null | undefined => {
    if (!list.isConnected) return fallback();
    const now = Array.from(list.children);
    const place = now.findLastIndex((candidate) => before.has(candidate)) + 1;
    for (const candidate of [...now.slice(place), ...now.slice(0, place).reverse()]) {
      const same = Array.from(candidate.querySelectorAll<HTMLElement>('[data-row-control]')).find(
        (element) => element.dataset.rowControl === name && !element.matches(':disabled'),
      );
      if (same) return same;
    }
    return fallback();
  };
}

/**
 * The rule for a step that takes the place of the one the person was on (a dialog's card code,
 * then its form, then its result; a set-up, then its backup codes): the control pressed went with
 * its step, and a dialog would keep the focus on itself, saying nothing of the new step. It lands
 * on the new step's first field in error (a step shown again with a problem under a field), else
 * its message (an Alert or a status: the result, a refusal, what is loading), else its first field
 * (a step that asks for input), else its heading.
 */
function inStep(stepId: string) {
  return () => {
    const step = document.getElementById(stepId);
    return (
      step?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      step?.querySelector<HTMLElement>('[role="alert"], [role="status"]') ??
      step?.querySelector<HTMLElement>(FIELD) ??
      step?.querySelector<HTMLElement>('h1, h2, h3, h4, h5, h6')
    );
  };
}

/**
 * `useFocusLanding` for steps that replace one another: `stepId` on the element around every step
 * (it stays while they change), and `focusStep()` with each change (`inStep`). A change that
 * closes the dialog does not call it: the dialog returns the focus as it closes.
 */
export function useStepLanding() {
  const land = useFocusLanding();
  const stepId = useId();
  const focusStep = useCallback(() => land(inStep(stepId)), [land, stepId]);
  return { stepId, focusStep };
}
