import { type LiveEvent, messages } from '@mutual/shared';
import { liveApi as api } from '@mutual/shared/contract/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { cookieNames, guards, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import type { SlotLeases } from '../../http/held-slots';
import { type StreamCap, type StreamCaps, streamCaps } from '../../http/stream-caps';
import { isDatabaseUnavailable } from '../../db/errors';
import { resolveSession } from '../auth/sessions';
import type { LiveHub } from './live-hub';

const PING_MS = 25_000;

/** Every open stream holds a socket and a file descriptor: so many per browser, member and instance. */
export const liveStreamCaps = (config: AppDeps['config'], leases: SlotLeases, onRefused?: (cap: StreamCap) => void) =>
  streamCaps(
    'live',
    config.limits.liveStreams,
    {
      inSession: messages.live.tooManyInSession,
      forMember: messages.live.tooManyForMember,
      full: messages.live.full,
    },
    leases,
    onRefused,
  );

/**
 * `GET /api/me/events`: a server-sent event stream telling the signed-in person's pages that their
 * money or notifications changed, so the dashboard refetches without a reload. It carries no data
 * of its own (the page asks the API, with its usual checks), does not count as activity, and ends
 * when the session does. Contract: packages/shared/src/contract/live.ts.
 */
export const liveRoutes =
  (deps: AppDeps, hub: LiveHub, caps: StreamCaps): FastifyPluginAsyncZod =>
  async (app) => {
    const sessionCookie = cookieNames(deps.config.secureCookies).session;
    const open = new Set<() => void>();
    // Streams never go idle, so the server would wait for them forever on shutdown: they are ended
    // before it stops (`preClose`: `onClose` runs only once every connection has ended), each
    // giving its slot back.
    app.addHook('preClose', async () => {
      for (const close of [...open]) close();
    });

    app.route({
      ...routeOf(api.events),
      preValidation: guards.signedIn,
      config: { passiveSession: true, rateLimit: false },
      handler: async (request, reply) => {
        const { user } = signedIn(request);
        const token = request.cookies[sessionCookie] ?? '';
        // Counted across instances; a slot whose lease lapsed (the shared store away too long) ends its stream.
        const release = await caps.take({ session: token, member: user.id }, () => close());
        reply.hijack();
        // The browser may have gone while the slot was taken.
        if (reply.raw.destroyed || request.raw.socket?.destroyed) return release();
        const res = reply.raw;
        res.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write('retry: 5000\n\n');

        // Whatever goes out goes to a session that is still on: one ended elsewhere (signed out,
        // ended under Sessions, a password change, a staff hold) is told `session-ended`, which
        // says nothing else, and its stream closes, at its next event or ping. A database that is
        // away (a restart) does not end it: the page refetches when the live connection is back.
        const whileSignedIn = (write: () => void) =>
          void resolveSession(deps.db, deps.config, token, deps.clock(), false)
            .then((session) => {
              if (!open.has(close)) return;
              if (session) return write();
              res.write('event: session-ended\ndata: {}\n\n');
              close();
            })
            .catch((error: unknown) => {
              if (!isDatabaseUnavailable(error)) close();
            });
        const send = (event: LiveEvent) =>
          whileSignedIn(() => res.write(`event: ${event.kind}\ndata: ${JSON.stringify(event)}\n\n`));
        const unsubscribe = hub.subscribe(user.id, send);
        const ping = setInterval(() => whileSignedIn(() => res.write(': ping\n\n')), PING_MS);
        function close() {
          if (!open.delete(close)) return;
          clearInterval(ping);
          unsubscribe();
          release();
          res.end();
        }
        open.add(close);
        request.raw.on('close', close);
      },
    });
  };
