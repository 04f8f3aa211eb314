import type { SessionUser } from '@mutual/shared';
import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Fragment, useRef } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../components/avatar';
import { useAccountItems } from './account-items';

const triggerClass = [
  'flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium text-slate-800',
  'hover:bg-slate-100 data-[state=open]:bg-slate-100',
].join(' ');
const contentClass = 'z-50 w-72 max-w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white p-1.5 shadow-xl';
const itemClass = [
  'flex cursor-pointer items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none select-none',
  'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-950',
].join(' ');
const separatorClass = 'my-1 h-px bg-slate-100';

/** The avatar and name menu (spec §2): e-mail, Profile Settings, Account Settings, Sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const trigger = useRef<HTMLButtonElement>(null);
  const accountItems = useAccountItems(user, { returnFocusTo: trigger });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger ref={trigger} data-testid="user-menu-trigger" className={triggerClass}>
        <Avatar name={user.name} imageUrl={user.profileImageUrl} size="sm" />
        <span className="max-w-40 truncate max-lg:sr-only">{user.name}</span>
        <span className="sr-only">, account menu</span>
        <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} collisionPadding={8} className={contentClass}>
          <DropdownMenu.Label className="flex items-center gap-3 px-3 py-2.5">
            <Avatar name={user.name} imageUrl={user.profileImageUrl} size="md" />
            <span className="min-w-0">
              <span className="block truncate text-sm font-semibold text-slate-900">{user.name}</span>
              <span className="block truncate text-xs text-slate-600" data-testid="user-menu-email">
                {user.email}
              </span>
            </span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className={separatorClass} />
          {accountItems.map((item) => {
            const content = (
              <>
                <item.Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
                {item.label}
              </>
            );
            if (item.kind === 'link') {
              return (
                <DropdownMenu.Item key={item.label} className={itemClass} asChild>
                  <Link to={item.to}>{content}</Link>
                </DropdownMenu.Item>
              );
            }
            return (
              <Fragment key={item.label}>
                {item.kind === 'sign-out' && <DropdownMenu.Separator className={separatorClass} />}
                <DropdownMenu.Item className={itemClass} onSelect={item.onSelect}>
                  {content}
                </DropdownMenu.Item>
              </Fragment>
            );
          })}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
