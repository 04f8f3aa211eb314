import { Mail, Phone } from 'lucide-react';
import { useSite } from './site-context';

/** The support phone and e-mail as two `<li>`s of a contact list; the list styles the icons and the links. */
export function SupportContactItems({
  iconClassName,
  linkClassName,
}: {
  iconClassName: string;
  linkClassName: string;
}) {
  const { support } = useSite();
  return (
    <>
      <li className="flex gap-2">
        <Phone className={iconClassName} aria-hidden="true" />
        <a href={`tel:${support.phone}`} className={linkClassName}>
          {support.phone}
        </a>
      </li>
      <li className="flex gap-2">
        <Mail className={iconClassName} aria-hidden="true" />
        <a href={`mailto:${support.email}`} className={`break-all ${linkClassName}`}>
          {support.email}
        </a>
      </li>
    </>
  );
}
