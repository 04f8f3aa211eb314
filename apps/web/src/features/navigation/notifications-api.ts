import { notificationsApi } from '@mutual/shared/contract/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const notificationsQueryKey = ['me', 'notifications'] as const;

/**
 * The bell's list. Read on page load and on opening only, never on a timer: every API call counts
 * as activity and would keep an idle session alive.
 */
export function useNotifications() {
  return useQuery({
    queryKey: notificationsQueryKey,
    queryFn: () => call(notificationsApi.list),
    staleTime: 60_000,
  });
}

/** Marks every notification read; the list is read again afterwards, whether it worked or not. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(notificationsApi.markAllRead),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
