import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../../deps';
import { queryRows } from '../../db/client';
import type { StreamCap } from '../../http/stream-caps';
import { JOB_SCHEMA, type JobOutcome } from '../../jobs/job-queue';

/** The money routes, by the kind of money command they run. */
const moneyRoutes: Record<string, string> = {
  'POST /api/transfers/internal': 'internal',
  'POST /api/transfers/user': 'user',
  'POST /api/transfers/external': 'external',
  'POST /api/transfers/international': 'international',
  'PUT /api/admin/users/:id/accounts/:accountId/balance': 'staff_adjustment',
};
/** Kinds whose success holds the money until Payment Operations settle it. */
const pendingKinds = new Set(['external', 'international']);

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Prometheus metrics at GET /metrics, for operators only: the route exists only when
 * METRICS_TOKEN is set, and answers only `Authorization: Bearer <token>` (compared in constant
 * time). Labels carry route patterns (`/api/admin/users/:id`), never a raw address, an id or a
 * query string. Each app has its own registry (tests build many apps in one process).
 */
/**
 * What callers hold open on this instance, capped (`http/stream-caps.ts`): live-update streams,
 * history downloads, uploads being received, statements being drawn on a member's request.
 */
export type StreamKind = 'live' | 'exports' | 'uploads' | 'statements';

export interface Metrics {
  jobFinished: (queue: string, outcome: JobOutcome, seconds: number) => void;
  /** One more stream of `kind` refused at `cap`. */
  streamRefused: (kind: StreamKind, cap: StreamCap) => void;
  /** Where the open streams of each kind are counted, read at each scrape. */
  watchStreams: (open: Record<StreamKind, { readonly open: number }>) => void;
}

export function registerMetrics(
  app: FastifyInstance,
  deps: Pick<AppDeps, 'config' | 'database' | 'db'>,
): Metrics | undefined {
  const token = deps.config.metricsToken;
  if (!token) return undefined;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Histogram({
    name: 'mutual_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status class',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  const transfers = new Counter({
    name: 'mutual_transfers_total',
    help:
      'Money commands answered, by kind (internal, user, external, international, staff_adjustment) ' +
      'and outcome (completed, pending, refused, replayed, error)',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  });
  const pool = ['total', 'idle', 'waiting'] as const;
  new Gauge({
    name: 'mutual_db_pool_connections',
    help: 'Database connections of the pool: open (total), idle, and requests waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = deps.database.poolStats();
      for (const state of pool) this.set({ state }, stats[state]);
    },
  });
  new Gauge({
    name: 'mutual_mail_outbox_backlog',
    help: 'E-mails waiting to be sent (status pending)',
    registers: [registry],
    async collect() {
      const [row] = await queryRows<{ n: number }>(
        deps.db,
        sql`select count(*)::int as n from mail_outbox where status = 'pending'`,
      );
      this.set(row?.n ?? 0);
    },
  });

  const jobRuns = new Histogram({
    name: 'mutual_job_run_duration_seconds',
    help: 'Runs of scheduled work on this instance, by queue and outcome (completed, failed: it will be retried)',
    labelNames: ['queue', 'outcome'] as const,
    buckets: [0.01, 0.05, 0.25, 1, 5, 30, 120],
    registers: [registry],
  });
  new Gauge({
    name: 'mutual_jobs',
    help: 'Jobs in the queue (all instances), by queue and state: created, retry, active, failed (last 24 hours)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await queryRows<{ name: string; state: string; n: number }>(
        deps.db,
        sql`select name, state, count(*)::int as n from ${sql.identifier(JOB_SCHEMA)}.job
             where state in ('created', 'retry', 'active')
                or (state = 'failed' and completed_on > now() - interval '24 hours')
             group by name, state`,
      ).catch(() => []); // before the queue first started there is no table
      for (const row of rows) this.set({ queue: row.name, state: row.state }, row.n);
    },
  });

  let streams: Record<StreamKind, { readonly open: number }> | undefined;
  new Gauge({
    name: 'mutual_streams_open',
    help:
      'Held open on this instance, by kind: live (live-update streams), exports (history downloads being written), ' +
      "uploads (uploads being received), statements (statements being drawn on a member's request)",
    labelNames: ['kind'] as const,
    registers: [registry],
    collect() {
      for (const [kind, counted] of Object.entries(streams ?? {})) this.set({ kind }, counted.open);
    },
  });
  const streamsRefused = new Counter({
    name: 'mutual_streams_refused_total',
    help:
      'Live-update streams, history downloads and uploads refused at a cap, by kind and cap: session (this ' +
      'browser), member (their devices), address (not signed in), instance (LIVE_STREAMS_*, EXPORTS_*, UPLOADS_*); ' +
      "statements drawn on a member's request the same way (STATEMENT_DRAWS_*)",
    labelNames: ['kind', 'cap'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requests.observe(
      { route, method: request.method, status: `${Math.floor(status / 100)}xx` },
      reply.elapsedTime / 1000,
    );
    const kind = moneyRoutes[`${request.method} ${route}`];
    if (!kind) return;
    const outcome =
      reply.getHeader('idempotent-replayed') === 'true'
        ? 'replayed'
        : status >= 500
          ? 'error'
          : status >= 400
            ? 'refused'
            : pendingKinds.has(kind)
              ? 'pending'
              : 'completed';
    transfers.inc({ kind, outcome });
  });

  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const given = digest(request.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ code: 'UNAUTHENTICATED', message: 'A valid metrics token is required.' });
    }
    return reply
      .header('Cache-Control', 'no-store')
      .type(registry.contentType)
      .send(await registry.metrics());
  });
  return {
    jobFinished: (queue, outcome, seconds) => jobRuns.observe({ queue, outcome }, seconds),
    streamRefused: (kind, cap) => streamsRefused.inc({ kind, cap }),
    watchStreams: (open) => {
      streams = open;
    },
  };
}
