import type { DepositReason, DepositStatus } from '@mutual/shared';
import { depositsApi } from '@mutual/shared/contract/deposits';
import { call } from '../../lib/api';
import { useMutationThenRefresh, usePageQuery, useSelectedQuery } from '../../lib/query-hooks';

/** Every Deposit Review query hangs under one key: after any decision the list, counts and detail are refetched. */
export const depositReviewKeys = {
  all: ['deposit-review'] as const,
  list: (status: DepositStatus, page: number) => ['deposit-review', 'list', status, page] as const,
  detail: (id: string) => ['deposit-review', 'detail', id] as const,
};

export function useStaffDeposits(status: DepositStatus, page: number) {
  return usePageQuery(
    depositReviewKeys.list(status, page),
    () => call(depositsApi.staffList, { query: { status, page } }),
    status,
  );
}

/** One deposit with its flags, the member and their history; nothing is read until one is selected. */
export function useStaffDeposit(id: string | null) {
  return useSelectedQuery(id, depositReviewKeys.detail, (selected) =>
    call(depositsApi.staffDetail, { params: { id: selected } }),
  );
}

/**
 * Approve, Reject and Return item. Each refreshes the queue, the counts and the detail whether it
 * worked or not: a 409 means someone else decided first, and the screen should show what they did.
 */
export function useDepositReviewActions() {
  const { all } = depositReviewKeys;
  return {
    approve: useMutationThenRefresh(all, (id: string) => call(depositsApi.approve, { params: { id } })),
    reject: useMutationThenRefresh(all, ({ id, body }: { id: string; body: DepositReason }) =>
      call(depositsApi.reject, { params: { id }, body }),
    ),
    returnItem: useMutationThenRefresh(all, ({ id, body }: { id: string; body: DepositReason }) =>
      call(depositsApi.returnItem, { params: { id }, body }),
    ),
  };
}
