import {
  AUDIT_EXPORT_MAX_ROWS,
  type AuditFilters,
  auditActionsSchema,
  auditPageSchema,
  auditQuerySchema,
} from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { exportAudit } from './audit-export';
import { auditActionsPresent, listAudit } from './audit-queries';

/** The credit union's audit log, read by staff. Every route here is staff-only. */
export const auditRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));
    const filtersOf = ({ action, actor, member, from, to }: AuditFilters): AuditFilters => ({
      action,
      actor,
      member,
      from,
      to,
    });

    app.get(
      '/api/admin/audit',
      {
        schema: {
          tags,
          summary:
            'The audit log, newest first: filter by action (or `family.`), actor, member and dates; keyset paging',
          querystring: auditQuerySchema,
          response: { 200: auditPageSchema },
        },
      },
      async (request) => listAudit(deps.db, { kind: 'all' }, request.query, deps.config.timeZone),
    );

    app.get(
      '/api/admin/audit/actions',
      {
        schema: {
          tags,
          summary: 'The action names present in the log, with labels (for the filter)',
          response: { 200: auditActionsSchema },
        },
      },
      async () => auditActionsPresent(deps.db),
    );

    app.get(
      '/api/admin/audit/export',
      {
        schema: {
          tags,
          summary: `The audit log as CSV (same filters, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} entries); the export is itself recorded`,
          querystring: auditQuerySchema,
        },
      },
      async (request, reply) => {
        const result = await exportAudit(
          deps,
          filtersOf(request.query),
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${result.fileName}"`)
          .header('x-export-limit', String(AUDIT_EXPORT_MAX_ROWS))
          .header('x-export-truncated', String(result.capped))
          .send(result.csv);
      },
    );
  };
