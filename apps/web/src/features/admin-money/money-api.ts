import { type AccountType, IDEMPOTENCY_HEADER, type TransactionPage, type TransferStatus } from '@mutual/shared';
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
  page: (userId: string, filters: StaffTransactionFilters, cursor: StaffCursor) =>
    [...adminUserKeys.all, 'transactions', userId, filters, cursor] as const,
};

/** A page of the member's transactions starts just older (or newer) than a row the API named, or at the newest. */
export type StaffCursor = { olderThan: string } | { newerThan: string } | null;

export const transactionsPath = (userId: string) => `${userPath(userId)}/transactions`;
export const accountPath = (userId: string, accountId: string) =>
  `${userPath(userId)}/accounts/${encodeURIComponent(accountId)}`;

/** The member's transactions as staff see them: corrections (reversed rows, reversals) included. */
export function useMemberTransactions(userId: string, filters: StaffTransactionFilters, cursor: StaffCursor) {
  return useQuery({
    queryKey: adminMoneyKeys.page(userId, filters, cursor),
    queryFn: () => {
      const query = new URLSearchParams({ corrections: 'true', pageSize: String(STAFF_PAGE_SIZE) });
      if (filters.account) query.set('account', filters.account);
      if (filters.status) query.set('status', filters.status);
      if (cursor && 'olderThan' in cursor) query.set('olderThan', cursor.olderThan);
      if (cursor && 'newerThan' in cursor) query.set('newerThan', cursor.newerThan);
      return api<TransactionPage>(`${transactionsPath(userId)}?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}

/**
 * A POST whose answer says whether the server replayed an earlier one (`idempotent-replayed`):
 * a staff import must say "already posted" rather than a second success.
 */
export async function postIdempotent<T>(
  path: string,
  body: unknown,
  key: string,
): Promise<{ result: T; replayed: boolean }> {
  const answer = await apiWithHeaders<T>(path, { method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } });
  return { result: answer.body, replayed: answer.headers.get('idempotent-replayed') === 'true' };
}
