import type { StatementRun } from '@mutual/shared';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn, readStates } from '../../components/data-table';
import { formatDateTime } from '../../lib/format-date';
import { type ShowFlash, flashAnswer } from '../admin-users/use-flash';
import { useStartStatementRun, useStatementRuns } from '../statements/staff-statements-api';
import { sizeInKb } from '../statements/format';
import { IssueMonthForm } from './issue-month-form';
import { SCHEDULED_WORK_REFRESH_MS } from './scheduled-work-api';
import { tints } from '../../components/pill';

const loadFailed = 'Failed to load the statement runs';
const whole = new Intl.NumberFormat('en-US');
const tenths = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

const statusLabels: Record<StatementRun['status'], string> = { running: 'Running', done: 'Done', failed: 'Failed' };
const statusTones: Record<StatementRun['status'], string> = {
  running: tints.sky,
  done: tints.green,
  failed: tints.red,
};
const pill = 'inline-flex whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';
const progressClass = [
  'block h-2 w-full min-w-32 appearance-none overflow-hidden rounded-full bg-slate-200',
  '[&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-brand [&::-moz-progress-bar]:bg-brand',
].join(' ');

function Status({ run }: { run: StatementRun }) {
  return <span className={`${pill} ${statusTones[run.status]}`}>{statusLabels[run.status]}</span>;
}

/** Issued of total as a bar (a native progressbar, named by the month) and in figures. */
function Progress({ run }: { run: StatementRun }) {
  return (
    <span className="block min-w-36">
      {run.total > 0 && (
        <progress value={run.issued} max={run.total} aria-label={`${run.label}: issued`} className={progressClass} />
      )}
      <span className="mt-1 block text-sm whitespace-nowrap text-slate-800 tabular-nums">
        {whole.format(run.issued)} of {whole.format(run.total)} issued
      </span>
    </span>
  );
}

const when = (at: string | null, otherwise: string) =>
  at ? (
    <time dateTime={at} className="whitespace-nowrap">
      {formatDateTime(at)}
    </time>
  ) : (
    <span className="text-slate-600">{otherwise}</span>
  );

/** Each figure of a run once: the table's cells and the phone cards' lines come from here. */
const figures: { id: string; header: string; align?: 'right'; cell: (run: StatementRun) => ReactNode }[] = [
  { id: 'status', header: 'Status', cell: (run) => <Status run={run} /> },
  { id: 'progress', header: 'Progress', cell: (run) => <Progress run={run} /> },
  { id: 'failed', header: 'Failed', align: 'right', cell: (run) => whole.format(run.failed) },
  { id: 'dividends', header: 'Dividends posted', align: 'right', cell: (run) => whole.format(run.dividendsPosted) },
  {
    id: 'speed',
    header: 'Accounts per second',
    align: 'right',
    cell: (run) => (run.accountsPerSecond === null ? '—' : tenths.format(run.accountsPerSecond)),
  },
  {
    id: 'size',
    header: 'Average PDF',
    align: 'right',
    cell: (run) => (run.averageBytes === null ? '—' : sizeInKb(run.averageBytes)),
  },
  {
    id: 'finished',
    header: 'Finished',
    // One column for both times keeps the table inside its card: a run under way says since when.
    cell: (run) =>
      run.finishedAt ? (
        when(run.finishedAt, '—')
      ) : run.status === 'running' ? (
        <span className="text-slate-700">Under way since {when(run.startedAt, '—')}</span>
      ) : (
        when(null, '—')
      ),
  },
];

function RunCard({ run }: { run: StatementRun }) {
  return (
    <li data-testid="statement-run-card" className="rounded-xl border border-slate-200 bg-white p-3.5">
      <p className="font-semibold text-slate-900">{run.label}</p>
      <dl className="mt-2 grid grid-cols-2 gap-3 text-sm">
        {figures.map((figure) => (
          <div key={figure.id} className={figure.id === 'progress' ? 'col-span-2' : undefined}>
            <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{figure.header}</dt>
            <dd className="mt-0.5 text-slate-900 tabular-nums">{figure.cell(run)}</dd>
          </div>
        ))}
      </dl>
    </li>
  );
}

/**
 * Monthly statements on Scheduled work (issue 16 item 3): each month's run (dividends posted, then
 * every account's statement) with its progress and speed, read again with the rest of the screen,
 * and "Issue a month now".
 */
export function StatementRunsCard({ onFlash }: { onFlash: ShowFlash }) {
  const runs = useStatementRuns(SCHEDULED_WORK_REFRESH_MS);
  const start = useStartStatementRun();

  const issue = (period: string) => start.mutate(period, flashAnswer(onFlash));

  const columns: DataTableColumn<StatementRun>[] = [
    { id: 'month', header: 'Month', rowHeader: true, className: 'whitespace-nowrap', cell: (run) => run.label },
    ...figures.map((figure) => ({
      ...figure,
      headerClassName: 'whitespace-nowrap',
      className: figure.align === 'right' ? 'tabular-nums' : undefined,
    })),
  ];

  return (
    <section
      aria-labelledby="statement-runs-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5"
    >
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-2xl">
          <h2 id="statement-runs-heading" className="text-lg font-semibold text-slate-900">
            Monthly statements
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            When a month closes, a run posts the dividends on savings, then issues every account&rsquo;s statement and
            tells its member. A month is issued once; a failed account is tried again by the next run.
          </p>
        </div>
        <IssueMonthForm pending={start.isPending} onIssue={issue} />
      </div>
      <DataTable
        caption="Statement runs, newest first"
        variant="plain"
        columns={columns}
        rows={runs.data?.runs}
        rowKey="period"
        rowProps={() => ({ 'data-testid': 'statement-run-row' })}
        {...readStates(runs)}
        loadingLabel="Loading statement runs…"
        skeletonRows={2}
        errorFallback={loadFailed}
        emptyMessage="No month has been issued yet."
        cardsBelow="lg"
        cardListClassName="space-y-2"
        renderCard={(run) => <RunCard key={run.period} run={run} />}
      />
    </section>
  );
}
