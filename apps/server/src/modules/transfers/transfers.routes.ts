import { IDEMPOTENCY_HEADER } from '@mutual/shared';
import { transfersApi as api } from '@mutual/shared/contract/transfers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { cookieNames, guards, requestMeta, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import type { IdempotentAnswer } from '../ledger/idempotency';
import { createExternalTransfer } from './create-external-transfer';
import { createInternalTransfer } from './create-internal-transfer';
import { createInternationalTransfer } from './create-international-transfer';
import { createUserTransfer } from './create-user-transfer';
import type { TransferCaller } from './member-transfer';
import { createExternalChallenge, externalPayloadHash } from './external-challenge';
import { verifyRecipient } from './recipients';

/** The signed-in member asking, with the request's Idempotency-Key (validated by the route's schema). */
const caller = (request: FastifyRequest, key: string): TransferCaller => ({
  member: signedIn(request).user,
  key,
  meta: requestMeta(request),
});

/** Sends a (possibly replayed) stored answer; a replay says so in a header. */
function send(reply: FastifyReply, answer: IdempotentAnswer) {
  if (answer.replayed) reply.header('idempotent-replayed', 'true');
  return reply.status(answer.statusCode).send(answer.body);
}

/**
 * The four transfer forms of the dashboard (contract: packages/shared/src/contract/transfers.ts).
 * Each body is parsed by the same schema the form uses; each money-moving call carries an
 * Idempotency-Key; the services decide everything else.
 */
export const transferRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const preValidation = guards.accountHolder;
    const sessionCookie = cookieNames(deps.config.secureCookies).session;

    app.route({
      ...routeOf(api.internal),
      preValidation,
      handler: async (request, reply) =>
        send(
          reply,
          await createInternalTransfer(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body),
        ),
    });

    app.route({
      ...routeOf(api.recipient),
      preValidation,
      config: {
        rateLimit: {
          max: deps.config.limits.recipientLookupsPerMinute,
          timeWindow: 60_000,
          // Per signed-in session (the cookie is read before the session is), then per address.
          keyGenerator: (request) => `recipient:${request.cookies[sessionCookie] ?? request.ip}`,
        },
      },
      handler: async (request) => verifyRecipient(deps.db, signedIn(request).user, request.body.email),
    });

    app.route({
      ...routeOf(api.user),
      preValidation,
      handler: async (request, reply) =>
        send(reply, await createUserTransfer(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body)),
    });

    app.route({
      ...routeOf(api.externalChallenge),
      preValidation,
      config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
      handler: async (request, reply) => {
        const challenge = await createExternalChallenge(
          deps,
          signedIn(request).user,
          request.body,
          externalPayloadHash(request.body),
        );
        return reply.status(201).send(challenge);
      },
    });

    app.route({
      ...routeOf(api.external),
      preValidation,
      config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
      handler: async (request, reply) =>
        send(
          reply,
          await createExternalTransfer(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body),
        ),
    });

    app.route({
      ...routeOf(api.international),
      preValidation,
      handler: async (request, reply) =>
        send(
          reply,
          await createInternationalTransfer(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body),
        ),
    });
  };
