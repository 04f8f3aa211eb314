import type { FormEvent } from 'react';

/**
 * A form's `onSubmit` that keeps the page where it is (no browser submit) and runs `action`; a
 * promise it returns is the action's own to settle (`void`).
 */
export const submitWith = (action: () => unknown) => (event: FormEvent) => {
  event.preventDefault();
  void action();
};
