import type { SessionUser } from '@mutual/shared';
import { type LucideIcon, LogOut, RotateCcw, Settings, UserRound } from 'lucide-react';
import type { RefObject } from 'react';
import { useProfileDialogs } from '../profile/profile-dialogs';
import { resetTransfersPath } from './nav-items';
import { useSignOut } from './use-sign-out';

/** An item of the account menu: a page to go to, or something to do (`sign-out` is set apart). */
export type AccountItem = { label: string; Icon: LucideIcon } & (
  { kind: 'link'; to: string } | { kind: 'action' | 'sign-out'; onSelect: () => void }
);

/**
 * The account menu's items (spec §2), the same in the avatar menu and the phone menu: Profile
 * Settings, Account Settings, Reset Transfer Counts (staff), Sign out. A dialog gives the focus
 * back to `returnFocusTo` when it closes; `beforeDialog` runs first (the phone menu closes).
 */
export function useAccountItems(
  user: SessionUser,
  { returnFocusTo, beforeDialog }: { returnFocusTo: RefObject<HTMLElement | null>; beforeDialog?: () => void },
): AccountItem[] {
  const dialogs = useProfileDialogs();
  const signOut = useSignOut();
  const openDialog = (which: 'profile' | 'settings') => () => {
    beforeDialog?.();
    dialogs.open(which, returnFocusTo.current);
  };
  const staffItems: AccountItem[] =
    user.role === 'admin'
      ? [{ kind: 'link', label: 'Reset Transfer Counts', Icon: RotateCcw, to: resetTransfersPath }]
      : [];
  return [
    { kind: 'action', label: 'Profile Settings', Icon: UserRound, onSelect: openDialog('profile') },
    { kind: 'action', label: 'Account Settings', Icon: Settings, onSelect: openDialog('settings') },
    ...staffItems,
    { kind: 'sign-out', label: 'Sign out', Icon: LogOut, onSelect: () => void signOut() },
  ];
}
