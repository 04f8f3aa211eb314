import type { AccountOverview, AccountSummary, TransactionPage } from '@mutual/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { accountsQueryKey, summaryQueryKey, transactionsQueryKey } from './query-keys';

/** Spec §9: the dashboard lists the 20 newest transactions. */
export const RECENT_TRANSACTIONS = 20;

/** `GET /api/me/accounts`: Checking first, then Savings. */
export function useAccounts() {
  return useQuery({
    queryKey: accountsQueryKey,
    queryFn: async () => (await api<{ accounts: AccountSummary[] }>('/api/me/accounts')).accounts,
  });
}

/** `GET /api/me/summary`: available balance, pending total, this month's flows, limit usage. */
export function useSummary() {
  return useQuery({ queryKey: summaryQueryKey, queryFn: () => api<AccountOverview>('/api/me/summary') });
}

export function useRecentTransactions() {
  return useQuery({
    queryKey: [...transactionsQueryKey, { pageSize: RECENT_TRANSACTIONS }],
    queryFn: () => api<TransactionPage>(`/api/me/transactions?pageSize=${RECENT_TRANSACTIONS}`),
  });
}
