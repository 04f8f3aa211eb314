import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '../db/client';

/**
 * Scheduled and deferred work on a PostgreSQL-backed queue: pg-boss 10 (Node ≥ 20; graphile-worker
 * needs Node 22). Jobs are rows in the database's `pgboss` schema, fetched with
 * `FOR UPDATE SKIP LOCKED`, so with several app instances each job runs on exactly one; cron
 * schedules are sent once per minute across instances; a failed job is retried with backoff.
 * The same library runs on the embedded database (PGlite is PostgreSQL: partitions, advisory
 * locks and SKIP LOCKED behave the same), through the handle's `executeSql`.
 *
 * No timer of ours: the queue polls (pg-boss's own loop) and keeps its schedule in the database,
 * so work that fell due while every instance was down is found at the next start — sweeps are
 * sent once at start as well (`catchUpAtStart`).
 */
export interface JobDefinition {
  /** The queue's name, e.g. `payment-orders.expire`. */
  name: string;
  /** What staff read in Scheduled work, e.g. "Expire lapsed payment orders". */
  title: string;
  /** A cron expression (UTC) and how it reads, e.g. `{ cron: '*\/5 * * * *', every: 'Every 5 minutes' }`. */
  schedule?: { cron: string; every: string };
  /** Sent once when an instance starts: a sweep that catches up on what fell due meanwhile. */
  catchUpAtStart?: boolean;
  /**
   * `sweep` (the default): at most one run waiting and one running — a sweep sent twice (by two
   * instances, or a schedule and "Run now") is one sweep. `each`: every job sent runs (one per
   * bill payment, say), each exactly once.
   */
  kind?: 'sweep' | 'each';
  /** Tries after the first (default 5), the first after `retryDelaySeconds` (default 30), doubling. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** The work; what it returns is a one-line summary kept with the job ("3 orders expired"). */
  run(data: Record<string, unknown>): Promise<string | undefined>;
}

export type JobOutcome = 'completed' | 'failed';

export interface JobQueue {
  readonly definitions: readonly JobDefinition[];
  /** Whether this instance works the queue (off in tests unless they ask, and with JOBS_ENABLED=false). */
  readonly running: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
  /**
   * Queues one run now (staff's "Run now", or a caller that wants work done soon). False when a
   * sweep was already waiting (that one will do). A sweep sent with a `key` (a month to issue, say)
   * waits apart from the plain sweep and from other keys: it is false only when the same key waits.
   */
  send(name: string, data?: Record<string, unknown>, key?: string): Promise<boolean>;
}

export const JOB_SCHEMA = 'pgboss';

export function createJobQueue(options: {
  database: Pick<DatabaseHandle, 'executeSql'>;
  logger: FastifyBaseLogger;
  definitions: JobDefinition[];
  enabled: boolean;
  /** Seconds between polls of each queue (default 2). */
  pollSeconds?: number;
  /** Told of every run's end, for /metrics. */
  onOutcome?: (name: string, outcome: JobOutcome, seconds: number) => void;
}): JobQueue {
  const { database, logger, definitions, enabled } = options;
  let boss: PgBoss | undefined;

  const queueOptions = (definition: JobDefinition) => ({
    name: definition.name,
    policy: definition.kind === 'each' ? ('standard' as const) : ('stately' as const),
    retryLimit: definition.retryLimit ?? 5,
    retryDelay: definition.retryDelaySeconds ?? 30,
    retryBackoff: true,
    expireInSeconds: 15 * 60,
  });

  async function work(definition: JobDefinition, jobs: PgBoss.Job<Record<string, unknown>>[]) {
    for (const job of jobs) {
      const started = performance.now();
      try {
        const summary = await definition.run(job.data ?? {});
        options.onOutcome?.(definition.name, 'completed', (performance.now() - started) / 1000);
        if (summary) logger.info({ job: definition.name }, summary);
      } catch (error) {
        options.onOutcome?.(definition.name, 'failed', (performance.now() - started) / 1000);
        logger.warn(
          { job: definition.name, reason: error instanceof Error ? error.message : String(error) },
          'job failed',
        );
        throw error;
      }
    }
  }

  return {
    definitions,
    get running() {
      return boss !== undefined;
    },
    async start() {
      if (!enabled || boss) return;
      const next = new PgBoss({
        db: { executeSql: (text, values) => database.executeSql(text, values) },
        schema: JOB_SCHEMA,
        migrate: true,
        schedule: true,
        supervise: true,
        // Completed jobs stay a week in the archive: Scheduled work shows the last runs.
        archiveCompletedAfterSeconds: 60 * 60,
        deleteAfterDays: 7,
      });
      // pg-boss reports a failed poll or maintenance run (the database restarting) here; it keeps
      // going, and so does the process.
      next.on('error', (error) => logger.warn({ reason: error.message }, 'job queue error'));
      await next.start();
      for (const definition of definitions) {
        await next.createQueue(definition.name, queueOptions(definition));
        await next.updateQueue(definition.name, queueOptions(definition));
        if (definition.schedule) await next.schedule(definition.name, definition.schedule.cron);
        else await next.unschedule(definition.name).catch(() => undefined);
        await next.work<Record<string, unknown>>(
          definition.name,
          { pollingIntervalSeconds: options.pollSeconds ?? 2 },
          (jobs) => work(definition, jobs),
        );
        if (definition.catchUpAtStart) await next.send(definition.name, {});
      }
      boss = next;
    },
    async stop() {
      const stopping = boss;
      boss = undefined;
      // Waits for jobs under way (up to 20 s), so the database is not closed beneath them.
      await stopping?.stop({ graceful: true, wait: true, timeout: 20_000, close: false });
    },
    async send(name, data = {}, key) {
      if (!definitions.some((definition) => definition.name === name)) throw new Error(`no job named ${name}`);
      if (!boss) throw new Error('the job queue is not running on this instance');
      return (await boss.send(name, data, key === undefined ? {} : { singletonKey: key })) !== null;
    },
  };
}
