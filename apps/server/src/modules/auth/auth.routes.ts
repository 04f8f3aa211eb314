import {
  messageResultSchema,
  messages,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  type SessionInfo,
  sessionSchema,
  signInChallengeSchema,
  signInResultSchema,
  signInSchema,
  verifyCodeSchema,
} from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { cookieNames, cookieOptions, requestMeta } from '../../http/auth-context';
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
    const tags = ['auth'];
    const sessionInfo = (auth: ActiveSession, idleExpiresAt: Date): SessionInfo => ({
      user: toSessionUser(auth.user, config),
      idleExpiresAt: idleExpiresAt.toISOString(),
      absoluteExpiresAt: auth.absoluteExpiresAt.toISOString(),
    });

    app.get(
      '/api/auth/session',
      {
        schema: { tags, summary: 'Who is signed in (does not extend the session)', response: { 200: sessionSchema } },
        config: { passiveSession: true },
      },
      async (request): Promise<SessionInfo> =>
        request.auth
          ? sessionInfo(request.auth, request.auth.idleExpiresAt)
          : { user: null, idleExpiresAt: null, absoluteExpiresAt: null },
    );

    app.post(
      '/api/auth/session/refresh',
      { schema: { tags, summary: '"Stay signed in": counts as activity', response: { 200: sessionSchema } } },
      async (request): Promise<SessionInfo> => {
        const auth = request.auth;
        if (!auth) throw new AppError('UNAUTHENTICATED', messages.auth.sessionExpired);
        const now = deps.clock();
        await touchSession(deps.db, auth.sessionId, now);
        return sessionInfo(auth, idleDeadline(config, now));
      },
    );

    app.post(
      '/api/auth/sign-in',
      {
        schema: {
          tags,
          summary: 'Sign-in step 1: e-mail and password',
          body: signInSchema,
          response: { 200: signInChallengeSchema },
        },
        config: perMinute,
      },
      async (request, reply) => {
        const { attemptToken, challenge } = await startSignIn(deps, request.body, requestMeta(request));
        reply.setCookie(names.signIn, attemptToken, cookieOptions(config.secureCookies, ATTEMPT_COOKIE_SECONDS));
        return challenge;
      },
    );

    app.post(
      '/api/auth/resend-code',
      {
        schema: {
          tags,
          summary: 'E-mail a new sign-in code',
          response: { 200: z.object({ message: z.string(), expiresAt: z.string() }) },
        },
        config: perMinute,
      },
      async (request) => resendSignInCode(deps, request.cookies[names.signIn], requestMeta(request)),
    );

    app.post(
      '/api/auth/verify',
      {
        schema: {
          tags,
          summary: 'Sign-in step 2: the 6-digit code or a backup code',
          body: verifyCodeSchema,
          response: { 200: signInResultSchema },
        },
        config: perMinute,
      },
      async (request, reply) => {
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
          reply.clearCookie(names.signIn, { path: '/' });
          reply.setCookie(names.session, sessionToken, cookieOptions(config.secureCookies));
          reply.setCookie(names.device, deviceToken, cookieOptions(config.secureCookies, DEVICE_COOKIE_SECONDS));
          return result;
        } catch (error) {
          if (error instanceof AppError && error.code === 'SIGN_IN_EXPIRED')
            reply.clearCookie(names.signIn, { path: '/' });
          throw error;
        }
      },
    );

    app.post('/api/auth/sign-out', { schema: { tags, summary: 'End this session' } }, async (request, reply) => {
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
      reply.clearCookie(names.session, { path: '/' });
      return reply.status(204).send();
    });

    app.post(
      '/api/auth/password-reset',
      {
        schema: {
          tags,
          summary: 'E-mail a password reset link (same answer for any address)',
          body: passwordResetRequestSchema,
          response: { 202: messageResultSchema },
        },
        config: { rateLimit: { max: config.security.authRateLimit, timeWindow: 15 * 60_000 } },
      },
      async (request, reply) =>
        reply.status(202).send(await requestPasswordReset(deps, request.body.email, requestMeta(request))),
    );

    app.post(
      '/api/auth/password-reset/confirm',
      {
        schema: {
          tags,
          summary: 'Set a new password from a reset link',
          body: passwordResetConfirmSchema,
          response: { 200: messageResultSchema },
        },
        config: perMinute,
      },
      async (request) => confirmPasswordReset(deps, request.body, requestMeta(request)),
    );
  };
