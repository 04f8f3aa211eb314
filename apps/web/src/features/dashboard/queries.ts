import { accountsApi } from '@mutual/shared/contract/accounts';
import { meApi } from '@mutual/shared/contract/me';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { accountsQueryKey, summaryQueryKey, transactionsQueryKey } from './query-keys';

/** Spec §9: the dashboard lists the 20 newest transactions. */
export const RECENT_TRANSACTIONS = 20;

/** The member's accounts: Checking first, then Savings. */
export function useAccounts() {
  return useQuery({ queryKey: accountsQueryKey, queryFn: async () => (await call(meApi.accounts)).accounts });
}

/** Available balance, pending total, this month's flows, limit usage. */
export function useSummary() {
  return useQuery({ queryKey: summaryQueryKey, queryFn: () => call(accountsApi.summary) });
}

/** The newest transactions, for the dashboard's list. */
export function useRecentTransactions() {
  return useQuery({
    queryKey: [...transactionsQueryKey, { pageSize: RECENT_TRANSACTIONS }],
    queryFn: () => call(accountsApi.transactions, { query: { pageSize: RECENT_TRANSACTIONS } }),
  });
}
