import {
  type AccountType,
  IDEMPOTENCY_HEADER,
  type TransactionPage,
  type TransferStatus,
} from '@mutual/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, apiWithHeaders } from '../../lib/api';
import { adminUserKeys, userPath } from '../admin-users/admin-api';

export const STAFF_PAGE_SIZE = 10;

export interface StaffTransactionFilters {
  account?: AccountType;
  status?: TransferStatus;
}

/**
 * Under the console's `admin-users` prefix, so `useRefreshUsers()` after any staff action also
 * refreshes the member's transactions (a balance edit posts one).
 */
export const adminMoneyKeys = {
  page: (userId: string, filters: StaffTransactionFilters, page: number) =>
    [...adminUserKeys.all, 'transactions', userId, filters, page] as const,
};

export const transactionsPath = (userId: string) => `${userPath(userId)}/transactions`;
export const accountPath = (userId: string, accountId: string) => `${userPath(userId)}/accounts/${encodeURIComponent(accountId)}`;

/** The member's transactions as staff see them: corrections (reversed rows, reversals) included. */
export function useMemberTransactions(userId: string, filters: StaffTransactionFilters, page: number) {
  return useQuery({
    queryKey: adminMoneyKeys.page(userId, filters, page),
    queryFn: () => {
      const query = new URLSearchParams({ corrections: 'true', page: String(page), pageSize: String(STAFF_PAGE_SIZE) });
      if (filters.account) query.set('account', filters.account);
      if (filters.status) query.set('status', filters.status);
      return api<TransactionPage>(`${transactionsPath(userId)}?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}


/**
 * A POST whose answer says whether the server replayed an earlier one (`idempotent-replayed`):
 * a staff import must say "already posted" rather than a second success.
 */
export async function postIdempotent<T>(path: string, body: unknown, key: string): Promise<{ result: T; replayed: boolean }> {
  const answer = await apiWithHeaders<T>(path, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });
  return { result: answer.body, replayed: answer.headers.get('idempotent-replayed') === 'true' };
}
