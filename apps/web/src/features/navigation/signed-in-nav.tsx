import { useRef } from 'react';
import { Container } from '../../components/layout';
import { HelpPopover } from '../../app/layouts/help-popover';
import { Logo } from '../../app/layouts/logo';
import { useSession } from '../session/session-context';
import { MobileMenu } from './mobile-menu';
import { NavLinks } from './nav-links';
import { NotificationsMenu } from './notifications-menu';
import { PhoneMenuButton, usePhoneMenu } from './phone-menu';
import { StickyHeader } from './sticky-header';
import { UserMenu } from './user-menu';

const linkClass = (current: boolean) =>
  [
    'rounded-md px-2.5 py-2 text-sm font-medium whitespace-nowrap transition-colors lg:px-3',
    current ? 'text-brand' : 'text-slate-700 hover:text-brand',
  ].join(' ');

/**
 * Where the bar shows its links and avatar menu, and below which the menu button takes over. The
 * staff bar (the console's five sections, spec §2 keeps the member links for members) needs the
 * room of a desktop screen.
 */
const breakpoints = {
  member: { bar: 'hidden md:flex', account: 'hidden md:block', menu: 'md:hidden' },
  staff: { bar: 'hidden xl:flex', account: 'hidden xl:block', menu: 'xl:hidden' },
} as const;

/** Top navigation for signed-in members and staff (spec §2 "Top navigation", signed in). */
export function SignedInNav() {
  const { user } = useSession();
  const menu = usePhoneMenu();
  const menuButton = useRef<HTMLButtonElement>(null);
  const at = breakpoints[user?.role === 'admin' ? 'staff' : 'member'];

  return (
    <StickyHeader data-signed-in-nav="">
      <Container className="flex h-16 items-center justify-between gap-3">
        <div className="shrink-0">
          <Logo />
        </div>
        {user && (
          <>
            <nav aria-label="Main" className={`items-center ${at.bar}`}>
              <NavLinks user={user} linkClass={linkClass} />
            </nav>
            <div className="flex items-center gap-0.5 sm:gap-1">
              <HelpPopover />
              <NotificationsMenu />
              <div className={`ml-1 ${at.account}`}>
                <UserMenu user={user} />
              </div>
              <PhoneMenuButton ref={menuButton} menu={menu} controls="signed-in-mobile-menu" className={at.menu} />
            </div>
          </>
        )}
      </Container>
      {user && menu.open && (
        <MobileMenu
          id="signed-in-mobile-menu"
          user={user}
          onClose={menu.close}
          menuButton={menuButton}
          hiddenFrom={at.menu}
        />
      )}
    </StickyHeader>
  );
}
