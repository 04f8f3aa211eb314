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
 * by itself after a dropped connection; once it gives up (CLOSED, e.g. the session ended) we stop.
 */
export function useLiveUpdates(enabled: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === 'undefined') return;
    const source = new EventSource(urlOf(liveApi.events));
    const refreshMoney = () => {
      for (const queryKey of moneyQueryKeys) void queryClient.invalidateQueries({ queryKey });
    };
    const refreshNotifications = () => void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
    let dropped = false;
    source.addEventListener('ledger', refreshMoney);
    source.addEventListener('notification', refreshNotifications);
    source.addEventListener('open', () => {
      // Events sent while the connection was down are lost: catch up once it is back.
      if (dropped) {
        dropped = false;
        refreshMoney();
        refreshNotifications();
      }
    });
    source.addEventListener('error', () => {
      dropped = true;
      if (source.readyState === EventSource.CLOSED) source.close();
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
