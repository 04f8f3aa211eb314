import { devMailboxApi } from '@mutual/shared/contract/dev-mailbox';
import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, call } from '../../lib/api';

export type { DevMail } from '@mutual/shared/contract/dev-mailbox';

const REFRESH_MS = 5000;

/** A 404 means the server has no mailbox (production, or real SMTP configured): stop asking. */
export function isMailboxUnavailable(error: unknown) {
  return error instanceof ApiRequestError && error.status === 404;
}

/** Mail the server would have sent, newest first, refreshed every few seconds. */
export function useDevMailbox() {
  return useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => call(devMailboxApi.mailbox),
    refetchInterval: (query) => (isMailboxUnavailable(query.state.error) ? false : REFRESH_MS),
    retry: (failures, error) => !isMailboxUnavailable(error) && failures < 1,
  });
}
