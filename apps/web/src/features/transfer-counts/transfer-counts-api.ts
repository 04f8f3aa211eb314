import { transferCountsApi } from '@mutual/shared/contract/transfer-counts';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useMutationThenRefresh } from '../../lib/query-hooks';

export const transferCountKeys = { list: ['transfer-counts'] as const };

export function useTransferCounts() {
  return useQuery({ queryKey: transferCountKeys.list, queryFn: () => call(transferCountsApi.list) });
}

/** Reset one member's count, or everyone's; either way the list is read again afterwards. */
export function useResetTransferCounts() {
  const one = useMutationThenRefresh(transferCountKeys.list, (userId: string) =>
    call(transferCountsApi.reset, { params: { userId } }),
  );
  const all = useMutationThenRefresh(transferCountKeys.list, () => call(transferCountsApi.resetAll));
  return { one, all, busy: one.isPending || all.isPending };
}
