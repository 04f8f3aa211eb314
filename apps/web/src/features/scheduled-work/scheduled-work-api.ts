import { scheduledWorkApi } from '@mutual/shared/contract/scheduled-work';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useMutationThenRefresh } from '../../lib/query-hooks';

/** How often the panel reads the queue again while it is open. */
export const SCHEDULED_WORK_REFRESH_MS = 15_000;

export const scheduledWorkKeys = { list: ['scheduled-work'] as const };

/** Every job with its counts, last run and last failure; read again every 15 s while the screen is open. */
export function useScheduledWork() {
  return useQuery({
    queryKey: scheduledWorkKeys.list,
    queryFn: () => call(scheduledWorkApi.list),
    refetchInterval: SCHEDULED_WORK_REFRESH_MS,
  });
}

/** Queue one run of a job now; the list is read again whether it was queued or refused. */
export function useRunJobNow() {
  return useMutationThenRefresh(scheduledWorkKeys.list, (name: string) =>
    call(scheduledWorkApi.runNow, { params: { name } }),
  );
}
