import { type AuditFilterName, type AuditFilters, auditFilterNames } from '@mutual/shared';
import { auditApi } from '@mutual/shared/contract/audit';
import { urlOf } from '@mutual/shared/contract/endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiRequestError, call } from '../../lib/api';
import type { KeysetCursor } from '../../lib/search-params';

export { type AuditFilterName, type AuditFilters, auditFilterNames };

/** Where a page starts: the newest entries, or just older / newer than an entry seen. */
export type AuditCursor = KeysetCursor;

export const auditKeys = {
  all: ['audit'] as const,
  log: (filters: AuditFilters, cursor: AuditCursor) => ['audit', 'log', filters, cursor] as const,
  actions: ['audit', 'actions'] as const,
};

/** The filters as query parameters, empty ones left out (no paging): for the API and the CSV export alike. */
export function auditFilterParams(filters: AuditFilters): AuditFilters {
  const params: AuditFilters = {};
  for (const name of auditFilterNames) {
    const value = filters[name]?.trim();
    if (value) params[name] = value;
  }
  return params;
}

/** The filters as a query string (no paging). */
export function auditFilterQuery(filters: AuditFilters): URLSearchParams {
  return new URLSearchParams(auditFilterParams(filters));
}

/** Filters plus a cursor (and a page size), as the API takes them: the `query` of a contract call. */
export function auditPageParams(
  filters: AuditFilters,
  cursor: AuditCursor,
  pageSize?: number,
): AuditFilters & { olderThan?: string; newerThan?: string; pageSize?: number } {
  return {
    ...auditFilterParams(filters),
    ...(cursor && 'olderThan' in cursor && { olderThan: cursor.olderThan }),
    ...(cursor && 'newerThan' in cursor && { newerThan: cursor.newerThan }),
    ...(pageSize ? { pageSize } : {}),
  };
}

/** Filters plus a cursor, as a query string (see `auditPageParams` for a contract call's `query`). */
export function auditPageQuery(filters: AuditFilters, cursor: AuditCursor, pageSize?: number): string {
  const { pageSize: size, ...params } = auditPageParams(filters, cursor, pageSize);
  return new URLSearchParams({ ...params, ...(size ? { pageSize: String(size) } : {}) }).toString();
}

export function useAuditLog(filters: AuditFilters, cursor: AuditCursor) {
  return useQuery({
    queryKey: auditKeys.log(filters, cursor),
    queryFn: () => call(auditApi.log, { query: auditPageParams(filters, cursor) }),
    // Keep the old rows on screen while the next page or a new filter loads.
    placeholderData: keepPreviousData,
    // A 400 (a member nobody has) is an answer, not a blip: say it at once.
    retry: (count, error) => count < 1 && !(error instanceof ApiRequestError && error.status === 400),
  });
}

/** The action names present in the log, for the filter. */
export function useAuditActions() {
  return useQuery({
    queryKey: auditKeys.actions,
    queryFn: () => call(auditApi.actions),
    staleTime: 60_000,
  });
}

/** The CSV export of the log under these filters: a download link. */
export const auditExportHref = (filters: AuditFilters) => urlOf(auditApi.export, { query: auditFilterParams(filters) });
