import { homePathFor, type SessionUser } from '@mutual/shared';
import { useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { buttonClass } from '../../components/button';
import { Container } from '../../components/layout';
import { useSession } from '../../features/session/session-context';
import { HelpPopover } from './help-popover';
import { Logo } from './logo';
import { PhoneMenuButton, usePhoneMenu, usePhoneMenuPanel } from '../../features/navigation/phone-menu';
import { StickyHeader } from '../../features/navigation/sticky-header';

const links = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/products', label: 'Products' },
  { to: '/contact', label: 'Contact' },
];

/** Where the "signed in" button leads, in the words of that place. */
function homeLabelFor(user: SessionUser): string {
  if (user.role === 'admin') return 'Admin Console';
  return homePathFor(user) === '/dashboard' ? 'Dashboard' : 'Application status';
}

function AccountLinks({ signInVariant }: { signInVariant: 'ghost' | 'outline' }) {
  const { user } = useSession();
  if (user) {
    return (
      <Link to={homePathFor(user)} className={buttonClass('primary', 'md', 'col-span-2')}>
        {homeLabelFor(user)}
      </Link>
    );
  }
  return (
    <>
      <Link to="/login" className={buttonClass(signInVariant)}>
        Sign in
      </Link>
      <Link to="/signup" className={buttonClass('primary')}>
        Sign up
      </Link>
    </>
  );
}

/**
 * Top navigation of the public pages; a signed-in person gets a way back to their home instead of
 * Sign in / Sign up.
 */
export function TopNav() {
  const menu = usePhoneMenu();
  const menuButton = useRef<HTMLButtonElement>(null);
  const menuPanel = usePhoneMenuPanel(menu.close, menuButton);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    [
      'rounded-md px-3 py-2 text-sm font-medium transition-colors',
      isActive ? 'text-brand' : 'text-slate-700 hover:text-brand',
    ].join(' ');

  return (
    <StickyHeader>
      <Container className="flex h-16 items-center justify-between gap-4">
        <Logo />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={linkClass}>
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          <HelpPopover />
          <AccountLinks signInVariant="ghost" />
        </div>
        <div className="flex items-center gap-1 md:hidden">
          <HelpPopover />
          <PhoneMenuButton ref={menuButton} menu={menu} controls="mobile-menu" />
        </div>
      </Container>
      {menu.open && (
        <nav
          id="mobile-menu"
          aria-label="Mobile"
          className="border-t border-slate-100 bg-white md:hidden"
          {...menuPanel}
        >
          <Container className="flex flex-col gap-1 py-3">
            {links.map((link) => (
              <NavLink
                key={link.to}
                to={link.to}
                end
                className={({ isActive }) =>
                  [
                    'rounded-lg px-3 py-3 text-base font-medium',
                    isActive ? 'bg-brand-soft text-brand' : 'text-slate-800 hover:bg-slate-50',
                  ].join(' ')
                }
              >
                {link.label}
              </NavLink>
            ))}
            <div className="mt-2 grid grid-cols-2 gap-2 border-t border-slate-100 pt-3">
              <AccountLinks signInVariant="outline" />
            </div>
          </Container>
        </nav>
      )}
    </StickyHeader>
  );
}
