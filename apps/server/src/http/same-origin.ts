import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { isApiRequest } from './routed-path';

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * CSRF defence for every state-changing API call: a browser always sends `Origin` (and
 * `Sec-Fetch-Site`) on such requests, so a request from another site is refused before any
 * handler runs. Non-browser clients that send neither are allowed; they carry no ambient cookie
 * authority of a victim.
 */
export function registerSameOriginCheck(app: FastifyInstance, publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!unsafeMethods.has(request.method) || !isApiRequest(request)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite === 'cross-site' || fetchSite === 'same-site') {
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== allowed && origin !== ownOrigin) {
      throw new AppError('FORBIDDEN', 'Cross-site requests are not allowed.');
    }
  });
}
