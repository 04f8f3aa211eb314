import { periodLabel, type StatementRun } from '@mutual/shared';
import { desc, eq, sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { AppDeps } from '../../deps';
import { issueStatement, type StatementAccount, type StatementAccountRow, toStatementAccount } from './issue-statement';
import { offeredPeriods, periodBounds } from './statement-periods';
import { statementRuns } from './statements.tables';

/**
 * The month runs (the `statements.issue` job): for each offered month without a finished run,
 * oldest first, every member account opened before the month ended gets its statement (its
 * dividends first, for Savings). Accounts are taken in batches of those still without one, so a
 * run that stops half-way — a restart, a failure — carries on where it was at the next run;
 * progress is written after every batch for staff to watch. One account that cannot be issued is
 * named in the log and counted, and never stops the others.
 */

type Deps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'logger'>;

/** The job's name on the queue (modules/scheduled-work). */
export const STATEMENTS_JOB = 'statements.issue';

const BATCH = 100;
const CONCURRENCY = 4;
/**
 * A run stops starting batches after this long (the queue would take a job of more than 15
 * minutes for dead and retry it); the next hourly run carries on where it stopped.
 */
export const RUN_BUDGET_MS = 10 * 60_000;

export interface RunSummary {
  months: number;
  issued: number;
  failed: number;
}

export async function issueDueStatements(
  deps: Deps,
  now: Date,
  deadline = Date.now() + RUN_BUDGET_MS,
): Promise<RunSummary> {
  const summary: RunSummary = { months: 0, issued: 0, failed: 0 };
  const done = new Set(
    (await deps.db.select().from(statementRuns).where(eq(statementRuns.status, 'done'))).map((run) => run.period),
  );
  for (const period of offeredPeriods(deps.config, now).reverse()) {
    if (done.has(period)) continue;
    if (Date.now() > deadline) break;
    const run = await runMonth(deps, period, now, deadline);
    summary.months += 1;
    summary.issued += run.issued;
    summary.failed += run.failed;
  }
  return summary;
}

/** Issues every statement of one month that is not issued yet; safe to run again. */
export async function runMonth(
  deps: Deps,
  period: string,
  now: Date,
  deadline = Date.now() + RUN_BUDGET_MS,
): Promise<{ issued: number; failed: number; finished: boolean }> {
  const end = periodBounds(period, deps.config.timeZone).end;
  const [{ total = 0 } = {}] = await queryRows<{ total: number }>(
    deps.db,
    sql`select count(*)::int as total from ledger_accounts a where ${hasStatementFor(end)}`,
  );
  await deps.db
    .insert(statementRuns)
    // Wall-clock times (not the run's `now`, the moment the month is issued as of): staff read them.
    .values({ period, status: 'running', total, startedAt: new Date(), updatedAt: new Date() })
    .onConflictDoUpdate({
      target: statementRuns.period,
      // A run resumed or repeated counts what earlier runs issued (its rate is then a little high).
      set: {
        status: 'running',
        total,
        failed: 0,
        issued: sql`(select count(*)::int from statements s where s.period = ${period})`,
        bytesIssued: sql`(select coalesce(sum(s.size_bytes), 0)::bigint from statements s where s.period = ${period})`,
        startedAt: new Date(),
        updatedAt: new Date(),
        finishedAt: null,
      },
    });

  let issued = 0;
  let failed = 0;
  const skip = new Set<string>();
  let finished = false;
  for (;;) {
    if (Date.now() > deadline) break;
    const accounts = await accountsWithout(deps, period, end, [...skip]);
    if (accounts.length === 0) {
      finished = true;
      break;
    }
    let bytes = 0n;
    let batchIssued = 0;
    let dividends = 0;
    // A few at a time: one statement's database reads overlap another's drawing.
    const queue = [...accounts];
    const worker = async () => {
      for (let account = queue.shift(); account; account = queue.shift()) {
        try {
          const result = await issueStatement(deps, account, period, now);
          if (result.issued) {
            batchIssued += 1;
            bytes += BigInt(result.statement.sizeBytes);
            if (result.statement.dividends > 0n) dividends += 1;
          }
        } catch (error) {
          failed += 1;
          skip.add(account.id);
          deps.logger.warn(
            { accountId: account.id, period, reason: error instanceof Error ? error.message : String(error) },
            'statement not issued',
          );
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    issued += batchIssued;
    await deps.db
      .update(statementRuns)
      .set({
        issued: sql`${statementRuns.issued} + ${batchIssued}`,
        failed,
        dividendsPosted: sql`${statementRuns.dividendsPosted} + ${dividends}`,
        bytesIssued: sql`${statementRuns.bytesIssued} + ${bytes.toString()}::bigint`,
        updatedAt: new Date(),
      })
      .where(eq(statementRuns.period, period));
  }
  if (finished) {
    await deps.db
      .update(statementRuns)
      .set({ status: failed > 0 ? 'failed' : 'done', updatedAt: new Date(), finishedAt: new Date() })
      .where(eq(statementRuns.period, period));
  }
  return { issued, failed, finished };
}

/**
 * The accounts (`a`) that have a statement for the month ending at `end`: a member's Checking or
 * Savings opened before then. A credit card line has none; its purchases are under Cards.
 */
const hasStatementFor = (end: Date) =>
  sql`a.user_id is not null and a.type in ('Checking', 'Savings') and a.created_at < ${end.toISOString()}::timestamptz`;

async function accountsWithout(deps: Deps, period: string, end: Date, skip: string[]): Promise<StatementAccount[]> {
  const rows = await queryRows<StatementAccountRow>(
    deps.db,
    sql`select a.id, a.user_id, a.type, a.account_number, a.created_at from ledger_accounts a
        where ${hasStatementFor(end)}
          and not exists (select 1 from statements s where s.account_id = a.id and s.period = ${period})
          ${
            skip.length > 0
              ? sql`and a.id not in (${sql.join(
                  skip.map((id) => sql`${id}::uuid`),
                  sql`, `,
                )})`
              : sql``
          }
        order by a.id limit ${BATCH}`,
  );
  return rows.map((row) => toStatementAccount(row, deps.config.timeZone));
}

/** The runs, newest month first, with their progress. */
export async function listRuns(deps: Pick<Deps, 'db'>): Promise<StatementRun[]> {
  const rows = await deps.db.select().from(statementRuns).orderBy(desc(statementRuns.period)).limit(24);
  return rows.map((run) => {
    const finished = run.finishedAt ?? run.updatedAt;
    const seconds = (finished.getTime() - run.startedAt.getTime()) / 1000;
    return {
      period: run.period,
      label: periodLabel(run.period),
      status: run.status as StatementRun['status'],
      total: run.total,
      issued: run.issued,
      failed: run.failed,
      dividendsPosted: run.dividendsPosted,
      startedAt: run.startedAt.toISOString(),
      finishedAt: run.finishedAt?.toISOString() ?? null,
      accountsPerSecond: run.issued > 0 && seconds > 0 ? Math.round((run.issued / seconds) * 10) / 10 : null,
      averageBytes: run.issued > 0 ? Number(run.bytesIssued / BigInt(run.issued)) : null,
    };
  });
}
