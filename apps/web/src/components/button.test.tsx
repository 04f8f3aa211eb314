import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

/** A form whose submit button is busy while its request runs; `send` is the request. */
function SendForm({ send }: { send: () => Promise<void> }) {
  const [pending, setPending] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPending(true);
    void send().finally(() => setPending(false));
  };
  return (
    <form onSubmit={submit}>
      <input aria-label="Amount" />
      <Button type="submit" busy={pending}>
        Send
      </Button>
    </form>
  );
}

/** A request that is answered when the test says so, and how many were sent. */
function deferredRequests() {
  const answers: (() => void)[] = [];
  return {
    send: () => new Promise<void>((resolve) => answers.push(resolve)),
    sent: () => answers.length,
    answerAll: () => answers.forEach((answer) => answer()),
  };
}

describe('Button, busy', () => {
  it('pressed with the keyboard, keeps the focus while its request runs, and another press sends nothing', async () => {
    const user = userEvent.setup();
    const requests = deferredRequests();
    render(<SendForm send={requests.send} />);
    const send = screen.getByRole('button', { name: 'Send' });
    send.focus();
    await user.keyboard('{Enter}');
    expect(requests.sent()).toBe(1);

    expect(document.activeElement).toBe(send);
    expect(send.getAttribute('aria-busy')).toBe('true');
    expect(send.getAttribute('aria-disabled')).toBe('true');
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    await user.click(send);
    // Enter in a field of the form presses its submit button too.
    await user.type(screen.getByLabelText('Amount'), '5{Enter}');
    expect(requests.sent()).toBe(1);

    requests.answerAll();
    await screen.findByRole('button', { name: 'Send', busy: false });
    expect(send.getAttribute('aria-disabled')).toBeNull();
    await user.click(send);
    expect(requests.sent()).toBe(2);
  });
});
