import { Menu, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Container } from '../../components/layout';
import { HelpPopover } from '../../app/layouts/help-popover';
import { Logo } from '../../app/layouts/logo';
import { useSession } from '../session/session-context';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';
import { NotificationsMenu } from './notifications-menu';
import { StickyHeader } from './sticky-header';
import { UserMenu } from './user-menu';

const linkClass = (current: boolean) =>
  [
    'rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:px-3',
    current ? 'text-brand' : 'text-slate-700 hover:text-brand',
  ].join(' ');
const menuButtonClass = [
  'inline-flex h-10 w-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100',
  'md:hidden',
].join(' ');

/** Top navigation for signed-in members and staff (spec §2 "Top navigation", signed in). */
export function SignedInNav() {
  const { user } = useSession();
  const location = useLocation();
  // The menu remembers the navigation it was opened on, so following any link (even an anchor
  // on the same page) closes it.
  const [menuOpenOn, setMenuOpenOn] = useState<string | null>(null);
  const menuOpen = menuOpenOn === location.key;
  const menuButton = useRef<HTMLButtonElement>(null);

  return (
    <StickyHeader data-signed-in-nav="">
      <Container className="flex h-16 items-center justify-between gap-3">
        <div className="shrink-0">
          <Logo />
        </div>
        {user && (
          <>
            <nav aria-label="Main" className="hidden items-center md:flex">
              <NavLinks user={user} linkClass={linkClass} />
            </nav>
            <div className="flex items-center gap-0.5 sm:gap-1">
              <HelpPopover />
              <NotificationsMenu />
              <div className="ml-1 hidden md:block">
                <UserMenu user={user} />
              </div>
              <button
                ref={menuButton}
                type="button"
                className={menuButtonClass}
                aria-expanded={menuOpen}
                aria-controls="signed-in-mobile-menu"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                onClick={() => setMenuOpenOn(menuOpen ? null : location.key)}
              >
                {menuOpen ? (
                  <X className="h-6 w-6" aria-hidden="true" />
                ) : (
                  <Menu className="h-6 w-6" aria-hidden="true" />
                )}
              </button>
            </div>
          </>
        )}
      </Container>
      {user && menuOpen && (
        <MobileMenu
          id="signed-in-mobile-menu"
          user={user}
          onClose={() => setMenuOpenOn(null)}
          menuButton={menuButton}
        />
      )}
    </StickyHeader>
  );
}
