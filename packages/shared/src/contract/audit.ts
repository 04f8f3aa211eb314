import { AUDIT_EXPORT_MAX_ROWS, auditActionsSchema, auditPageSchema, auditQuerySchema } from '../audit';
import { endpoint } from './endpoint';

const tags = ['admin'];

/**
 * The credit union's audit log, read by staff (schemas in `../audit`). Staff only. A member's own
 * log (`/api/admin/users/:id/audit`) belongs to the member console.
 */
export const auditApi = {
  log: endpoint({
    method: 'GET',
    path: '/api/admin/audit',
    tags,
    summary: 'The audit log, newest first: filter by action (or `family.`), actor, member and dates; keyset paging',
    query: auditQuerySchema,
    response: auditPageSchema,
  }),
  actions: endpoint({
    method: 'GET',
    path: '/api/admin/audit/actions',
    tags,
    summary: 'The action names present in the log, with labels (for the filter)',
    response: auditActionsSchema,
  }),
  /** Also answers `x-export-limit` and `x-export-truncated`; the file is an attachment. */
  export: endpoint({
    method: 'GET',
    path: '/api/admin/audit/export',
    tags,
    summary:
      `The audit log as CSV (same filters, newest first, at most ${AUDIT_EXPORT_MAX_ROWS} entries); ` +
      'the export is itself recorded',
    query: auditQuerySchema,
    produces: 'text/csv',
  }),
};
