import { statementsApi as api } from '@mutual/shared/contract/statements';
import { messages, periodLabel } from '@mutual/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { actorAndMeta, actorOf, cookieNames, requestMeta, signedIn, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { accountHolderRoutes, staffRoutes } from '../../http/route-groups';
import type { SlotLeases } from '../../http/held-slots';
import { type StreamCap, type StreamCaps, streamCaps } from '../../http/stream-caps';
import type { JobQueue } from '../../jobs/job-queue';
import { recordAudit } from '../audit/record-audit';
import { type StatementRow } from './issue-statement';
import {
  emailStatement,
  memberStatement,
  resendStatementNotice,
  staffStatementPdf,
  staffStatements,
  statementPdf,
  statementsOverview,
} from './member-statements';
import { listRuns, STATEMENTS_JOB } from './statement-runs';
import { offeredPeriods } from './statement-periods';

/** The PDF as a download, named for the month and account, with its hash for anyone who keeps it. */
function sendPdf(reply: FastifyReply, pdf: Buffer, row: StatementRow, accountName: string) {
  return reply
    .type('application/pdf')
    .header('cache-control', 'private, no-store')
    .header('etag', `"${row.sha256}"`)
    .header('content-disposition', `attachment; filename="statement-${row.period}-${accountName}.pdf"`)
    .send(pdf);
}

/**
 * A statement drawn on a member's request (a closed month the job has not reached yet) holds a
 * database connection and the processor while it is built and drawn: so many at once per browser,
 * per member and per instance (STATEMENT_DRAWS_*). One already being drawn is waited for instead.
 */
export const statementDrawCaps = (
  config: AppDeps['config'],
  leases: SlotLeases,
  onRefused?: (cap: StreamCap) => void,
) =>
  streamCaps(
    'statements',
    config.limits.statementDraws,
    {
      inSession: messages.statements.drawsInSession,
      forMember: messages.statements.drawsForMember,
      full: messages.statements.drawsFull,
    },
    leases,
    onRefused,
  );

/**
 * The member's statements (contract: packages/shared/src/contract/statements.ts). Account holders
 * only; every look-up is by the signed-in member's id.
 */
export const statementRoutes = (deps: AppDeps, drawCaps: StreamCaps) =>
  accountHolderRoutes(async (app) => {
    const sessionCookie = cookieNames(deps.config.secureCookies).session;
    /** One of this browser's and member's statements drawn on the spot, while it is drawn. */
    const drawSlot = (request: FastifyRequest) => () =>
      drawCaps.take({ session: request.cookies[sessionCookie] ?? '', member: signedInUser(request).id });

    app.route({
      ...routeOf(api.overview),
      handler: async (request) => statementsOverview(deps, signedInUser(request).id),
    });

    app.route({
      ...routeOf(api.download),
      handler: async (request, reply) => {
        const { accountId, period } = request.params;
        const member = signedInUser(request).id;
        const { statement, account } = await memberStatement(deps, member, accountId, period, drawSlot(request));
        const pdf = await statementPdf(deps.db, statement.id);
        return sendPdf(reply, pdf, statement, `${account.type.toLowerCase()}-${account.numberLast4}`);
      },
    });

    app.route({
      ...routeOf(api.email),
      handler: async (request, reply) => {
        const { accountId, period } = request.params;
        const session = signedIn(request);
        const result = await emailStatement(
          deps,
          { ...actorOf(session), userId: session.user.id },
          accountId,
          period,
          requestMeta(request),
          drawSlot(request),
        );
        return reply.status(202).send(result);
      },
    });
  })(deps);

/** A member's statements in the console, and the month runs. Staff only. */
export const staffStatementRoutes = (deps: AppDeps, queue: JobQueue) =>
  staffRoutes(async (app) => {
    app.route({ ...routeOf(api.staffList), handler: async (request) => staffStatements(deps, request.params.id) });

    app.route({
      ...routeOf(api.staffDownload),
      handler: async (request, reply) => {
        const { id, statementId } = request.params;
        const { pdf, row } = await staffStatementPdf(deps, id, statementId, ...actorAndMeta(request));
        return sendPdf(reply, pdf, row, row.accountId.slice(0, 8));
      },
    });

    app.route({
      ...routeOf(api.staffResendNotice),
      handler: async (request) =>
        resendStatementNotice(deps, request.params.id, request.params.statementId, ...actorAndMeta(request)),
    });

    app.route({ ...routeOf(api.runs), handler: async () => ({ runs: await listRuns(deps) }) });

    app.route({
      ...routeOf(api.startRun),
      handler: async (request, reply) => {
        const { period } = request.body;
        if (!offeredPeriods(deps.config, deps.clock()).includes(period)) {
          throw new AppError('VALIDATION_FAILED', messages.statements.periodOpen, {
            period: messages.statements.periodOpen,
          });
        }
        if (!queue.running) throw new AppError('CONFLICT', 'Scheduled work is switched off on this server.');
        // Keyed by the month: a sweep waiting to run does not swallow it; the same month asked for
        // again while it waits is that one run.
        if (!(await queue.send(STATEMENTS_JOB, { period }, period)))
          return reply.status(202).send({ message: messages.statements.runWaiting(periodLabel(period)) });
        await recordAudit(deps.db, {
          at: deps.clock(),
          action: 'statement_run.started',
          actor: actorOf(signedIn(request)),
          meta: requestMeta(request),
          after: { period },
        });
        return reply.status(202).send({ message: messages.statements.runStarted(periodLabel(period)) });
      },
    });
  })(deps);
