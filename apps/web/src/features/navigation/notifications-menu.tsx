import type { NotificationList } from '@mutual/shared';
import { Bell } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useState } from 'react';
import { formatDateTime } from '../../lib/format-date';
import { useMarkNotificationsRead, useNotifications } from './notifications-api';
import { relativeTime } from './relative-time';
import { useNow } from './use-now';

const triggerClass =
  'relative inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 ' +
  'hover:text-brand';
const badgeClass =
  'absolute top-1 right-1 inline-flex h-[1.125rem] min-w-[1.125rem] items-center justify-center rounded-full ' +
  'bg-red-600 px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-white';
const panelClass =
  'z-50 w-[22rem] max-w-[calc(100vw-1rem)] overflow-hidden rounded-xl border border-slate-200 bg-white text-sm ' +
  'shadow-xl';

/**
 * The bell: the member's own notifications (transfers, deposits, statements, new-device sign-ins).
 * Opening it marks them all read. It is read on page load and on opening only, never on a timer:
 * every API call counts as activity and would keep an idle session alive.
 */
export function NotificationsMenu() {
  const markRead = useMarkNotificationsRead();
  const now = useNow(60_000);
  const [open, setOpen] = useState(false);
  // What was unread when the list was opened keeps its "new" mark while the list stays open.
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const list = useNotifications();
  const unread = list.data?.unread ?? 0;

  const onOpenChange = async (next: boolean) => {
    setOpen(next);
    if (!next) {
      setFresh(new Set());
      return;
    }
    const { data } = await list.refetch();
    if (!data || data.unread === 0) return;
    setFresh(new Set(data.notifications.filter((item) => !item.read).map((item) => item.id)));
    // The list is read again afterwards either way (the hook's `onSettled`).
    await markRead.mutateAsync().catch(() => undefined);
  };

  // The name says what the badge shows ("9+" beyond nine), so what is seen is what is heard.
  const shown = unread > 9 ? '9+' : String(unread);
  const label = unread > 0 ? `Notifications, ${shown} unread` : 'Notifications';
  return (
    <Popover.Root open={open} onOpenChange={(next) => void onOpenChange(next)}>
      <Popover.Trigger className={triggerClass} aria-label={label} data-testid="notifications-trigger">
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span aria-hidden="true" data-testid="notifications-badge" className={badgeClass}>
            {shown}
          </span>
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          sideOffset={8}
          align="end"
          collisionPadding={8}
          aria-label="Notifications"
          className={panelClass}
        >
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="font-semibold text-slate-900">Notifications</p>
          </div>
          <NotificationItems list={list.data} failed={list.isError} fresh={fresh} now={now} />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function NotificationItems({
  list,
  failed,
  fresh,
  now,
}: {
  list: NotificationList | undefined;
  failed: boolean;
  fresh: ReadonlySet<string>;
  now: number;
}) {
  if (!list) {
    return (
      <p role="status" className="px-4 py-8 text-center text-slate-500">
        {failed ? 'We could not load your notifications. Please try again later.' : 'Loading…'}
      </p>
    );
  }
  if (list.notifications.length === 0) {
    return <p className="px-4 py-8 text-center text-slate-500">No notifications yet</p>;
  }
  return (
    <ul className="max-h-[min(24rem,60vh)] divide-y divide-slate-100 overflow-y-auto" data-testid="notification-list">
      {list.notifications.map((item) => {
        const isNew = !item.read || fresh.has(item.id);
        return (
          <li key={item.id} className={`flex gap-3 px-4 py-3 ${isNew ? 'bg-brand-soft/60' : ''}`}>
            <span
              aria-hidden="true"
              className={`mt-1.5 h-2 w-2 shrink-0 rounded-full ${isNew ? 'bg-brand' : 'bg-transparent'}`}
            />
            <div className="min-w-0">
              <p className="font-medium text-slate-900">
                {isNew && <span className="sr-only">New: </span>}
                {item.title}
              </p>
              <p className="mt-0.5 text-slate-600">{item.body}</p>
              <time
                dateTime={item.createdAt}
                title={formatDateTime(item.createdAt)}
                className="mt-1 block text-xs text-slate-500"
              >
                {relativeTime(item.createdAt, now)}
              </time>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
