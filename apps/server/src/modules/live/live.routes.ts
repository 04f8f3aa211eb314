import { type LiveEvent, messages } from '@mutual/shared';
import { liveApi as api } from '@mutual/shared/contract/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { cookieNames, guards, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { isDatabaseUnavailable } from '../../db/errors';
import { resolveSession } from '../auth/sessions';
import { AppError } from '../../errors';
import type { LiveHub } from './live-hub';

const PING_MS = 25_000;

/**
 * `GET /api/me/events`: a server-sent event stream telling the signed-in person's pages that their
 * money or notifications changed, so the dashboard refetches without a reload. It carries no data
 * of its own (the page asks the API, with its usual checks), does not count as activity, and ends
 * when the session does. Contract: packages/shared/src/contract/live.ts.
 */
export const liveRoutes =
  (deps: AppDeps, hub: LiveHub): FastifyPluginAsyncZod =>
  async (app) => {
    const sessionCookie = cookieNames(deps.config.secureCookies).session;
    const open = new Set<() => void>();
    const caps = streamCaps(deps.config.limits.liveStreams);
    // Streams never go idle, so the server would wait for them forever on shutdown.
    app.addHook('onClose', async () => {
      for (const close of [...open]) close();
    });

    app.route({
      ...routeOf(api.events),
      preValidation: guards.signedIn,
      config: { passiveSession: true, rateLimit: false },
      handler: (request, reply) => {
        const { user } = signedIn(request);
        const token = request.cookies[sessionCookie] ?? '';
        const release = caps.take(user.id, token);
        reply.hijack();
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

/**
 * Every open stream holds a socket and a file descriptor, so there are at most so many per
 * signed-in session (browser tabs), per member (their devices) and on this instance in total:
 * one more is refused with 429 (or 503 when the instance is full) before anything is opened.
 */
export function streamCaps(limits: { perSession: number; perMember: number; total: number }) {
  const bySession = new Map<string, number>();
  const byMember = new Map<string, number>();
  let total = 0;
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next === 0) counts.delete(key);
    else counts.set(key, next);
  };
  return {
    /** Counts a stream in, or throws; the function returned counts it out (once). */
    take(memberId: string, session: string): () => void {
      if ((bySession.get(session) ?? 0) >= limits.perSession)
        throw new AppError('RATE_LIMITED', messages.live.tooManyInSession);
      if ((byMember.get(memberId) ?? 0) >= limits.perMember)
        throw new AppError('RATE_LIMITED', messages.live.tooManyForMember);
      if (total >= limits.total) throw new AppError('UNAVAILABLE', messages.live.full);
      add(bySession, session, 1);
      add(byMember, memberId, 1);
      total++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        add(bySession, session, -1);
        add(byMember, memberId, -1);
        total--;
      };
    },
    get open() {
      return total;
    },
  };
}
