import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { type ReactNode, createContext, useContext, useState } from 'react';
import { createPortal } from 'react-dom';

/** What a controlled dialog takes from its owner: whether it is open, and who to tell when that changes. */
export interface DialogControlProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Where a dialog is: centred, or near the top. Either way it stays inside the screen (`dvh`: the
 * part a phone's browser bars leave), its footer included.
 */
const placements = {
  center: 'top-1/2 max-h-[92dvh] -translate-y-1/2',
  top: 'top-[4dvh] max-h-[92dvh] sm:top-[8dvh] sm:max-h-[84dvh]',
};

/** The open dialog's footer element (null until it is mounted); undefined outside a dialog. */
const FooterSlot = createContext<HTMLElement | null | undefined>(undefined);

/**
 * A modal dialog on Radix (focus trap, Escape, aria wiring). `title` is the dialog's accessible
 * name; `description` is optional supporting text under it. On closing, the focus goes back to
 * where it was when the dialog opened (the button that opened it, or the busy button whose answer
 * opened it: see `busyButton`), if that is still on the page and can take it, and unless the
 * screen has already put it elsewhere.
 *
 * The title row stays at the top and what a `DialogFooter` holds at the bottom; only the body
 * between them scrolls, so a long form's buttons are always in view. `placement="top"` anchors the
 * dialog near the top of the screen instead of centring it: for content whose height changes under
 * the pointer (tabs), so what is above the change stays where it is.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  placement = 'center',
}: DialogControlProps & {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  placement?: 'center' | 'top';
}) {
  const width = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-2xl', xl: 'max-w-4xl' }[size];
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
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
            'fixed left-1/2 z-50 flex w-[calc(100vw-1.5rem)] -translate-x-1/2 flex-col',
            width,
            placements[placement],
            'rounded-2xl bg-white shadow-xl focus:outline-none',
          ].join(' ')}
          onCloseAutoFocus={returnFocus}
          // Without a description there is nothing to describe it by: the title already names it
          // (Radix's documented way to have none, rather than a hidden copy of the title).
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex shrink-0 items-start justify-between gap-4 px-5 pt-5 pb-3 sm:px-6 sm:pt-6">
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
          {/* The top padding keeps the first field's focus ring clear of the scrolling edge. */}
          <div className="min-h-0 overflow-y-auto px-5 pt-1 pb-5 sm:px-6 sm:pb-6" data-dialog-part="body">
            <FooterSlot.Provider value={footer}>{children}</FooterSlot.Provider>
          </div>
          <div
            ref={setFooter}
            className="shrink-0 border-t border-slate-200 px-5 pt-4 pb-5 empty:hidden sm:px-6 sm:pb-6"
            data-dialog-part="footer"
          />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/**
 * A dialog's actions, wherever they are written inside it, shown in its footer: pinned under the
 * scrolling body, after it in the tab order. They leave the DOM of the form they belong to, so its
 * submit button names it (`form={formId}`). Outside a dialog (a form on its own in a test, or on a
 * page), they stay where they are written.
 */
export function DialogFooter({ children }: { children: ReactNode }) {
  const slot = useContext(FooterSlot);
  if (slot === undefined) return children;
  return slot && createPortal(children, slot);
}
