import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An in-app link: where it goes and what it says. */
export interface NavLink {
  to: string;
  label: string;
}

/**
 * A list of in-app links, one `li` each (footer columns, "Related pages", "Popular pages").
 * `trailing` (an icon, say) follows each label inside its link.
 */
export function LinkList({
  links,
  className,
  linkClassName,
  trailing,
}: {
  links: NavLink[];
  className?: string;
  linkClassName: string;
  trailing?: ReactNode;
}) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className={linkClassName}>
            {link.label}
            {trailing}
          </Link>
        </li>
      ))}
    </ul>
  );
}
