import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, useState } from 'react';

/** What a controlled dialog takes from its owner: whether it is open, and who to tell when that changes. */
export interface DialogControlProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * A modal dialog on Radix (focus trap, Escape, aria wiring). `title` is the dialog's accessible
 * name; `description` is optional supporting text under it. On closing, the focus goes back to
 * where it was when the dialog opened (the button that opened it, or the busy button whose answer
 * opened it: see `busyButton`), if that is still on the page and can take it, and unless the
 * screen has already put it elsewhere.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
}: DialogControlProps & {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}) {
  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' }[size];
  // Opened by its owner, not by a Radix trigger, so Radix has nowhere to return the focus and
  // leaves it on <body>. Note what had the focus as the dialog opens, before a field inside
  // takes it (an `autoFocus` input is focused while the dialog is mounted).
  const [wasOpen, setWasOpen] = useState(false);
  const [opener, setOpener] = useState<Element | null>(null);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      const active = document.activeElement;
      setOpener(active && active !== document.body ? active : null);
    }
  }
  const returnFocus = (event: Event) => {
    // The screen has put the focus somewhere already, as the answer changed what is on it (a row's
    // button gone with its row: `lib/focus-landing.ts`): it stays there.
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== document.body && active.isConnected) {
      event.preventDefault();
      return;
    }
    if (!(opener instanceof HTMLElement) || !opener.isConnected || opener === document.body) return;
    if (opener.matches(':disabled')) return;
    event.preventDefault();
    opener.focus();
  };
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <RadixDialog.Content
          className={[
            'fixed top-1/2 left-1/2 z-50 max-h-[92vh] w-[calc(100vw-1.5rem)]',
            width,
            '-translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl',
            'focus:outline-none sm:p-6',
          ].join(' ')}
          onCloseAutoFocus={returnFocus}
          // Without a description there is nothing to describe it by: the title already names it
          // (Radix's documented way to have none, rather than a hidden copy of the title).
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <div>
              <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="mt-1 text-sm text-slate-600">{description}</RadixDialog.Description>
              )}
            </div>
            <RadixDialog.Close
              className={[
                'inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-lg',
                'text-slate-500 hover:bg-slate-100 hover:text-slate-800',
              ].join(' ')}
              aria-label="Close"
            >
              <X className="h-5 w-5" aria-hidden="true" />
            </RadixDialog.Close>
          </div>
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
