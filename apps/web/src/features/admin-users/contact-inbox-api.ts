import { contactInboxApi } from '@mutual/shared/contract/contact-inbox';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The inbox's tabs: messages still to answer, and those already handled. */
export type InboxTab = 'open' | 'handled';

const inboxKeys = {
  all: ['contact-inbox'] as const,
  list: (status: InboxTab) => ['contact-inbox', status] as const,
};

/** One tab of the staff inbox for the public contact form, with every tab's count. */
export function useInbox(status: InboxTab) {
  return useQuery({
    queryKey: inboxKeys.list(status),
    queryFn: () => call(contactInboxApi.list, { query: { status } }),
    placeholderData: keepPreviousData,
  });
}

/** Marks one message handled (recorded with who and when); both tabs are read again either way. */
export function useMarkHandled(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(contactInboxApi.markHandled, { params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
