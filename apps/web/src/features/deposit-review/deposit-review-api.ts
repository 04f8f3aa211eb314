import type { DepositReason, DepositStatus } from '@mutual/shared';
import { depositsApi } from '@mutual/shared/contract/deposits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** Every Deposit Review query hangs under one key: after any decision the list, counts and detail are refetched. */
export const depositReviewKeys = {
  all: ['deposit-review'] as const,
  list: (status: DepositStatus, page: number) => ['deposit-review', 'list', status, page] as const,
  detail: (id: string) => ['deposit-review', 'detail', id] as const,
};

export function useStaffDeposits(status: DepositStatus, page: number) {
  return useQuery({
    queryKey: depositReviewKeys.list(status, page),
    queryFn: () => call(depositsApi.staffList, { query: { status, page } }),
    // Keep the rows and tab counts on screen while another tab or page loads.
    placeholderData: keepPreviousData,
  });
}

/** One deposit with its flags, the member and their history; nothing is read until one is selected. */
export function useStaffDeposit(id: string | null) {
  return useQuery({
    queryKey: depositReviewKeys.detail(id ?? ''),
    queryFn: () => call(depositsApi.staffDetail, { params: { id: id ?? '' } }),
    enabled: Boolean(id),
  });
}

/**
 * Approve, Reject and Return item. Each refreshes the queue, the counts and the detail whether it
 * worked or not: a 409 means someone else decided first, and the screen should show what they did.
 */
export function useDepositReviewActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: depositReviewKeys.all });
  return {
    approve: useMutation({
      mutationFn: (id: string) => call(depositsApi.approve, { params: { id } }),
      onSettled,
    }),
    reject: useMutation({
      mutationFn: ({ id, body }: { id: string; body: DepositReason }) =>
        call(depositsApi.reject, { params: { id }, body }),
      onSettled,
    }),
    returnItem: useMutation({
      mutationFn: ({ id, body }: { id: string; body: DepositReason }) =>
        call(depositsApi.returnItem, { params: { id }, body }),
      onSettled,
    }),
  };
}
