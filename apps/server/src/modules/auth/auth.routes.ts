import { messages, type SessionInfo } from '@mutual/shared';
import { authApi as api } from '@mutual/shared/contract/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { cookieNames, cookieOptions, requestMeta } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { toSessionUser } from '../people/session-user';
import { recordAudit } from '../audit/record-audit';
import { completeSignIn } from './complete-sign-in';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { type ActiveSession, idleDeadline, revokeSession, touchSession } from './sessions';
import { resendSignInCode, startSignIn } from './sign-in';
import { newToken } from './tokens';

const DEVICE_COOKIE_SECONDS = 400 * 24 * 3600;
const ATTEMPT_COOKIE_SECONDS = 15 * 60;

export const authRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const { config } = deps;
    const names = cookieNames(config.secureCookies);
    const perMinute = { rateLimit: { max: config.security.authRateLimit, timeWindow: 60_000 } };
    const sessionInfo = (auth: ActiveSession, idleExpiresAt: Date): SessionInfo => ({
      user: toSessionUser(auth.user, config),
      idleExpiresAt: idleExpiresAt.toISOString(),
      absoluteExpiresAt: auth.absoluteExpiresAt.toISOString(),
      serverTime: deps.clock().toISOString(),
    });

    app.route({
      ...routeOf(api.session),
      config: { passiveSession: true },
      handler: async (request): Promise<SessionInfo> =>
        request.auth
          ? sessionInfo(request.auth, request.auth.idleExpiresAt)
          : { user: null, idleExpiresAt: null, absoluteExpiresAt: null, serverTime: deps.clock().toISOString() },
    });

    app.route({
      ...routeOf(api.refreshSession),
      handler: async (request): Promise<SessionInfo> => {
        const auth = request.auth;
        if (!auth) throw new AppError('UNAUTHENTICATED', messages.auth.sessionExpired);
        const now = deps.clock();
        await touchSession(deps.db, auth.sessionId, now);
        return sessionInfo(auth, idleDeadline(config, now));
      },
    });

    app.route({
      ...routeOf(api.signIn),
      config: perMinute,
      handler: async (request, reply) => {
        const { attemptToken, challenge } = await startSignIn(deps, request.body, requestMeta(request));
        reply.setCookie(names.signIn, attemptToken, cookieOptions(config.secureCookies, ATTEMPT_COOKIE_SECONDS));
        return challenge;
      },
    });

    app.route({
      ...routeOf(api.resendCode),
      config: perMinute,
      handler: async (request) => resendSignInCode(deps, request.cookies[names.signIn], requestMeta(request)),
    });

    app.route({
      ...routeOf(api.verify),
      config: perMinute,
      handler: async (request, reply) => {
        const deviceToken = request.cookies[names.device] ?? newToken();
        try {
          const { sessionToken, result } = await completeSignIn(
            deps,
            {
              attemptToken: request.cookies[names.signIn],
              code: request.body.code,
              deviceToken,
              previousSessionToken: request.cookies[names.session],
            },
            requestMeta(request),
          );
          reply.clearCookie(names.signIn, cookieOptions(config.secureCookies));
          reply.setCookie(names.session, sessionToken, cookieOptions(config.secureCookies));
          reply.setCookie(names.device, deviceToken, cookieOptions(config.secureCookies, DEVICE_COOKIE_SECONDS));
          // The idle warning counts by the server's clock (sessionSchema.serverTime).
          return { ...result, serverTime: deps.clock().toISOString() };
        } catch (error) {
          if (error instanceof AppError && error.code === 'SIGN_IN_EXPIRED')
            reply.clearCookie(names.signIn, cookieOptions(config.secureCookies));
          throw error;
        }
      },
    });

    app.route({
      ...routeOf(api.signOut),
      handler: async (request, reply) => {
        const auth = request.auth;
        if (auth) {
          const now = deps.clock();
          await deps.db.transaction(async (tx) => {
            await revokeSession(tx, auth.sessionId, 'signed out', now);
            await recordAudit(tx, {
              action: 'auth.sign_out',
              actor: { userId: auth.user.id, email: auth.user.email },
              targetUserId: auth.user.id,
              meta: requestMeta(request),
              at: now,
            });
          });
        }
        // With the options it was set with: a browser ignores a `__Host-` cookie without Secure, even
        // one that would delete it.
        reply.clearCookie(names.session, cookieOptions(config.secureCookies));
        return reply.status(204).send();
      },
    });

    app.route({
      ...routeOf(api.passwordReset),
      config: { rateLimit: { max: config.security.authRateLimit, timeWindow: 15 * 60_000 } },
      handler: async (request, reply) =>
        reply.status(202).send(await requestPasswordReset(deps, request.body.email, requestMeta(request))),
    });

    app.route({
      ...routeOf(api.passwordResetConfirm),
      config: perMinute,
      handler: async (request) => confirmPasswordReset(deps, request.body, requestMeta(request)),
    });
  };
