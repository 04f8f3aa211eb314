import { messages } from '@mutual/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import type { Config } from '../config';
import type { SlotLeases } from './held-slots';
import { type StreamCap, type StreamCaps, streamCaps } from './stream-caps';

/**
 * An upload (a multipart body: check photos, an ID document, a profile picture) holds a socket and
 * a parser with a partly buffered file while it is received: so many per browser, per member (per
 * address before sign-in) and per instance (UPLOADS_*), counted across instances like live streams.
 */
export const uploadCaps = (config: Config, leases: SlotLeases, onRefused?: (cap: StreamCap) => void) =>
  streamCaps(
    'uploads',
    config.limits.uploads,
    {
      inSession: messages.uploads.inSession,
      forMember: messages.uploads.forMember,
      fromAddress: messages.uploads.fromAddress,
      full: messages.uploads.full,
    },
    leases,
    onRefused,
  );

/** A route whose body is multipart: read by the route itself, part by part (`http/multipart.ts`). */
function isUpload(route: RouteOptions): boolean {
  const consumes = (route.schema as { consumes?: unknown } | undefined)?.consumes;
  return Array.isArray(consumes) && consumes.includes('multipart/form-data');
}

/**
 * Every upload route, whoever declares it, takes an upload slot after its guard and before its
 * body is read, and gives it back when its answer is sent or its connection closes (finished,
 * refused, failed or abandoned). Register before the routes.
 *
 * Unlike a live stream, an upload is not ended when its slot's lease lapses (the shared store was
 * away longer than SLOT_LEASE_SECONDS): a member's check photos half sent are not cut off for an
 * outage of ours, and the upload ends by itself within REQUEST_TIMEOUT_SECONDS anyway.
 */
export function capUploads(app: FastifyInstance, caps: StreamCaps, sessionCookie: string) {
  const hold = async (request: FastifyRequest, reply: FastifyReply) => {
    const holder = request.auth
      ? { session: request.cookies[sessionCookie] ?? '', member: request.auth.user.id }
      : { address: request.ip };
    const release = await caps.take(holder);
    const res = reply.raw;
    // The caller may have gone while the slot was taken.
    if (res.destroyed || res.writableEnded) return release();
    res.once('finish', release).once('close', release);
  };
  app.addHook('onRoute', (route) => {
    if (!isUpload(route)) return;
    const own = route.preHandler ? [route.preHandler].flat() : [];
    route.preHandler = [...own, hold as preHandlerHookHandler];
  });
}
