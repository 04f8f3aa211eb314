import { contactInboxApi } from '@mutual/shared/contract/contact-inbox';
import { call } from '../../lib/api';
import { useMutationThenRefresh, usePageQuery } from '../../lib/query-hooks';

/** The inbox's tabs: messages still to answer, and those already handled. */
export type InboxTab = 'open' | 'handled';

const inboxKeys = {
  all: ['contact-inbox'] as const,
  list: (status: InboxTab) => ['contact-inbox', status] as const,
};

/** One tab of the staff inbox for the public contact form, with every tab's count. */
export function useInbox(status: InboxTab) {
  return usePageQuery(inboxKeys.list(status), () => call(contactInboxApi.list, { query: { status } }), status);
}

/** Marks one message handled (recorded with who and when); both tabs are read again either way. */
export function useMarkHandled(id: string) {
  return useMutationThenRefresh(inboxKeys.all, () => call(contactInboxApi.markHandled, { params: { id } }));
}
