import type { SessionUser } from '@mutual/shared';
import { Link, useLocation } from 'react-router';
import { isCurrent, navItemsFor } from './nav-items';

/**
 * The main links for this person (spec §2 "Top navigation"), the current page's marked: the
 * desktop bar's and the phone menu's alike. `listItems` wraps each in an `<li>`.
 */
export function NavLinks({
  user,
  linkClass,
  listItems = false,
}: {
  user: SessionUser;
  linkClass: (current: boolean) => string;
  listItems?: boolean;
}) {
  const location = useLocation();
  return navItemsFor(user).map((item) => {
    const current = isCurrent(item, location);
    const link = (
      <Link
        key={item.label}
        to={{ pathname: item.pathname, hash: item.hash }}
        aria-current={current ? 'page' : undefined}
        className={linkClass(current)}
      >
        {item.label}
      </Link>
    );
    return listItems ? <li key={item.label}>{link}</li> : link;
  });
}
