import type { FastifyRequest } from 'fastify';

/**
 * The path a request is served by, as the router understood it. The router decodes percent
 * escapes (`/%61pi/auth/sign-in` reaches the sign-in route), so a rule that reads `request.url`
 * as it was typed can be walked around by spelling the path another way. Rules go by this
 * instead: the pattern of the route that matched, or where none did (a page of the web app, a
 * 404) the path decoded the same way.
 */
export function routedPath(request: FastifyRequest): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  const pathname = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

/** Whether a request is for the API (`/api/…`), however its path was spelled. */
export const isApiRequest = (request: FastifyRequest) => routedPath(request).startsWith('/api/');
