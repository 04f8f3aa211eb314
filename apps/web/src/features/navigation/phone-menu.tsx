import { Menu, X } from 'lucide-react';
import { type FocusEvent, type KeyboardEvent, type Ref, type RefObject, useCallback, useState } from 'react';
import { useLocation } from 'react-router';

const buttonClass = 'inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100';

/**
 * Whether a phone menu under the header is open: until the next navigation, so following any link
 * in it (even an anchor on the same page) closes it, and the new page's heading takes the focus
 * (useFocusOnNavigation).
 */
export function usePhoneMenu() {
  const { key } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === key;
  const close = useCallback(() => setOpenOn(null), []);
  return { open, close, toggle: () => setOpenOn(open ? null : key) };
}

export type PhoneMenu = ReturnType<typeof usePhoneMenu>;

/**
 * What the panel of a phone menu does with the keyboard: Escape closes it and gives the focus back
 * to its button; tabbing on past its last item, into the page, closes it too, so it never stays
 * open over a page the person has moved on to.
 */
export function usePhoneMenuPanel(close: () => void, button: RefObject<HTMLButtonElement | null>) {
  return {
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Escape') return;
      close();
      button.current?.focus();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      if (next instanceof Node && !event.currentTarget.contains(next) && next !== button.current) close();
    },
  };
}

/** "Open menu" / "Close menu": the button that shows the phone menu (`controls`: the panel's id). */
export function PhoneMenuButton({
  ref,
  menu,
  controls,
  className,
}: {
  ref: Ref<HTMLButtonElement>;
  menu: PhoneMenu;
  controls: string;
  className?: string;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className={className ? `${buttonClass} ${className}` : buttonClass}
      aria-expanded={menu.open}
      aria-controls={controls}
      aria-label={menu.open ? 'Close menu' : 'Open menu'}
      onClick={menu.toggle}
      onKeyDown={(event) => {
        if (event.key === 'Escape') menu.close();
      }}
    >
      {menu.open ? <X className="h-6 w-6" aria-hidden="true" /> : <Menu className="h-6 w-6" aria-hidden="true" />}
    </button>
  );
}
