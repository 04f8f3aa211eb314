import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import { Dialog } from './dialog';

/** A screen that opens a dialog from its own button, as Verify User does: no Radix trigger. */
function Opener({ withField = false }: { withField?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Verify User
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Verify User">
        {withField ? <input aria-label="Reason" autoFocus /> : <p>Check the applicant.</p>}
        <button type="button" onClick={() => setOpen(false)}>
          Done
        </button>
      </Dialog>
    </>
  );
}

/**
 * A form whose button is busy while its request runs, then opens a dialog with the answer, as
 * "Transfer Submitted" does: the button kept the focus, so the dialog knows where to return it.
 */
function SubmitThenAnswer() {
  const [busy, setBusy] = useState(false);
  const [open, setOpen] = useState(false);
  const send = () => {
    setBusy(true);
    setTimeout(() => {
      setBusy(false);
      setOpen(true);
    }, 10);
  };
  return (
    <>
      <Button busy={busy} onClick={send}>
        Transfer
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title="Transfer Submitted">
        <p>Your transfer is on its way.</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opened once a request ended, gives the focus back to the button that sent it', async () => {
    render(<SubmitThenAnswer />);
    const send = screen.getByRole('button', { name: 'Transfer' });
    send.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Transfer Submitted' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(send));
  });

  it('gives the focus back to the button that opened it when Escape closes it', async () => {
    render(<Opener />);
    const opener = screen.getByRole('button', { name: 'Verify User' });
    await userEvent.click(opener);
    expect(screen.getByRole('dialog', { name: 'Verify User' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('does so too when a field inside took the focus and the dialog closes itself', async () => {
    render(<Opener withField />);
    const opener = screen.getByRole('button', { name: 'Verify User' });
    await userEvent.click(opener);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' })));
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('has no description when none is given: the title is said once, not a hidden copy of it', async () => {
    render(<Opener />);
    await userEvent.click(screen.getByRole('button', { name: 'Verify User' }));
    const dialog = screen.getByRole('dialog', { name: 'Verify User' });
    const describedBy = dialog.getAttribute('aria-describedby');
    const description = describedBy ? document.getElementById(describedBy)?.textContent : undefined;
    expect(description).not.toBe('Verify User');
    expect(describedBy).toBeNull();
    expect(within(dialog).getAllByText('Verify User')).toHaveLength(1);
  });

  it('is described by its description when it has one', async () => {
    render(
      <Dialog open onOpenChange={() => {}} title="Cancel payment" description="Any money held becomes available.">
        <p>Body</p>
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Cancel payment' });
    const describedBy = dialog.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Any money held becomes available.');
  });
});
