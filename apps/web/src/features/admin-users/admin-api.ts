import {
  type AuditPage,
  type UserDetail,
  type UserFilter,
  type UserList,
  type backupCodeStatusSchema,
  messages,
} from '@mutual/shared';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { api } from '../../lib/api';
import { type AuditCursor, type AuditFilters, auditPageQuery } from '../audit/audit-api';

export type BackupCodeStatus = z.infer<typeof backupCodeStatusSchema>;

/** Every staff query about members hangs under one key, so one invalidation refreshes them all. */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (filter: UserFilter, q: string) => ['admin-users', 'list', filter, q] as const,
  detail: (id: string) => ['admin-users', 'detail', id] as const,
  audit: (id: string) => ['admin-users', 'audit', id] as const,
  backupCodes: (id: string) => ['admin-users', 'backup-codes', id] as const,
};

export const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

export function useUserList(filter: UserFilter, q: string) {
  return useQuery({
    queryKey: adminUserKeys.list(filter, q),
    queryFn: () => {
      const params = new URLSearchParams({ filter });
      if (q) params.set('q', q);
      return api<UserList>(`/api/admin/users?${params.toString()}`);
    },
    // Keep the old rows (and counts) on screen while a new filter or search loads.
    placeholderData: keepPreviousData,
  });
}

export function useUserDetail(id: string | null) {
  return useQuery({
    queryKey: adminUserKeys.detail(id ?? ''),
    queryFn: () => api<UserDetail>(userPath(id ?? '')),
    enabled: Boolean(id),
  });
}

/** A member's activity log: one page (by cursor) of what was done to them and what they did. */
export function useUserAudit(
  id: string,
  filters: Pick<AuditFilters, 'action' | 'from' | 'to'> = {},
  cursor: AuditCursor = null,
) {
  return useQuery({
    queryKey: [...adminUserKeys.audit(id), filters, cursor],
    queryFn: () => api<AuditPage>(`${userPath(id)}/audit?${auditPageQuery(filters, cursor, USER_AUDIT_PAGE_SIZE)}`),
    placeholderData: keepPreviousData,
  });
}
export const USER_AUDIT_PAGE_SIZE = 20;

export function useBackupCodeStatus(id: string) {
  return useQuery({
    queryKey: adminUserKeys.backupCodes(id),
    queryFn: () => api<BackupCodeStatus>(`${userPath(id)}/backup-codes`),
  });
}

/** After any staff action: the list, counts, detail, audit log and code status may all have moved. */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }), [queryClient]);
}

export const genericFailure = messages.generic.internal;
