import { type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { createRequiredContext } from '../../lib/required-context';
import { AccountSettingsDialog } from './account-settings-dialog';
import { ProfileDialog } from './profile-dialog';

type Which = 'profile' | 'settings';

interface ProfileDialogsValue {
  /** Opens a dialog; focus returns to `returnFocusTo` (the menu button) when it closes. */
  open: (which: Which, returnFocusTo?: HTMLElement | null) => void;
}

const [ProfileDialogsContext, useProfileDialogs] = createRequiredContext<ProfileDialogsValue>(
  'useProfileDialogs',
  'ProfileDialogsProvider',
);
export { useProfileDialogs };

/** Holds the Profile Settings and Account Settings dialogs, opened from the avatar menu. */
export function ProfileDialogsProvider({ children }: { children: ReactNode }) {
  const [openDialog, setOpenDialog] = useState<Which | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const open = useCallback((which: Which, returnFocusTo?: HTMLElement | null) => {
    returnFocus.current = returnFocusTo ?? null;
    setOpenDialog(which);
  }, []);

  const onOpenChange = useCallback((isOpen: boolean) => {
    if (isOpen) return;
    setOpenDialog(null);
    // The dialogs have no trigger of their own, so send focus back to where the person was.
    const target = returnFocus.current;
    if (target) requestAnimationFrame(() => target.focus());
  }, []);

  const value = useMemo(() => ({ open }), [open]);

  return (
    <ProfileDialogsContext.Provider value={value}>
      {children}
      <ProfileDialog open={openDialog === 'profile'} onOpenChange={onOpenChange} />
      <AccountSettingsDialog open={openDialog === 'settings'} onOpenChange={onOpenChange} />
    </ProfileDialogsContext.Provider>
  );
}
