import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type FormEvent, useId, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';
import { Dialog, DialogFooter } from './dialog';

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

/** A long form whose buttons are its dialog's footer, as Profile Settings' are. */
function FooterForm({ onSave }: { onSave: () => void }) {
  const formId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  return (
    <form id={formId} onSubmit={submit}>
      <input aria-label="City" />
      <DialogFooter>
        <button type="button">Close</button>
        <button type="submit" form={formId}>
          Save changes
        </button>
      </DialogFooter>
    </form>
  );
}

const part = (element: HTMLElement) => element.closest('[data-dialog-part]')?.getAttribute('data-dialog-part');

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

  it('shows what a DialogFooter holds under the scrolling body, pinned, where it still submits its form', async () => {
    const onSave = vi.fn();
    render(
      <Dialog open onOpenChange={() => {}} title="Profile Settings">
        <FooterForm onSave={onSave} />
      </Dialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Profile Settings' });
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(part(within(dialog).getByRole('textbox', { name: 'City' }))).toBe('body');
    expect(part(save)).toBe('footer');
    // After the body in the tab order, as it is on the screen.
    const order = [...dialog.querySelectorAll('input, button')].map(
      (element) => element.getAttribute('aria-label') ?? element.textContent,
    );
    expect(order).toEqual(['Close', 'City', 'Close', 'Save changes']);
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledOnce();
  });

  it('has no footer when nothing is put in it', () => {
    render(
      <Dialog open onOpenChange={() => {}} title="Verify User">
        <p>Check the applicant.</p>
      </Dialog>,
    );
    const footer = screen.getByRole('dialog').querySelector('[data-dialog-part="footer"]');
    expect(footer?.childElementCount).toBe(0);
  });

  it('leaves a DialogFooter where it is written outside a dialog', async () => {
    const onSave = vi.fn();
    render(<FooterForm onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save.closest('form')).not.toBeNull();
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledOnce();
  });
});
