import { urlOf } from '@mutual/shared/contract/endpoint';
import { statementsApi } from '@mutual/shared/contract/statements';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { adminUserKeys, useRefreshUsers } from '../admin-users/admin-api';

/**
 * Statements in the staff console: a member's (under the console's `admin-users` prefix, so any
 * staff action's refresh reaches them) and the month runs. Apart from the member's hooks, so the
 * member's dashboard does not carry the console's contract.
 */
export const staffStatementsKeys = {
  member: (userId: string) => [...adminUserKeys.all, 'statements', userId] as const,
  runs: ['statement-runs'] as const,
};

/** A member's statements as staff see them, newest first. */
export function useStaffStatements(userId: string) {
  return useQuery({
    queryKey: staffStatementsKeys.member(userId),
    queryFn: () => call(statementsApi.staffList, { params: { id: userId } }),
  });
}

/** One of a member's statements as PDF (the server audits the download). */
export const staffStatementHref = (userId: string, statementId: string) =>
  urlOf(statementsApi.staffDownload, { params: { id: userId, statementId } });

/**
 * Tell the member again that a statement is ready. Afterwards the console is read again, as after
 * any staff action: the list's "Notified" and the member's activity log (the re-send is audited).
 */
export function useResendStatementNotice(userId: string) {
  const refresh = useRefreshUsers();
  return useMutation({
    mutationFn: (statementId: string) => call(statementsApi.staffResendNotice, { params: { id: userId, statementId } }),
    onSettled: () => void refresh(),
  });
}

/** The month runs with their progress, read again every `refreshMs` while shown. */
export function useStatementRuns(refreshMs: number) {
  return useQuery({
    queryKey: staffStatementsKeys.runs,
    queryFn: () => call(statementsApi.runs),
    refetchInterval: refreshMs,
  });
}

/** Issue a closed month now; the runs are read again whether it started or was refused. */
export function useStartStatementRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (period: string) => call(statementsApi.startRun, { body: { period } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffStatementsKeys.runs }),
  });
}
