import {
  approveSchema,
  balanceAdjustmentSchema,
  auditListSchema,
  backupCodeStatusSchema,
  backupCodesSchema,
  createdUserSchema,
  createUserSchema,
  messageResultSchema,
  messages,
  rejectSchema,
  requestInfoSchema,
  userDetailSchema,
  userListQuerySchema,
  userListSchema,
  userSummarySchema,
  userAuditQuerySchema,
} from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { readMultipart } from '../../http/multipart';
import { backupCodeStatus } from '../auth/backup-codes';
import { findUserByEmail, loadUser } from '../people/users';
import { setProfileImage } from '../members/profile-image';
import { disableTotp, replaceBackupCodes, revokeAllBackupCodes } from '../members/security-settings';
import { reviewApplication } from '../onboarding/review-application';
import { adjustBalance } from './adjust-balance';
import { createUser } from './create-user';
import { listUsers, toUserSummary } from './list-users';
import { userAuditTrail, userDetail } from './user-detail';

const idParams = z.object({ id: z.uuid({ error: messages.admin.userNotFound }) });

/** The member part of the staff console. Every route here is staff-only. */
export const adminUserRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));
    const target = (id: string) =>
      loadUser(deps.db, id).catch(() => Promise.reject(new AppError('NOT_FOUND', messages.admin.userNotFound)));
    const detail = async (id: string) => userDetail(deps.db, deps.config, await target(id), deps.clock());

    app.get(
      '/api/admin/users',
      {
        schema: {
          tags,
          summary: 'Users by filter tab, with counts; search by name or e-mail',
          querystring: userListQuerySchema,
          response: { 200: userListSchema },
        },
      },
      async (request) => listUsers(deps.db, request.query.filter, request.query.q || undefined),
    );

    app.get(
      '/api/admin/users/lookup',
      {
        schema: {
          tags,
          summary: 'Look a person up by exact e-mail',
          querystring: z.object({ email: z.string().trim().min(1).max(254) }),
          response: { 200: userSummarySchema },
        },
      },
      async (request) => {
        const user = await findUserByEmail(deps.db, request.query.email);
        if (!user) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
        return toUserSummary(user);
      },
    );

    app.get(
      '/api/admin/users/:id',
      {
        schema: { tags, summary: 'Everything about one person', params: idParams, response: { 200: userDetailSchema } },
      },
      async (request) => detail(request.params.id),
    );

    app.post(
      '/api/admin/users',
      {
        schema: {
          tags,
          summary: 'Create New User (status active)',
          body: createUserSchema,
          response: { 201: createdUserSchema },
        },
      },
      async (request, reply) => {
        const user = await createUser(deps, request.body, actorOf(signedIn(request)), requestMeta(request));
        return reply.status(201).send({ user, message: messages.admin.userCreated(user.email) });
      },
    );

    app.post(
      '/api/admin/users/:id/approve',
      {
        schema: {
          tags,
          summary: 'Approve an application (opens Checking and Savings)',
          params: idParams,
          body: approveSchema,
          response: { 200: userDetailSchema },
        },
      },
      async (request) => {
        await reviewApplication(
          deps,
          request.params.id,
          { decision: 'approved', checklist: request.body.checklist },
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return detail(request.params.id);
      },
    );

    app.post(
      '/api/admin/users/:id/reject',
      {
        schema: {
          tags,
          summary: 'Reject an application (reason required)',
          params: idParams,
          body: rejectSchema,
          response: { 200: userDetailSchema },
        },
      },
      async (request) => {
        await reviewApplication(
          deps,
          request.params.id,
          { decision: 'rejected', ...request.body },
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return detail(request.params.id);
      },
    );

    app.post(
      '/api/admin/users/:id/request-info',
      {
        schema: {
          tags,
          summary: 'Ask the applicant for more information',
          params: idParams,
          body: requestInfoSchema,
          response: { 200: userDetailSchema },
        },
      },
      async (request) => {
        await reviewApplication(
          deps,
          request.params.id,
          { decision: 'info_requested', ...request.body },
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return detail(request.params.id);
      },
    );

    app.put(
      '/api/admin/users/:id/profile-image',
      {
        schema: {
          tags,
          summary: "Set a person's profile picture (multipart `image`)",
          params: idParams,
          consumes: ['multipart/form-data'],
          response: { 200: messageResultSchema },
        },
      },
      async (request) => {
        const user = await target(request.params.id);
        const { files } = await readMultipart(request, {
          files: {
            image: { maxBytes: deps.config.limits.profileImageMaxBytes, tooLarge: messages.profile.imageTooLarge },
          },
        });
        return setProfileImage(deps, user, files.image, actorOf(signedIn(request)), requestMeta(request));
      },
    );

    app.put(
      '/api/admin/users/:id/accounts/:accountId/balance',
      {
        schema: {
          tags,
          summary: 'Set an account balance: posts an adjustment for the difference, with a reason',
          params: idParams.extend({ accountId: z.uuid({ error: messages.transfers.accountNotFound }) }),
          body: balanceAdjustmentSchema,
          response: { 200: messageResultSchema },
        },
      },
      async (request) => {
        const user = await target(request.params.id);
        return adjustBalance(
          deps,
          user.id,
          request.params.accountId,
          request.body,
          actorOf(signedIn(request)),
          requestMeta(request),
        );
      },
    );

    app.get(
      '/api/admin/users/:id/backup-codes',
      {
        schema: {
          tags,
          summary: 'Manage OTPs: backup codes status',
          params: idParams,
          response: { 200: backupCodeStatusSchema },
        },
      },
      async (request) => backupCodeStatus(deps.db, (await target(request.params.id)).id),
    );

    app.post(
      '/api/admin/users/:id/backup-codes',
      {
        schema: {
          tags,
          summary: 'Manage OTPs: issue a fresh set (shown once)',
          params: idParams,
          response: { 200: backupCodesSchema },
        },
      },
      async (request) => {
        const user = await target(request.params.id);
        const codes = await replaceBackupCodes(deps, user, actorOf(signedIn(request)), requestMeta(request));
        return { codes, message: messages.admin.backupCodesIssued };
      },
    );

    app.delete(
      '/api/admin/users/:id/backup-codes',
      {
        schema: {
          tags,
          summary: 'Manage OTPs: revoke the backup codes',
          params: idParams,
          response: { 200: messageResultSchema },
        },
      },
      async (request) => {
        await revokeAllBackupCodes(
          deps,
          await target(request.params.id),
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return { message: messages.admin.backupCodesRevoked };
      },
    );

    app.delete(
      '/api/admin/users/:id/totp',
      {
        schema: {
          tags,
          summary: "Manage OTPs: reset the person's authenticator",
          params: idParams,
          response: { 200: messageResultSchema },
        },
      },
      async (request) => {
        await disableTotp(deps, await target(request.params.id), actorOf(signedIn(request)), requestMeta(request));
        return { message: messages.admin.totpReset };
      },
    );

    app.get(
      '/api/admin/users/:id/audit',
      {
        schema: {
          tags,
          summary: "A person's audit trail, newest first: filter by action (or `family.`) and dates; keyset paging",
          params: idParams,
          querystring: userAuditQuerySchema,
          response: { 200: auditListSchema },
        },
      },
      async (request) =>
        userAuditTrail(deps.db, (await target(request.params.id)).id, request.query, deps.config.timeZone),
    );
  };
