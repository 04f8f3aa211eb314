import { z } from 'zod';
import {
  approveSchema,
  backupCodeStatusSchema,
  createdUserSchema,
  createUserSchema,
  rejectSchema,
  requestInfoSchema,
  userDetailSchema,
  userIdParamsSchema,
  userListQuerySchema,
  userListSchema,
  userSummarySchema,
} from '../admin-users';
import { auditListSchema, userAuditQuerySchema } from '../audit';
import { messageResultSchema } from '../auth';
import { backupCodesSchema } from '../members';
import { endpoint } from './endpoint';

const tags = ['admin'];
const params = userIdParamsSchema;

/**
 * The member part of the staff console (spec §2 user list and detail, §4 review, §5 Admin; schemas
 * in `../admin-users`): the list, one person, the application review, their picture, their backup
 * codes and authenticator, their activity log. Staff only. Setting an account's balance is declared
 * with the money (`adminMoneyApi.setBalance`) and holds in `./holds`; both live under the same path.
 */
export const adminUsersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/users',
    tags,
    summary: 'Users by filter tab, with counts; search by name or e-mail',
    query: userListQuerySchema,
    response: userListSchema,
  }),
  lookup: endpoint({
    method: 'GET',
    path: '/api/admin/users/lookup',
    tags,
    summary: 'Look a person up by exact e-mail',
    query: z.object({ email: z.string().trim().min(1).max(254) }),
    response: userSummarySchema,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id',
    tags,
    summary: 'Everything about one person',
    params,
    response: userDetailSchema,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/admin/users',
    tags,
    summary: 'Create New User (status active)',
    body: createUserSchema,
    status: 201,
    response: createdUserSchema,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/approve',
    tags,
    summary: 'Approve an application (opens Checking and Savings)',
    params,
    body: approveSchema,
    response: userDetailSchema,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/reject',
    tags,
    summary: 'Reject an application (reason required)',
    params,
    body: rejectSchema,
    multiLine: ['reason'],
    response: userDetailSchema,
  }),
  requestInfo: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/request-info',
    tags,
    summary: 'Ask the applicant for more information',
    params,
    body: requestInfoSchema,
    multiLine: ['details'],
    response: userDetailSchema,
  }),
  /** The one part is the file `image`; there are no JSON parts. */
  profileImage: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id/profile-image',
    tags,
    summary: "Set a person's profile picture (multipart `image`)",
    params,
    multipart: true,
    response: messageResultSchema,
  }),
  backupCodeStatus: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/backup-codes',
    tags,
    summary: 'Manage OTPs: backup codes status',
    params,
    response: backupCodeStatusSchema,
  }),
  issueBackupCodes: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/backup-codes',
    tags,
    summary: 'Manage OTPs: issue a fresh set (shown once)',
    params,
    response: backupCodesSchema,
  }),
  revokeBackupCodes: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/backup-codes',
    tags,
    summary: 'Manage OTPs: revoke the backup codes',
    params,
    response: messageResultSchema,
  }),
  resetTotp: endpoint({
    method: 'DELETE',
    path: '/api/admin/users/:id/totp',
    tags,
    summary: "Manage OTPs: reset the person's authenticator",
    params,
    response: messageResultSchema,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/audit',
    tags,
    summary: "A person's audit trail, newest first: filter by action (or `family.`) and dates; keyset paging",
    params,
    query: userAuditQuerySchema,
    response: auditListSchema,
  }),
};
