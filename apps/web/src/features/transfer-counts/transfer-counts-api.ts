import type { MessageResult, TransferCountList, TransferCountResetAll } from '@mutual/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const transferCountKeys = { list: ['transfer-counts'] as const };

export function useTransferCounts() {
  return useQuery({
    queryKey: transferCountKeys.list,
    queryFn: () => api<TransferCountList>('/api/admin/transfer-counts'),
  });
}

/** Reset one member's count, or everyone's; either way the list is read again afterwards. */
export function useResetTransferCounts() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: transferCountKeys.list });
  const one = useMutation({
    mutationFn: (userId: string) =>
      api<MessageResult>(`/api/admin/transfer-counts/${encodeURIComponent(userId)}/reset`, { method: 'POST' }),
    onSettled: refresh,
  });
  const all = useMutation({
    mutationFn: () => api<TransferCountResetAll>('/api/admin/transfer-counts/reset-all', { method: 'POST' }),
    onSettled: refresh,
  });
  return { one, all, busy: one.isPending || all.isPending };
}
