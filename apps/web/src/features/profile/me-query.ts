import type { Me } from '@mutual/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../lib/api';
import { useSession } from '../session/session-context';

/** The signed-in person's own record (`GET /api/me`), shared by both settings dialogs. */
export const meQueryKey = ['me', 'profile'] as const;

export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: () => api<Me>('/api/me') });
}

/**
 * Stores a fresh `Me` the server sent back and re-reads the session, so the navigation shows the
 * new name, picture or two-factor state at once.
 */
export function useApplyMe() {
  const queryClient = useQueryClient();
  const { refresh } = useSession();
  return useCallback(
    async (me?: Me) => {
      if (me) queryClient.setQueryData(meQueryKey, me);
      else await queryClient.invalidateQueries({ queryKey: meQueryKey });
      await refresh();
    },
    [queryClient, refresh],
  );
}
