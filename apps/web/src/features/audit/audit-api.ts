import {
  type AuditActions,
  type AuditFilterName,
  type AuditFilters,
  type AuditPage,
  auditFilterNames,
} from '@mutual/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../lib/api';

export { type AuditFilterName, type AuditFilters, auditFilterNames };

/** Where a page starts: the newest entries, or just older / newer than an entry seen. */
export type AuditCursor = { olderThan: string } | { newerThan: string } | null;

export const auditKeys = {
  all: ['audit'] as const,
  log: (filters: AuditFilters, cursor: AuditCursor) => ['audit', 'log', filters, cursor] as const,
  actions: ['audit', 'actions'] as const,
};

/** The filters as a query string (no paging): for the API and the CSV export alike. */
export function auditFilterQuery(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of auditFilterNames) {
    const value = filters[name]?.trim();
    if (value) params.set(name, value);
  }
  return params;
}

/** Filters plus a cursor, as the API takes them. */
export function auditPageQuery(filters: AuditFilters, cursor: AuditCursor, pageSize?: number): string {
  const params = auditFilterQuery(filters);
  if (cursor && 'olderThan' in cursor) params.set('olderThan', cursor.olderThan);
  if (cursor && 'newerThan' in cursor) params.set('newerThan', cursor.newerThan);
  if (pageSize) params.set('pageSize', String(pageSize));
  return params.toString();
}

export function useAuditLog(filters: AuditFilters, cursor: AuditCursor) {
  return useQuery({
    queryKey: auditKeys.log(filters, cursor),
    queryFn: () => api<AuditPage>(`/api/admin/audit?${auditPageQuery(filters, cursor)}`),
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
    queryFn: () => api<AuditActions>('/api/admin/audit/actions'),
    staleTime: 60_000,
  });
}

export const auditExportHref = (filters: AuditFilters) => {
  const query = auditFilterQuery(filters).toString();
  return `/api/admin/audit/export${query ? `?${query}` : ''}`;
};
