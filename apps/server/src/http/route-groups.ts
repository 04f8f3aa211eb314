import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { guards } from './auth-context';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type Register = (app: ZodApp, deps: AppDeps) => Promise<void>;

/** A group of routes behind one guard: `register` declares them in a scope where every route first passes it. */
const guardedRoutes =
  (guardFor: (deps: AppDeps) => Guard) =>
  (register: Register) =>
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', guardFor(deps));
    await register(app, deps);
  };

/** Routes for anyone signed in (member, applicant or staff); some narrow it further. */
export const signedInRoutes = guardedRoutes(() => guards.signedIn);

/** Staff-only routes: the caller is staff (with an authenticator, when the configuration requires it). */
export const staffRoutes = guardedRoutes((deps) => guards.staffFor(deps.config.security.requireStaffTotp));

/** Routes for members with accounts of their own (money routes); every look-up is by the caller's id. */
export const accountHolderRoutes = guardedRoutes(() => guards.accountHolder);
