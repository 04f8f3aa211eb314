import { messages } from '@mutual/shared';
import { adminMoneyApi } from '@mutual/shared/contract/admin-money';
import { adminUsersApi as api } from '@mutual/shared/contract/admin-users';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors';
import { actorAndMeta, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { staffRoutes } from '../../http/route-groups';
import { backupCodeStatus } from '../auth/backup-codes';
import { findUserByEmail, loadUser } from '../people/users';
import { readProfileImage, setProfileImage } from '../members/profile-image';
import { disableTotp, replaceBackupCodes, revokeAllBackupCodes } from '../members/security-settings';
import { issueMissingDebitCard } from '../cards/issue-card';
import { type Review, reviewApplication } from '../onboarding/review-application';
import { adjustBalance } from './adjust-balance';
import { createUser } from './create-user';
import { listUsers, toUserSummary } from './list-users';
import { userAuditTrail, userDetail } from './user-detail';

/**
 * The member part of the staff console (contract: packages/shared/src/contract/admin-users.ts).
 * Every route here is staff-only.
 */
export const adminUserRoutes = staffRoutes(async (app, deps) => {
  const target = (id: string) =>
    loadUser(deps.db, id).catch(() => Promise.reject(new AppError('NOT_FOUND', messages.admin.userNotFound)));
  const detail = async (id: string) => userDetail(deps.db, deps.config, await target(id), deps.clock());
  /** Records a decision on the application the route names, and answers with the person's detail. */
  const review = async (request: FastifyRequest, id: string, decision: Review) => {
    await reviewApplication(deps, id, decision, ...actorAndMeta(request), (tx, member, now) =>
      issueMissingDebitCard(tx, deps, member, now),
    );
    return detail(id);
  };

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
      const user = await createUser(deps, request.body, ...actorAndMeta(request));
      return reply.status(201).send({ user, message: messages.admin.userCreated(user.email) });
    },
  });

  app.route({
    ...routeOf(api.approve),
    handler: async (request) =>
      review(request, request.params.id, { decision: 'approved', checklist: request.body.checklist }),
  });

  app.route({
    ...routeOf(api.reject),
    handler: async (request) => review(request, request.params.id, { decision: 'rejected', ...request.body }),
  });

  app.route({
    ...routeOf(api.requestInfo),
    handler: async (request) => review(request, request.params.id, { decision: 'info_requested', ...request.body }),
  });

  app.route({
    ...routeOf(api.profileImage),
    handler: async (request) => {
      const user = await target(request.params.id);
      const image = await readProfileImage(request, deps.config);
      return setProfileImage(deps, user, image, ...actorAndMeta(request));
    },
  });

  // Declared with the staff money endpoints; registered here, with the rest of the member's detail.
  app.route({
    ...routeOf(adminMoneyApi.setBalance),
    handler: async (request) => {
      const user = await target(request.params.id);
      return adjustBalance(deps, user.id, request.params.accountId, request.body, ...actorAndMeta(request));
    },
  });

  app.route({
    ...routeOf(api.backupCodeStatus),
    handler: async (request) => backupCodeStatus(deps.db, (await target(request.params.id)).id),
  });

  /**
   * Whose second factor staff may manage from the console. Not their own: Account Settings asks
   * for the password, the console does not, so a stolen staff session could not use it. Another
   * staff member's codes are never shown to staff (they would let one sign in as the other); their
   * codes may be revoked or their authenticator reset (a lost phone), each audited.
   */
  const secondFactorOf = async (request: FastifyRequest, id: string, action: 'issue' | 'revoke') => {
    const user = await target(id);
    if (user.id === signedInUser(request).id) throw new AppError('CONFLICT', messages.admin.ownCodesInSettings);
    if (action === 'issue' && user.role === 'admin') throw new AppError('CONFLICT', messages.admin.staffIssueOwnCodes);
    return user;
  };

  app.route({
    ...routeOf(api.issueBackupCodes),
    handler: async (request) => {
      const user = await secondFactorOf(request, request.params.id, 'issue');
      const codes = await replaceBackupCodes(deps, user, ...actorAndMeta(request));
      return { codes, message: messages.admin.backupCodesIssued };
    },
  });

  app.route({
    ...routeOf(api.revokeBackupCodes),
    handler: async (request) => {
      await revokeAllBackupCodes(
        deps,
        await secondFactorOf(request, request.params.id, 'revoke'),
        ...actorAndMeta(request),
      );
      return { message: messages.admin.backupCodesRevoked };
    },
  });

  app.route({
    ...routeOf(api.resetTotp),
    handler: async (request) => {
      await disableTotp(deps, await secondFactorOf(request, request.params.id, 'revoke'), ...actorAndMeta(request));
      return { message: messages.admin.totpReset };
    },
  });

  app.route({
    ...routeOf(api.audit),
    handler: async (request) =>
      userAuditTrail(deps.db, (await target(request.params.id)).id, request.query, deps.config.timeZone),
  });
});
