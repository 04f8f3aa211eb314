import {
  type AccountType,
  type TransactionCategory,
  type TransactionPage,
  type TransactionType,
  type TransferStatus,
  accountTypes,
  transactionCategories,
  transactionTypes,
  transferStatuses,
} from '@mutual/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { api } from '../../lib/api';
import { transactionsQueryKey } from '../dashboard/query-keys';

export const HISTORY_PAGE_SIZE = 20;

export interface TransactionFilters {
  account?: AccountType;
  from?: string;
  to?: string;
  type?: TransactionType;
  category?: TransactionCategory;
  status?: TransferStatus;
  q?: string;
  /** Staff corrections (reversed rows and their reversals) are hidden unless asked for. */
  corrections?: 'true';
}
export type FilterName = keyof TransactionFilters;

const filterNames: readonly FilterName[] = ['account', 'from', 'to', 'type', 'category', 'status', 'q', 'corrections'];

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined => values.find((value) => value === raw);
const day = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

/** The filters in the address, with anything the API would refuse left out. */
function readFilters(params: URLSearchParams): TransactionFilters {
  const q = params.get('q')?.trim().slice(0, 100);
  return {
    account: oneOf(accountTypes, params.get('account')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    type: oneOf(transactionTypes, params.get('type')),
    category: oneOf(transactionCategories, params.get('category')),
    status: oneOf(transferStatuses, params.get('status')),
    q: q || undefined,
    corrections: params.get('corrections') === 'true' ? 'true' : undefined,
  };
}

/** The filters as a query string (no paging), for the API and the CSV export alike. */
export function filterQuery(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of filterNames) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

/**
 * The history page's filters and page live in the address (`?account=Checking&page=2`), so a
 * filtered view can be bookmarked, shared with oneself and survives a reload.
 */
export function useTransactionFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const rawPage = Number(params.get('page'));
  const page = Number.isInteger(rawPage) && rawPage >= 1 ? rawPage : 1;

  /** Changes filters and goes back to page 1. */
  const setFilters = useCallback(
    (patch: Partial<Record<FilterName, string>>) => {
      const next = filterQuery(filters);
      for (const [name, value] of Object.entries(patch)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      setParams(next, { replace: true });
    },
    [filters, setParams],
  );

  const pageHref = useCallback(
    (target: number) => {
      const next = filterQuery(filters);
      if (target > 1) next.set('page', String(target));
      const text = next.toString();
      return text ? `?${text}` : '?';
    },
    [filters],
  );

  const clear = useCallback(() => setParams(new URLSearchParams(), { replace: true }), [setParams]);

  return { filters, page, setFilters, pageHref, clear };
}

export function useTransactionHistory(filters: TransactionFilters, page: number) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'history', filters, page],
    queryFn: () => {
      const query = filterQuery(filters);
      query.set('page', String(page));
      query.set('pageSize', String(HISTORY_PAGE_SIZE));
      return api<TransactionPage>(`/api/me/transactions?${query.toString()}`);
    },
    placeholderData: keepPreviousData,
  });
}
