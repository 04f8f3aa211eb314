import { messages } from '@mutual/shared';
import { adminMoneyApi } from '@mutual/shared/contract/admin-money';
import { adminUsersApi as api } from '@mutual/shared/contract/admin-users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
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

/**
 * The member part of the staff console (contract: packages/shared/src/contract/admin-users.ts).
 * Every route here is staff-only.
 */
export const adminUserRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));
    const target = (id: string) =>
      loadUser(deps.db, id).catch(() => Promise.reject(new AppError('NOT_FOUND', messages.admin.userNotFound)));
    const detail = async (id: string) => userDetail(deps.db, deps.config, await target(id), deps.clock());

    app.route({
      ...routeOf(api.list),
      handler: async (request) => listUsers(deps.db, request.query.filter, request.query.q || undefined),
    });

    app.route({
      ...routeOf(api.lookup),
      handler: async (request) => {
        const user = await findUserByEmail(deps.db, request.query.email);
        if (!user) throw new AppError('NOT_FOUND', messages.admin.userNotFound);
        return toUserSummary(user);
      },
    });

    app.route({ ...routeOf(api.detail), handler: async (request) => detail(request.params.id) });

    app.route({
      ...routeOf(api.create),
      handler: async (request, reply) => {
        const user = await createUser(deps, request.body, actorOf(signedIn(request)), requestMeta(request));
        return reply.status(201).send({ user, message: messages.admin.userCreated(user.email) });
      },
    });

    app.route({
      ...routeOf(api.approve),
      handler: async (request) => {
        await reviewApplication(
          deps,
          request.params.id,
          { decision: 'approved', checklist: request.body.checklist },
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return detail(request.params.id);
      },
    });

    app.route({
      ...routeOf(api.reject),
      handler: async (request) => {
        await reviewApplication(
          deps,
          request.params.id,
          { decision: 'rejected', ...request.body },
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return detail(request.params.id);
      },
    });

    app.route({
      ...routeOf(api.requestInfo),
      handler: async (request) => {
        await reviewApplication(
          deps,
          request.params.id,
          { decision: 'info_requested', ...request.body },
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return detail(request.params.id);
      },
    });

    app.route({
      ...routeOf(api.profileImage),
      handler: async (request) => {
        const user = await target(request.params.id);
        const { files } = await readMultipart(request, {
          files: {
            image: { maxBytes: deps.config.limits.profileImageMaxBytes, tooLarge: messages.profile.imageTooLarge },
          },
        });
        return setProfileImage(deps, user, files.image, actorOf(signedIn(request)), requestMeta(request));
      },
    });

    // Declared with the staff money endpoints; registered here, with the rest of the member's detail.
    app.route({
      ...routeOf(adminMoneyApi.setBalance),
      handler: async (request) => {
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
    });

    app.route({
      ...routeOf(api.backupCodeStatus),
      handler: async (request) => backupCodeStatus(deps.db, (await target(request.params.id)).id),
    });

    app.route({
      ...routeOf(api.issueBackupCodes),
      handler: async (request) => {
        const user = await target(request.params.id);
        const codes = await replaceBackupCodes(deps, user, actorOf(signedIn(request)), requestMeta(request));
        return { codes, message: messages.admin.backupCodesIssued };
      },
    });

    app.route({
      ...routeOf(api.revokeBackupCodes),
      handler: async (request) => {
        await revokeAllBackupCodes(
          deps,
          await target(request.params.id),
          actorOf(signedIn(request)),
          requestMeta(request),
        );
        return { message: messages.admin.backupCodesRevoked };
      },
    });

    app.route({
      ...routeOf(api.resetTotp),
      handler: async (request) => {
        await disableTotp(deps, await target(request.params.id), actorOf(signedIn(request)), requestMeta(request));
        return { message: messages.admin.totpReset };
      },
    });

    app.route({
      ...routeOf(api.audit),
      handler: async (request) =>
        userAuditTrail(deps.db, (await target(request.params.id)).id, request.query, deps.config.timeZone),
    });
  };
