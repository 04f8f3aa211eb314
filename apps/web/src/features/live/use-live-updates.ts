import { liveApi } from '@mutual/shared/contract/live';
import { urlOf } from '@mutual/shared/contract/endpoint';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { moneyQueryKeys } from '../dashboard/query-keys';
import { notificationsQueryKey } from '../navigation/notifications-api';

/**
 * Spec §4 "subscribed live for accounts and transactions": while a member is signed in, the
 * server pushes `ledger` and `notification` events (`liveApi.events`) and the matching
 * queries refetch. The stream itself does not count as session activity. EventSource reconnects
 * by itself after a dropped connection, but gives up for good (CLOSED) when an answer is not a
 * stream — a 503 while the database restarts — so then a new one is opened after a pause. A
 * session that ended unmounts this hook (the member layout leaves), which stops it.
 */
export const REOPEN_AFTER_MS = 10_000;

export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const refreshMoney = () => {
      for (const queryKey of moneyQueryKeys) void queryClient.invalidateQueries({ queryKey });
    };
    const refreshNotifications = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    let source: EventSource | undefined;
    let reopen: ReturnType<typeof setTimeout> | undefined;
    let dropped = false;
    const open = () => {
      const current = new EventSource(urlOf(liveApi.events));
      source = current;
      current.addEventListener('ledger', refreshMoney);
      current.addEventListener('notification', refreshNotifications);
      // The session ended elsewhere (a hold, a password change, Sessions): the pages ask again, and
      // their 401 takes the person to the sign-in page, saying so (features/session/session-end-watch).
      current.addEventListener('session-ended', refreshMoney);
      current.addEventListener('open', () => {
        // Events sent while the connection was down are lost: catch up once it is back.
        if (dropped) {
          dropped = false;
          refreshMoney();
          refreshNotifications();
        }
      });
      current.addEventListener('error', () => {
        dropped = true;
        if (current.readyState !== EventSource.CLOSED) return;
        current.close();
        reopen = setTimeout(open, REOPEN_AFTER_MS);
      });
    };
    open();
    return () => {
      clearTimeout(reopen);
      source?.close();
    };
  }, [enabled, queryClient]);
}
