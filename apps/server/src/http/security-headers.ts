import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config';
import { isApiRequest } from './routed-path';

/**
 * Security headers for every response. Styles allow 'unsafe-inline' because the dialog and
 * popover primitives inject small <style> elements at run time; scripts never run inline.
 * The only third party that can ever be framed is the optional market embed.
 *
 * helmet computes the header values once, here; each request only sets them. (The Fastify
 * wrapper built helmet's middleware again for every request: a tenth of a transfer's time in
 * the app.) API answers are never cached; a route may say more (`private, no-store`).
 */
export function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const frameSrc = config.market.embedUrl ? [new URL(config.market.embedUrl).origin] : ["'none'"];
  const setHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameSrc,
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.isProduction ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiRequest(request)) reply.header('Cache-Control', 'no-store');
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
