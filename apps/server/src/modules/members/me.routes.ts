import {
  accountListSchema,
  activeSessionSchema,
  backupCodesSchema,
  changePasswordSchema,
  meSchema,
  messageResultSchema,
  messages,
  profileUpdateSchema,
  settingsUpdateSchema,
  totpConfirmSchema,
  totpDisableSchema,
  totpSetupSchema,
} from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { readMultipart } from '../../http/multipart';
import { describeDevice } from '../auth/device';
import { listUserSessions, revokeOwnSession } from '../auth/sessions';
import { findMemberAccounts } from '../ledger/member-accounts';
import { toMe, updateProfile, updateSettings } from './me';
import { loadUser } from '../people/users';
import { setProfileImage } from './profile-image';
import {
  changePassword,
  confirmTotpEnrolment,
  disableTotp,
  replaceBackupCodes,
  startTotpEnrolment,
} from './security-settings';

const meResult = z.object({ me: meSchema, message: z.string() });

/** The signed-in person's own record and settings. Every route reads only `request.auth.user`. */
export const meRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['me'];
    const preValidation = guards.signedIn;

    app.get(
      '/api/me',
      { schema: { tags, summary: 'My profile and settings', response: { 200: meSchema } }, preValidation },
      async (request) => toMe(deps.db, signedIn(request).user),
    );

    app.patch(
      '/api/me/profile',
      {
        schema: {
          tags,
          summary: 'Profile Settings: name, phone, address',
          body: profileUpdateSchema,
          response: { 200: meResult },
        },
        preValidation,
      },
      async (request) => ({
        me: await updateProfile(deps, signedIn(request).user, request.body, requestMeta(request)),
        message: messages.profile.updated,
      }),
    );

    app.patch(
      '/api/me/settings',
      {
        schema: {
          tags,
          summary: 'Account Settings: notifications and login alerts',
          body: settingsUpdateSchema,
          response: { 200: meResult },
        },
        preValidation,
      },
      async (request) => ({
        me: await updateSettings(deps, signedIn(request).user, request.body, requestMeta(request)),
        message: messages.settings.updated,
      }),
    );

    app.post(
      '/api/me/password',
      {
        schema: {
          tags,
          summary: 'Change my password (other sessions end)',
          body: changePasswordSchema,
          response: { 200: messageResultSchema },
        },
        preValidation,
        config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
      },
      async (request) => {
        const auth = signedIn(request);
        return changePassword(deps, auth.user, auth.sessionId, request.body, requestMeta(request));
      },
    );

    app.post(
      '/api/me/totp/setup',
      { schema: { tags, summary: 'Start authenticator enrolment', response: { 200: totpSetupSchema } }, preValidation },
      async (request) => startTotpEnrolment(deps, signedIn(request).user),
    );

    app.post(
      '/api/me/totp/confirm',
      {
        schema: {
          tags,
          summary: 'Confirm the authenticator with a code; returns backup codes once',
          body: totpConfirmSchema,
          response: { 200: backupCodesSchema },
        },
        preValidation,
        config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
      },
      async (request) =>
        confirmTotpEnrolment(
          deps,
          await loadUser(deps.db, signedIn(request).user.id),
          request.body.code,
          requestMeta(request),
        ),
    );

    app.post(
      '/api/me/totp/disable',
      {
        schema: {
          tags,
          summary: 'Turn the authenticator off (password required)',
          body: totpDisableSchema,
          response: { 200: messageResultSchema },
        },
        preValidation,
        config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
      },
      async (request) => {
        const auth = signedIn(request);
        await disableTotp(deps, auth.user, actorOf(auth), requestMeta(request), request.body.password);
        return { message: messages.settings.totpDisabled };
      },
    );

    app.post(
      '/api/me/backup-codes',
      {
        schema: {
          tags,
          summary: 'Replace my backup codes (password required); shown once',
          body: totpDisableSchema,
          response: { 200: backupCodesSchema },
        },
        preValidation,
        config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
      },
      async (request) => {
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
    );

    app.get(
      '/api/me/sessions',
      {
        schema: {
          tags,
          summary: 'My active sessions',
          response: { 200: z.object({ sessions: z.array(activeSessionSchema) }) },
        },
        preValidation,
      },
      async (request) => {
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
    );

    app.delete(
      '/api/me/sessions/:id',
      { schema: { tags, summary: 'Sign out one of my sessions', params: z.object({ id: z.uuid() }) }, preValidation },
      async (request, reply) => {
        const ended = await revokeOwnSession(deps.db, signedIn(request).user.id, request.params.id, deps.clock());
        if (!ended) throw new AppError('NOT_FOUND', messages.generic.notFound);
        return reply.status(204).send();
      },
    );

    app.put(
      '/api/me/profile-image',
      {
        schema: {
          tags,
          summary: 'Set my profile picture (multipart `image`)',
          consumes: ['multipart/form-data'],
          response: { 200: meResult },
        },
        preValidation,
        bodyLimit: deps.config.limits.profileImageMaxBytes + 64 * 1024,
      },
      async (request) => {
        const auth = signedIn(request);
        const { files } = await readMultipart(request, {
          files: {
            image: { maxBytes: deps.config.limits.profileImageMaxBytes, tooLarge: messages.profile.imageTooLarge },
          },
        });
        const { message } = await setProfileImage(deps, auth.user, files.image, actorOf(auth), requestMeta(request));
        return { me: await toMe(deps.db, await loadUser(deps.db, auth.user.id)), message };
      },
    );

    app.get(
      '/api/me/accounts',
      {
        schema: { tags, summary: 'My accounts with balances', response: { 200: accountListSchema } },
        preValidation: guards.member,
      },
      async (request) => ({ accounts: await findMemberAccounts(deps.db, signedIn(request).user.id) }),
    );
  };
