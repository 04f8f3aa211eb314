import type { SessionUser } from '@mutual/shared';
import { LogOut, RotateCcw, Settings, UserRound } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Container } from '../../components/layout';
import { Avatar } from '../../components/avatar';
import { useProfileDialogs } from '../profile/profile-dialogs';
import { isCurrent, navItemsFor, resetTransfersPath } from './nav-items';
import { useSignOut } from './use-sign-out';

const rowClass =
  'flex w-full items-center gap-3 rounded-lg px-3 py-3 text-left text-base font-medium text-slate-800 hover:bg-slate-50';

function Row({ icon, children, onClick }: { icon: ReactNode; children: ReactNode; onClick: () => void }) {
  return (
    <button type="button" className={rowClass} onClick={onClick}>
      {icon}
      {children}
    </button>
  );
}

/** The phone menu: the same links and account items as the desktop bar and avatar menu. */
export function MobileMenu({
  id,
  user,
  onClose,
  menuButton,
}: {
  id: string;
  user: SessionUser;
  onClose: () => void;
  menuButton: RefObject<HTMLButtonElement | null>;
}) {
  const location = useLocation();
  const dialogs = useProfileDialogs();
  const signOut = useSignOut();
  const openDialog = (which: 'profile' | 'settings') => {
    onClose();
    dialogs.open(which, menuButton.current);
  };
  const icon = 'h-5 w-5 text-slate-500';

  return (
    <div
      id={id}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-100 bg-white md:hidden"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        onClose();
        menuButton.current?.focus();
      }}
    >
      <Container className="py-3">
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {navItemsFor(user).map((item) => {
              const current = isCurrent(item, location);
              return (
                <li key={item.label}>
                  <Link
                    to={{ pathname: item.pathname, hash: item.hash }}
                    aria-current={current ? 'page' : undefined}
                    className={`block rounded-lg px-3 py-3 text-base font-medium ${current ? 'bg-brand-soft text-brand' : 'text-slate-800 hover:bg-slate-50'}`}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mt-2 border-t border-slate-100 pt-3">
          <div className="flex items-center gap-3 px-3 pb-2">
            <Avatar name={user.name} imageUrl={user.profileImageUrl} size="md" />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{user.name}</p>
              <p className="truncate text-sm text-slate-600">{user.email}</p>
            </div>
          </div>
          <Row icon={<UserRound className={icon} aria-hidden="true" />} onClick={() => openDialog('profile')}>
            Profile Settings
          </Row>
          <Row icon={<Settings className={icon} aria-hidden="true" />} onClick={() => openDialog('settings')}>
            Account Settings
          </Row>
          {user.role === 'admin' && (
            <Link to={resetTransfersPath} className={rowClass}>
              <RotateCcw className={icon} aria-hidden="true" />
              Reset Transfer Counts
            </Link>
          )}
          <Row icon={<LogOut className={icon} aria-hidden="true" />} onClick={() => void signOut()}>
            Sign out
          </Row>
        </div>
      </Container>
    </div>
  );
}
