import { transferCountsApi } from '@mutual/shared/contract/transfer-counts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

export const transferCountKeys = { list: ['transfer-counts'] as const };

export function useTransferCounts() {
  return useQuery({ queryKey: transferCountKeys.list, queryFn: () => call(transferCountsApi.list) });
}

/** Reset one member's count, or everyone's; either way the list is read again afterwards. */
export function useResetTransferCounts() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: transferCountKeys.list });
  const one = useMutation({
    mutationFn: (userId: string) => call(transferCountsApi.reset, { params: { userId } }),
    onSettled: refresh,
  });
  const all = useMutation({ mutationFn: () => call(transferCountsApi.resetAll), onSettled: refresh });
  return { one, all, busy: one.isPending || all.isPending };
}
