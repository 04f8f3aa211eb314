import { messages } from '@mutual/shared';
import { meApi as api } from '@mutual/shared/contract/me';
import { AppError } from '../../errors';
import { actorOf, guards, requestMeta, signedIn, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { signedInRoutes } from '../../http/route-groups';
import { describeDevice } from '../auth/device';
import { listUserSessions, revokeOwnSession } from '../auth/sessions';
import { findMemberAccounts } from '../ledger/member-accounts';
import { toMe, updateProfile, updateSettings } from './me';
import { loadUser } from '../people/users';
import { readProfileImage, removeProfileImage, setProfileImage } from './profile-image';
import {
  changePassword,
  confirmTotpEnrolment,
  disableTotp,
  replaceBackupCodes,
  startTotpEnrolment,
} from './security-settings';

/**
 * The signed-in person's own record and settings (contract: packages/shared/src/contract/me.ts).
 * Every route reads only `request.auth.user`.
 */
export const meRoutes = signedInRoutes(async (app, deps) => {
  const rateLimit = { max: deps.config.security.authRateLimit, timeWindow: 60_000 };

  app.route({ ...routeOf(api.me), handler: async (request) => toMe(deps.db, signedInUser(request)) });

  app.route({
    ...routeOf(api.updateProfile),
    handler: async (request) => ({
      me: await updateProfile(deps, signedInUser(request), request.body, requestMeta(request)),
      message: messages.profile.updated,
    }),
  });

  app.route({
    ...routeOf(api.updateSettings),
    handler: async (request) => ({
      me: await updateSettings(deps, signedInUser(request), request.body, requestMeta(request)),
      message: messages.settings.updated,
    }),
  });

  app.route({
    ...routeOf(api.changePassword),
    config: { rateLimit },
    handler: async (request) => {
      const auth = signedIn(request);
      return changePassword(deps, auth.user, auth.sessionId, request.body, requestMeta(request));
    },
  });

  app.route({
    ...routeOf(api.totpSetup),
    handler: async (request) => startTotpEnrolment(deps, signedInUser(request)),
  });

  app.route({
    ...routeOf(api.totpConfirm),
    config: { rateLimit },
    handler: async (request) =>
      confirmTotpEnrolment(
        deps,
        await loadUser(deps.db, signedInUser(request).id),
        request.body.code,
        requestMeta(request),
      ),
  });

  app.route({
    ...routeOf(api.totpDisable),
    config: { rateLimit },
    handler: async (request) => {
      const auth = signedIn(request);
      await disableTotp(deps, auth.user, actorOf(auth), requestMeta(request), request.body.password);
      return { message: messages.settings.totpDisabled };
    },
  });

  app.route({
    ...routeOf(api.backupCodes),
    config: { rateLimit },
    handler: async (request) => {
      const auth = signedIn(request);
      const codes = await replaceBackupCodes(
        deps,
        auth.user,
        actorOf(auth),
        requestMeta(request),
        request.body.password,
      );
      return { codes, message: messages.admin.backupCodesIssued };
    },
  });

  app.route({
    ...routeOf(api.sessions),
    handler: async (request) => {
      const auth = signedIn(request);
      const rows = await listUserSessions(deps.db, deps.config, auth.user.id, deps.clock());
      return {
        sessions: rows.map((row) => ({
          id: row.id,
          current: row.id === auth.sessionId,
          createdAt: row.createdAt.toISOString(),
          lastSeenAt: row.lastSeenAt.toISOString(),
          ipAddress: row.ipAddress,
          device: describeDevice(row.userAgent),
        })),
      };
    },
  });

  app.route({
    ...routeOf(api.endSession),
    handler: async (request, reply) => {
      const ended = await revokeOwnSession(deps.db, signedInUser(request).id, request.params.id, deps.clock());
      if (!ended) throw new AppError('NOT_FOUND', messages.generic.notFound);
      return reply.status(204).send();
    },
  });

  app.route({
    ...routeOf(api.profileImage),
    bodyLimit: deps.config.limits.profileImageMaxBytes + 64 * 1024,
    // Each picture is decoded (up to 40 million pixels) and re-encoded: a few a minute, as sign-in.
    config: { rateLimit },
    handler: async (request) => {
      const auth = signedIn(request);
      const image = await readProfileImage(request, deps.config);
      const { message } = await setProfileImage(deps, auth.user, image, actorOf(auth), requestMeta(request));
      return { me: await toMe(deps.db, await loadUser(deps.db, auth.user.id)), message };
    },
  });

  app.route({
    ...routeOf(api.removeProfileImage),
    handler: async (request) => {
      const auth = signedIn(request);
      const { message } = await removeProfileImage(deps, auth.user, actorOf(auth), requestMeta(request));
      return { me: await toMe(deps.db, await loadUser(deps.db, auth.user.id)), message };
    },
  });

  app.route({
    ...routeOf(api.accounts),
    preValidation: guards.member,
    handler: async (request) => ({ accounts: await findMemberAccounts(deps.db, signedInUser(request).id) }),
  });
});
