import type { ScheduledJob } from '@mutual/shared';
import { Alert } from '../../components/alert';
import { errorMessage } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/format-date';
import { FlashBanner } from '../admin-users/flash-banner';
import { useFlash } from '../admin-users/use-flash';
import { useSite } from '../site/site-context';
import { ScheduledJobTable, loadFailed } from './scheduled-job-table';
import { SCHEDULED_WORK_REFRESH_MS, useRunJobNow, useScheduledWork } from './scheduled-work-api';
import { StatementRunsCard } from './statement-runs-card';
import { readStates } from '../../components/data-table';

/**
 * The body of Scheduled work (issue 14, item 6): what the portal does on its own on the job queue,
 * how much waits, runs and retries, when each job last ran and what last failed, with a Run now
 * per job; then the monthly statement runs (issue 16). The figures are read again every 15 s while
 * the screen is open.
 */
export function ScheduledWorkScreen() {
  const work = useScheduledWork();
  const runNow = useRunJobNow();
  const { flash, show, dismiss } = useFlash();
  const { timeZone } = useSite();

  const run = (job: ScheduledJob) =>
    runNow.mutate(job.name, {
      onSuccess: (result) => show('success', result.message),
      onError: (error) => show('error', errorMessage(error)),
    });

  const stale = work.isError && work.data !== undefined;

  return (
    <div className="mt-6 space-y-4">
      <FlashBanner flash={flash} onDismiss={dismiss} />

      <p className="text-sm text-slate-600">
        Refreshed every {SCHEDULED_WORK_REFRESH_MS / 1000} seconds while this page is open. Times are the credit
        union&rsquo;s ({timeZone}).
      </p>

      {work.data && !work.data.running && (
        <Alert tone="warning" title="Scheduled work is switched off on this server" className="max-w-3xl">
          <p>
            This server was started with <code>JOBS_ENABLED=false</code>: it runs none of these jobs and refuses Run
            now. The figures below are the queue&rsquo;s own; what waits is done once a server with scheduled work
            switched on picks it up.
          </p>
        </Alert>
      )}

      {stale && (
        <Alert tone="warning" title="Could not refresh the figures" className="max-w-3xl">
          <p>{errorMessage(work.error, loadFailed)}</p>
          <p>Showing the figures from {formatDateTime(new Date(work.dataUpdatedAt).toISOString())}.</p>
        </Alert>
      )}

      <ScheduledJobTable
        jobs={work.data?.jobs}
        {...readStates(work)}
        busy={runNow.isPending}
        runningName={runNow.isPending ? (runNow.variables ?? null) : null}
        onRunNow={run}
      />

      <StatementRunsCard onFlash={show} />
    </div>
  );
}
