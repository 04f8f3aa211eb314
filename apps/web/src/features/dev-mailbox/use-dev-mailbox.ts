import { useQuery } from '@tanstack/react-query';
import { ApiRequestError, api } from '../../lib/api';

export interface DevMail {
  id: string;
  to: string;
  subject: string;
  template: string;
  text: string;
  html: string;
  createdAt: string;
}

const REFRESH_MS = 5000;

/** A 404 means the server has no mailbox (production, or real SMTP configured): stop asking. */
export function isMailboxUnavailable(error: unknown) {
  return error instanceof ApiRequestError && error.status === 404;
}

/** Mail the server would have sent, newest first, refreshed every few seconds. */
export function useDevMailbox() {
  return useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: () => api<{ messages: DevMail[] }>('/api/dev/mailbox'),
    refetchInterval: (query) => (isMailboxUnavailable(query.state.error) ? false : REFRESH_MS),
    retry: (failures, error) => !isMailboxUnavailable(error) && failures < 1,
  });
}
