import {
  type HistoryAccountType,
  type TransactionCategory,
  type TransactionType,
  type TransactionStatus,
  historyAccountTypes,
  transactionCategories,
  transactionTypes,
  transactionStatuses,
} from '@mutual/shared';
import { accountsApi } from '@mutual/shared/contract/accounts';
import { urlOf } from '@mutual/shared/contract/endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { call } from '../../lib/api';
import { type KeysetCursor, keysetCursorOf } from '../../lib/search-params';
import { useAddress } from '../../lib/use-address';
import { transactionsQueryKey } from '../dashboard/query-keys';

export const HISTORY_PAGE_SIZE = 20;

export interface TransactionFilters {
  /** Checking, Savings, or the member's credit card's line. */
  account?: HistoryAccountType;
  from?: string;
  to?: string;
  type?: TransactionType;
  category?: TransactionCategory;
  status?: TransactionStatus;
  q?: string;
  /** Staff corrections (reversed rows and their reversals) are hidden unless asked for. */
  corrections?: 'true';
}
export type FilterName = keyof TransactionFilters;

const filterNames: readonly FilterName[] = ['account', 'from', 'to', 'type', 'category', 'status', 'q', 'corrections'];

const oneOf = <T extends string>(values: readonly T[], raw: string | null): T | undefined =>
  values.find((value) => value === raw);
const day = (raw: string | null) => (raw && /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : undefined);

/** The filters in the address, with anything the API would refuse left out. */
function readFilters(params: URLSearchParams): TransactionFilters {
  const q = params.get('q')?.trim().slice(0, 100);
  return {
    account: oneOf(historyAccountTypes, params.get('account')),
    from: day(params.get('from')),
    to: day(params.get('to')),
    type: oneOf(transactionTypes, params.get('type')),
    category: oneOf(transactionCategories, params.get('category')),
    status: oneOf(transactionStatuses, params.get('status')),
    q: q || undefined,
    corrections: params.get('corrections') === 'true' ? 'true' : undefined,
  };
}

/** The filters as the page's own address shows them (no paging). */
function filterQuery(filters: TransactionFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of filterNames) {
    const value = filters[name];
    if (value) params.set(name, value);
  }
  return params;
}

/** Where the page starts: just older (or newer) than a row the API named, or the newest rows. */
export type HistoryCursor = KeysetCursor;

/** A row's cursor as the API writes it. */
const cursorPattern = /^[A-Za-z0-9_-]{1,200}$/;

/**
 * The history page's filters and place live in the address (`?account=Checking&olderThan=…`), so
 * a filtered view can be bookmarked, shared with oneself and survives a reload. Pages are anchored
 * to a row the API named, not numbered: the history keeps growing while it is read.
 */
export function useTransactionFilters() {
  const { params, update } = useAddress();
  const filters = useMemo(() => readFilters(params), [params]);
  const cursor = useMemo(() => keysetCursorOf(params, cursorPattern), [params]);

  /**
   * Changes filters and goes back to the newest rows. Two changes in a row (Type, then Category,
   * before the page re-renders) build on each other, not on the same old address (`useAddress`).
   */
  const setFilters = useCallback(
    (patch: Partial<Record<FilterName, string>>) =>
      update((latest) => {
        const next = filterQuery(readFilters(latest));
        for (const [name, value] of Object.entries(patch)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      }),
    [update],
  );

  const pageHref = useCallback(
    (target: HistoryCursor) => {
      const next = filterQuery(filters);
      if (target && 'olderThan' in target) next.set('olderThan', target.olderThan);
      if (target && 'newerThan' in target) next.set('newerThan', target.newerThan);
      const text = next.toString();
      return text ? `?${text}` : '?';
    },
    [filters],
  );

  const clear = useCallback(() => update(() => new URLSearchParams()), [update]);

  return { filters, cursor, setFilters, pageHref, clear };
}

/** The CSV export of every row these filters keep: a plain download link. */
export function transactionsExportUrl(filters: TransactionFilters): string {
  return urlOf(accountsApi.exportTransactions, { query: filters });
}

/**
 * The files for money software (OFX, QIF) with the same filters: plain download links. Null for
 * the credit card: those files are bank statements of Checking and Savings (the API refuses it).
 */
export function moneySoftwareExportUrls(filters: TransactionFilters): { ofx: string; qif: string } | null {
  if (filters.account === 'Credit Card') return null;
  return {
    ofx: urlOf(accountsApi.exportOfx, { query: filters }),
    qif: urlOf(accountsApi.exportQif, { query: filters }),
  };
}

export function useTransactionHistory(filters: TransactionFilters, cursor: HistoryCursor) {
  return useQuery({
    queryKey: [...transactionsQueryKey, 'history', filters, cursor],
    queryFn: () => call(accountsApi.transactions, { query: { ...filters, ...cursor, pageSize: HISTORY_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}
