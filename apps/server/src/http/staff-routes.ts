import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../deps';
import { guards } from './auth-context';

type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A staff-only group of routes: `register` declares them in a scope where every route first
 * checks that the caller is staff (with an authenticator, when the configuration requires it).
 */
export const staffRoutes =
  (register: (app: ZodApp, deps: AppDeps) => Promise<void>) =>
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));
    await register(app, deps);
  };
