import type { SessionUser } from '@mutual/shared';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { Container } from '../../components/layout';
import { useAccountItems } from './account-items';
import { NavLinks } from './nav-links';
import { usePhoneMenuPanel } from './phone-menu';

const linkClass = (current: boolean) =>
  [
    'block rounded-lg px-3 py-3 text-base font-medium',
    current ? 'bg-brand-soft text-brand' : 'text-slate-800 hover:bg-slate-50',
  ].join(' ');

const rowClass = [
  'flex w-full items-center gap-3 rounded-lg px-3 py-3 text-left',
  'text-base font-medium text-slate-800 hover:bg-slate-50',
].join(' ');

/** The phone (and, for staff, tablet) menu: the same links and account items as the desktop bar and avatar menu. */
export function MobileMenu({
  id,
  user,
  onClose,
  menuButton,
  hiddenFrom = 'md:hidden',
}: {
  id: string;
  user: SessionUser;
  onClose: () => void;
  menuButton: RefObject<HTMLButtonElement | null>;
  /** Hidden where the bar shows its links (`md:hidden`; the staff bar's `xl:hidden`). */
  hiddenFrom?: 'md:hidden' | 'xl:hidden';
}) {
  const accountItems = useAccountItems(user, { returnFocusTo: menuButton, beforeDialog: onClose });
  const panel = usePhoneMenuPanel(onClose, menuButton);

  return (
    <div
      id={id}
      className={`max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-100 bg-white ${hiddenFrom}`}
      {...panel}
    >
      <Container className="py-3">
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            <NavLinks user={user} linkClass={linkClass} listItems />
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
          {accountItems.map((item) => {
            const content = (
              <>
                <item.Icon className="h-5 w-5 text-slate-500" aria-hidden="true" />
                {item.label}
              </>
            );
            return item.kind === 'link' ? (
              <Link key={item.label} to={item.to} className={rowClass}>
                {content}
              </Link>
            ) : (
              <button key={item.label} type="button" className={rowClass} onClick={item.onSelect}>
                {content}
              </button>
            );
          })}
        </div>
      </Container>
    </div>
  );
}
