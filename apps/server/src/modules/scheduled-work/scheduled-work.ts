import type { ScheduledJob, ScheduledWork } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../db/client';
import { JOB_SCHEMA, type JobQueue } from '../../jobs/job-queue';

interface JobRow {
  name: string;
  waiting: number;
  active: number;
  retrying: number;
  failed_day: number;
  last_completed: Date | string | null;
  last_failed: Date | string | null;
  last_error: string | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/**
 * What staff see in Scheduled work: for each job, from the queue's own tables (live jobs and the
 * archive of the last week), how many wait, run and retry, when it last completed and what last
 * failed. Before the queue first ran on this database there are no tables yet: every count is 0.
 */
export async function scheduledWork(db: Database, queue: JobQueue): Promise<ScheduledWork> {
  const names = queue.definitions.map((definition) => definition.name);
  const [{ ready } = { ready: false }] = await queryRows<{ ready: boolean }>(
    db,
    sql`select to_regclass(${`${JOB_SCHEMA}.archive`}) is not null as ready`,
  );
  const rows = ready ? await jobRows(db, names) : [];
  const byName = new Map(rows.map((row) => [row.name, row]));
  const jobs: ScheduledJob[] = queue.definitions.map((definition) => {
    const row = byName.get(definition.name);
    return {
      name: definition.name,
      title: definition.title,
      every: definition.schedule?.every ?? null,
      waiting: Number(row?.waiting ?? 0),
      active: Number(row?.active ?? 0),
      retrying: Number(row?.retrying ?? 0),
      failedLastDay: Number(row?.failed_day ?? 0),
      lastCompletedAt: iso(row?.last_completed ?? null),
      lastFailedAt: iso(row?.last_failed ?? null),
      lastError: row?.last_error ?? null,
    };
  });
  return { running: queue.running, jobs };
}

function jobRows(db: Database, names: string[]) {
  const schema = sql.identifier(JOB_SCHEMA);
  const list = sql`${`{${names.join(',')}}`}::text[]`;
  return queryRows<JobRow>(
    db,
    sql`with jobs as (
          select name, state, completed_on, output from ${schema}.job where name = any(${list})
          union all
          select name, state, completed_on, output from ${schema}.archive where name = any(${list})
        )
        select name,
          count(*) filter (where state in ('created', 'retry'))::int as waiting,
          count(*) filter (where state = 'active')::int as active,
          count(*) filter (where state = 'retry')::int as retrying,
          count(*) filter (where state = 'failed' and completed_on > now() - interval '24 hours')::int as failed_day,
          max(completed_on) filter (where state = 'completed') as last_completed,
          max(completed_on) filter (where state in ('failed', 'retry') and output ? 'message') as last_failed,
          (array_agg(output->>'message' order by completed_on desc nulls last)
             filter (where state in ('failed', 'retry') and output ? 'message'))[1] as last_error
        from jobs group by name`,
  );
}
