import {
  type approveSchema,
  type CreateUserInput,
  type HoldInput,
  type rejectSchema,
  type requestInfoSchema,
  type UserAuditQuery,
  type UserFilter,
  messages,
} from '@mutual/shared';
import { adminUsersApi } from '@mutual/shared/contract/admin-users';
import type { EndpointOutput } from '@mutual/shared/contract/endpoint';
import { holdsApi } from '@mutual/shared/contract/holds';
import { type UseMutationOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { call, callForm } from '../../lib/api';
import { usePageQuery, useSelectedQuery } from '../../lib/query-hooks';
import type { AuditCursor, AuditFilters } from '../audit/audit-api';

/** Every staff query about members hangs under one key, so one invalidation refreshes them all. */
export const adminUserKeys = {
  all: ['admin-users'] as const,
  list: (filter: UserFilter, q: string) => ['admin-users', 'list', filter, q] as const,
  detail: (id: string) => ['admin-users', 'detail', id] as const,
  audit: (id: string) => ['admin-users', 'audit', id] as const,
  backupCodes: (id: string) => ['admin-users', 'backup-codes', id] as const,
};

/** What a screen does around a staff action; the hook itself refreshes the console afterwards. */
type Handlers<TData, TVariables> = Pick<
  UseMutationOptions<TData, Error, TVariables>,
  'onMutate' | 'onSuccess' | 'onError'
>;

export function useUserList(filter: UserFilter, q: string) {
  // An empty search is left out of the address.
  return usePageQuery(adminUserKeys.list(filter, q), () => call(adminUsersApi.list, { query: { filter, q } }), filter);
}

export function useUserDetail(id: string | null) {
  return useSelectedQuery(id, adminUserKeys.detail, (selected) =>
    call(adminUsersApi.detail, { params: { id: selected } }),
  );
}

/** The trail's filters and cursor as the API takes them, empty filters left out, with the page size. */
function userAuditQuery(filters: Pick<AuditFilters, 'action' | 'from' | 'to'>, cursor: AuditCursor) {
  const query: UserAuditQuery = {};
  for (const name of ['action', 'from', 'to'] as const) {
    const value = filters[name]?.trim();
    if (value) query[name] = value;
  }
  if (cursor && 'olderThan' in cursor) query.olderThan = cursor.olderThan;
  if (cursor && 'newerThan' in cursor) query.newerThan = cursor.newerThan;
  query.pageSize = USER_AUDIT_PAGE_SIZE;
  return query;
}

/** A member's activity log: one page (by cursor) of what was done to them and what they did. */
export function useUserAudit(
  id: string,
  filters: Pick<AuditFilters, 'action' | 'from' | 'to'> = {},
  cursor: AuditCursor = null,
) {
  return usePageQuery([...adminUserKeys.audit(id), filters, cursor], () =>
    call(adminUsersApi.audit, { params: { id }, query: userAuditQuery(filters, cursor) }),
  );
}
export const USER_AUDIT_PAGE_SIZE = 20;

export function useBackupCodeStatus(id: string) {
  return useQuery({
    queryKey: adminUserKeys.backupCodes(id),
    queryFn: () => call(adminUsersApi.backupCodeStatus, { params: { id } }),
  });
}

/** After any staff action: the list, counts, detail, audit log and code status may all have moved. */
export function useRefreshUsers() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: adminUserKeys.all }), [queryClient]);
}

/** Look a person up by exact e-mail (the caller says what happens next). */
export function useLookupUser() {
  return useMutation({ mutationFn: (email: string) => call(adminUsersApi.lookup, { query: { email } }) });
}

/** Create New User; the console is refreshed once the person exists. */
export function useCreateUser() {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: CreateUserInput) => call(adminUsersApi.create, { body }),
    onSuccess: () => void refresh(),
  });
}

/** The Verify User modal's three answers to an application. */
export type ReviewDecision =
  | { decision: 'approve'; body: z.input<typeof approveSchema> }
  | { decision: 'reject'; body: z.input<typeof rejectSchema> }
  | { decision: 'request-info'; body: z.input<typeof requestInfoSchema> };

/** Decides a member's application; the console is refreshed either way (a 409 means it was decided meanwhile). */
export function useReviewDecision(
  id: string,
  handlers: Handlers<EndpointOutput<typeof adminUsersApi.approve>, ReviewDecision>,
) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (review: ReviewDecision) => {
      const params = { id };
      if (review.decision === 'approve') return call(adminUsersApi.approve, { params, body: review.body });
      if (review.decision === 'reject') return call(adminUsersApi.reject, { params, body: review.body });
      return call(adminUsersApi.requestInfo, { params, body: review.body });
    },
    ...handlers,
    onSettled: () => void refresh(),
  });
}

export type HoldMode = 'place' | 'lift';

/** Places or lifts a member's hold; the console is refreshed either way (a 409 also changes the detail). */
export function useHoldAction(
  id: string,
  mode: HoldMode,
  handlers: Handlers<EndpointOutput<typeof holdsApi.place>, HoldInput>,
) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (body: HoldInput) =>
      mode === 'place' ? call(holdsApi.place, { params: { id }, body }) : call(holdsApi.lift, { params: { id }, body }),
    ...handlers,
    onSettled: () => void refresh(),
  });
}

/** Manage OTPs: issue new backup codes, revoke them, or reset the authenticator. */
export type OtpAction = 'issue' | 'revoke' | 'totp';

/** What every Manage OTPs action answers: a message, and for `issue` the new codes. */
type OtpResult = EndpointOutput<typeof adminUsersApi.revokeBackupCodes> &
  Partial<EndpointOutput<typeof adminUsersApi.issueBackupCodes>>;

function otpCall(id: string, action: OtpAction): Promise<OtpResult> {
  if (action === 'issue') return call(adminUsersApi.issueBackupCodes, { params: { id } });
  if (action === 'revoke') return call(adminUsersApi.revokeBackupCodes, { params: { id } });
  return call(adminUsersApi.resetTotp, { params: { id } });
}

/** One Manage OTPs action for a member (only `issue` answers with codes); the console is refreshed either way. */
export function useOtpAction(id: string, handlers: Handlers<OtpResult, OtpAction>) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (action: OtpAction) => otpCall(id, action),
    ...handlers,
    onSettled: () => void refresh(),
  });
}

/** A member's new profile picture (the multipart part `image`); the console is refreshed once it is stored. */
export function useUploadUserImage({
  onUploaded,
  onFailed,
}: {
  onUploaded: () => void;
  onFailed: (error: Error) => void;
}) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: ({ id, image }: { id: string; image: File }) =>
      callForm(adminUsersApi.profileImage, { params: { id }, files: { image } }),
    onSuccess: () => {
      onUploaded();
      void refresh();
    },
    onError: onFailed,
  });
}

export const genericFailure = messages.generic.internal;
