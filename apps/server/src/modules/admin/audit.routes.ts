import { AUDIT_EXPORT_MAX_ROWS, type AuditFilters } from '@mutual/shared';
import { auditApi as api } from '@mutual/shared/contract/audit';
import { actorAndMeta } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { staffRoutes } from '../../http/route-groups';
import { exportAudit } from '../audit/audit-export';
import { auditActionsPresent, listAudit } from '../audit/audit-queries';
import { namesForRecords } from './audit-names';

/** The credit union's audit log, read by staff. Every route here is staff-only. */
export const auditRoutes = staffRoutes(async (app, deps) => {
  const filtersOf = ({ action, actor, member, from, to }: AuditFilters): AuditFilters => ({
    action,
    actor,
    member,
    from,
    to,
  });

  app.route({
    ...routeOf(api.log),
    handler: async (request) =>
      listAudit(deps.db, { kind: 'all' }, request.query, deps.config.timeZone, namesForRecords),
  });

  app.route({ ...routeOf(api.actions), handler: async () => auditActionsPresent(deps.db) });

  app.route({
    ...routeOf(api.export),
    handler: async (request, reply) => {
      const result = await exportAudit(deps, filtersOf(request.query), ...actorAndMeta(request));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${result.fileName}"`)
        .header('x-export-limit', String(AUDIT_EXPORT_MAX_ROWS))
        .header('x-export-truncated', String(result.capped))
        .send(result.csv);
    },
  });
});
