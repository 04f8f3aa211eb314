import type { ScheduledJob } from '@mutual/shared';
import { Play } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDateTime } from '../../lib/format-date';

/** Errors longer than this show their start, with "Show all" for the rest. */
const ERROR_PREVIEW_CHARS = 120;

export const loadFailed = 'Failed to load scheduled work';

interface TableProps {
  jobs: readonly ScheduledJob[] | undefined;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  /** A Run now is under way: every button waits (one answer at a time reaches the banner). */
  busy: boolean;
  /** The job whose Run now is under way, if any. */
  runningName: string | null;
  onRunNow: (job: ScheduledJob) => void;
}

export const scheduleText = (job: ScheduledJob) => job.every ?? 'When sent';

const count = 'tabular-nums text-slate-900';
const failedPill =
  'inline-flex min-w-6 justify-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800 ' +
  'ring-1 ring-red-300 ring-inset tabular-nums';

function Failed({ job }: { job: ScheduledJob }) {
  return job.failedLastDay > 0 ? (
    <span className={failedPill}>{job.failedLastDay}</span>
  ) : (
    <span className={count}>0</span>
  );
}

function LastRun({ job }: { job: ScheduledJob }) {
  if (!job.lastCompletedAt) return <span className="text-slate-600">Never</span>;
  return (
    <time dateTime={job.lastCompletedAt} className="whitespace-nowrap text-slate-800">
      {formatDateTime(job.lastCompletedAt)}
    </time>
  );
}

/**
 * The latest failure: when, and the error as plain text. A long one shows its start (the whole
 * text in the tooltip and for screen readers) with a "Show all" toggle.
 */
function LastError({ job }: { job: ScheduledJob }) {
  const [open, setOpen] = useState(false);
  const textId = useId();
  const error = job.lastError;
  if (!error) return <span className="text-slate-600">None</span>;
  const long = error.length > ERROR_PREVIEW_CHARS;
  return (
    <span className="block min-w-0">
      {job.lastFailedAt && (
        <time dateTime={job.lastFailedAt} className="block text-xs whitespace-nowrap text-slate-600">
          {formatDateTime(job.lastFailedAt)}
        </time>
      )}
      <span
        id={textId}
        title={error}
        data-testid="scheduled-job-error"
        className={`block break-words whitespace-pre-wrap text-red-800 ${long && !open ? 'line-clamp-2' : ''}`}
      >
        {error}
      </span>
      {long && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={textId}
          onClick={() => setOpen((value) => !value)}
          className="mt-0.5 text-xs font-medium text-brand hover:underline"
        >
          {open ? 'Show less' : 'Show all'}
        </button>
      )}
    </span>
  );
}

function RunNowButton({
  job,
  busy,
  runningName,
  onRunNow,
  className = '',
}: Pick<TableProps, 'busy' | 'runningName' | 'onRunNow'> & { job: ScheduledJob; className?: string }) {
  const running = runningName === job.name;
  return (
    <Button
      icon={Play}
      variant="outline"
      size="sm"
      className={`whitespace-nowrap ${className}`}
      busy={running}
      disabled={busy && !running}
      aria-label={`Run now: ${job.title}`}
      onClick={() => onRunNow(job)}
    >
      {running ? 'Queuing…' : 'Run now'}
    </Button>
  );
}

/** The job's title, its schedule and its queue's name (for operators reading /metrics and logs). */
function JobName({ job, withSchedule = false }: { job: ScheduledJob; withSchedule?: boolean }) {
  return (
    <>
      <span className="block font-semibold text-slate-900">{job.title}</span>
      {withSchedule && <span className="block text-sm text-slate-700">{scheduleText(job)}</span>}
      <span className="block font-mono text-xs text-slate-600">{job.name}</span>
    </>
  );
}

/** What the queue holds for the job now: "Idle", or a line for each count that is not 0. */
function Queue({ job }: { job: ScheduledJob }) {
  const parts = [
    [job.waiting, 'waiting'],
    [job.active, 'running'],
    [job.retrying, 'retrying'],
  ] as const;
  const busy = parts.filter(([n]) => n > 0);
  if (busy.length === 0) return <span className="text-slate-600">Idle</span>;
  return (
    <span className="block whitespace-nowrap">
      {busy.map(([n, label]) => (
        <span key={label} className="block">
          <span className={count}>{n}</span> {label}
        </span>
      ))}
    </span>
  );
}

/** One job as a card (phone). */
function JobCard({ job, ...actions }: Pick<TableProps, 'busy' | 'runningName' | 'onRunNow'> & { job: ScheduledJob }) {
  const figure = (label: string, value: ReactNode) => (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5">{value}</dd>
    </div>
  );
  return (
    <li data-testid="scheduled-job-card" className="rounded-xl border border-slate-200 bg-white p-3.5">
      <JobName job={job} />
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        {figure('Schedule', scheduleText(job))}
        {figure('Last run', <LastRun job={job} />)}
        {figure('Waiting', <span className={count}>{job.waiting}</span>)}
        {figure('Running', <span className={count}>{job.active}</span>)}
        {figure('Retrying', <span className={count}>{job.retrying}</span>)}
        {figure('Failed (24 h)', <Failed job={job} />)}
        <div className="col-span-2">
          <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">Last error</dt>
          <dd className="mt-0.5">
            <LastError job={job} />
          </dd>
        </div>
      </dl>
      <RunNowButton job={job} {...actions} className="mt-3 w-full" />
    </li>
  );
}

/** Every job: a table on wide screens, one card per job on a phone. */
export function ScheduledJobTable({ jobs, loading, error, onRetry, ...actions }: TableProps) {
  // The job's long title takes the most room; the last error has its own (mostly "None", a long
  // one clamped to two lines); the short columns keep one line each.
  const columns: DataTableColumn<ScheduledJob>[] = [
    {
      id: 'job',
      header: 'Job',
      rowHeader: true,
      className: 'w-[36%] min-w-56',
      cell: (job) => <JobName job={job} withSchedule />,
    },
    { id: 'queue', header: 'Queue', cell: (job) => <Queue job={job} /> },
    {
      id: 'failed',
      header: 'Failed (24 h)',
      align: 'right',
      headerClassName: 'whitespace-nowrap',
      cell: (job) => <Failed job={job} />,
    },
    { id: 'last-run', header: 'Last run', headerClassName: 'whitespace-nowrap', cell: (job) => <LastRun job={job} /> },
    {
      id: 'last-error',
      header: 'Last error',
      headerClassName: 'whitespace-nowrap',
      className: 'w-[24%] min-w-44 max-w-0',
      cell: (job) => <LastError job={job} />,
    },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      cell: (job) => <RunNowButton job={job} {...actions} />,
    },
  ];
  return (
    <DataTable
      caption="Scheduled jobs"
      columns={columns}
      rows={jobs}
      rowKey="name"
      rowProps={() => ({ 'data-testid': 'scheduled-job-row' })}
      loading={loading}
      loadingLabel="Loading scheduled work…"
      skeletonRows={3}
      error={error}
      errorFallback={loadFailed}
      onRetry={onRetry}
      emptyMessage="No scheduled jobs are defined on this server."
      cardsBelow="lg"
      renderCard={(job) => <JobCard job={job} {...actions} />}
    />
  );
}
