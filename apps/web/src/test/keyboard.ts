import { act } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Presses `control` the way a keyboard user does: the focus on it, then Enter. */
export async function pressEnter(user: UserEvent, control: HTMLElement) {
  act(() => control.focus());
  await user.keyboard('{Enter}');
}
