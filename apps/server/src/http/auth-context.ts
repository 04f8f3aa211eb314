import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messages } from '@mutual/shared';
import type { AppDeps } from '../deps';
import type { Actor, RequestMeta } from '../modules/audit/record-audit';
import { type ActiveSession, resolveSession } from '../modules/auth/sessions';
import { AppError } from '../errors';
import { isApiRequest } from './routed-path';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, or null. Set for every /api request before any handler runs. */
    auth: ActiveSession | null;
  }
  interface FastifyContextConfig {
    /** A status check that must not count as activity (it would keep an idle session alive). */
    passiveSession?: boolean;
  }
}

export interface CookieNames {
  session: string;
  signIn: string;
  device: string;
}

/** `__Host-` cookies need HTTPS; plain-HTTP development (localhost) uses unprefixed names. */
export function cookieNames(secure: boolean): CookieNames {
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}mutual_session`, signIn: `${prefix}mutual_signin`, device: `${prefix}mutual_device` };
}

export function cookieOptions(secure: boolean, maxAgeSeconds?: number) {
  return {
    path: '/',
    httpOnly: true,
    secure,
    sameSite: 'lax' as const,
    ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
  };
}

export function registerAuthContext(app: FastifyInstance, deps: AppDeps) {
  const names = cookieNames(deps.config.secureCookies);
  app.decorateRequest('auth', null);
  app.addHook('preValidation', async (request) => {
    request.auth = null;
    if (!isApiRequest(request)) return;
    const token = request.cookies[names.session];
    if (!token) return;
    const touch = !request.routeOptions.config.passiveSession;
    request.auth = await resolveSession(deps.db, deps.config, token, deps.clock(), touch);
  });
}

export function requestMeta(request: FastifyRequest): RequestMeta {
  return { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export function actorOf(session: ActiveSession): Actor {
  return { userId: session.user.id, email: session.user.email };
}

/** The signed-in session, or a 401. */
export function signedIn(request: FastifyRequest): ActiveSession {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', messages.auth.sessionExpired);
  return request.auth;
}

/** The signed-in person, or a 401. */
export function signedInUser(request: FastifyRequest): ActiveSession['user'] {
  return signedIn(request).user;
}

/** Who acts (the signed-in caller) and from where: the last two arguments of an audited action. */
export function actorAndMeta(request: FastifyRequest): [Actor, RequestMeta] {
  return [actorOf(signedIn(request)), requestMeta(request)];
}

/**
 * Route guards: every API route states who may call it. They run as preValidation hooks, after the
 * session is resolved; a member can never reach another member's rows because member routes
 * only ever read `request.auth.user.id`.
 */
/**
 * Whether a signed-in person may act as staff: the staff role, and an authenticator where the
 * credit union requires one (REQUIRE_STAFF_TOTP). Until they enrol, staff are only themselves.
 */
export function actsAsStaff(user: Pick<ActiveSession['user'], 'role' | 'totpEnabledAt'>, requireTotp: boolean) {
  return user.role === 'admin' && (!requireTotp || user.totpEnabledAt !== null);
}

export const guards = {
  signedIn: async (request: FastifyRequest, _reply: FastifyReply) => {
    signedIn(request);
  },
  /** Approved members (and staff, who have everything a member has). */
  member: async (request: FastifyRequest, _reply: FastifyReply) => {
    const { user } = signedIn(request);
    const isMember = user.role === 'user' && (user.status === 'approved' || user.status === 'active');
    if (!isMember && user.role !== 'admin')
      throw new AppError('FORBIDDEN', 'This is available to approved members only.');
  },
  /** Members with accounts of their own: money routes. Staff sign-ins hold no member accounts. */
  accountHolder: async (request: FastifyRequest, _reply: FastifyReply) => {
    const { user } = signedIn(request);
    const isMember = user.role === 'user' && (user.status === 'approved' || user.status === 'active');
    if (!isMember) throw new AppError('FORBIDDEN', 'This is available to members with accounts only.');
  },
  applicant: async (request: FastifyRequest, _reply: FastifyReply) => {
    const { user } = signedIn(request);
    if (user.role !== 'pending') throw new AppError('FORBIDDEN', 'This is available to applicants only.');
  },
  staffFor: (requireTotp: boolean) => async (request: FastifyRequest, _reply: FastifyReply) => {
    const { user } = signedIn(request);
    if (user.role !== 'admin') throw new AppError('FORBIDDEN', 'This is available to staff only.');
    if (!actsAsStaff(user, requireTotp)) throw new AppError('FORBIDDEN', messages.auth.staffTotpRequired);
  },
};
