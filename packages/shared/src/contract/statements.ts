import { userIdParamsSchema } from '../admin-users';
import { messageResultSchema } from '../auth';
import {
  staffStatementListSchema,
  startStatementRunSchema,
  statementAccountParamsSchema,
  statementParamsSchema,
  statementRunListSchema,
  statementsOverviewSchema,
} from '../statements';
import { endpoint } from './endpoint';

const tags = ['statements'];
const staffTags = ['admin'];

/**
 * Monthly statements (schemas in `../statements`): the member's own (account holders only), a
 * member's in the staff console, and the month runs that issue them (staff only).
 */
export const statementsApi = {
  overview: endpoint({
    method: 'GET',
    path: '/api/me/statements',
    tags,
    summary: 'My accounts, the statement periods offered, and the statements issued',
    response: statementsOverviewSchema,
  }),
  download: endpoint({
    method: 'GET',
    path: '/api/me/statements/:accountId/:period',
    tags,
    summary: "One account's statement for a closed month, as PDF (the same bytes every time)",
    params: statementAccountParamsSchema,
    produces: 'application/pdf',
  }),
  email: endpoint({
    method: 'POST',
    path: '/api/me/statements/:accountId/:period/email',
    tags,
    summary: 'E-mail me this statement (the PDF, to my registered address)',
    params: statementAccountParamsSchema,
    status: 202,
    response: messageResultSchema,
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/statements',
    tags: staffTags,
    summary: "A member's statements, newest first",
    params: userIdParamsSchema,
    response: staffStatementListSchema,
  }),
  staffDownload: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/statements/:statementId',
    tags: staffTags,
    summary: "One of a member's statements, as PDF (audited)",
    params: statementParamsSchema,
    produces: 'application/pdf',
  }),
  staffResendNotice: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/statements/:statementId/notice',
    tags: staffTags,
    summary: 'Tell the member again that the statement is ready (audited)',
    params: statementParamsSchema,
    response: messageResultSchema,
  }),
  runs: endpoint({
    method: 'GET',
    path: '/api/admin/statement-runs',
    tags: staffTags,
    summary: 'The month runs that post dividends and issue statements, with their progress',
    response: statementRunListSchema,
  }),
  startRun: endpoint({
    method: 'POST',
    path: '/api/admin/statement-runs',
    tags: staffTags,
    summary: 'Issue a closed month now (a run already done or under way is not repeated)',
    body: startStatementRunSchema,
    status: 202,
    response: messageResultSchema,
  }),
};
