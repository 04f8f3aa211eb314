import { IDEMPOTENCY_HEADER } from '@mutual/shared';
import { transfersApi as api } from '@mutual/shared/contract/transfers';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { requestMeta, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { accountHolderRoutes } from '../../http/route-groups';
import { sendStoredAnswer } from '../../http/stored-answer';
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
  member: signedInUser(request),
  key,
  meta: requestMeta(request),
});

type IdempotentRequest<Body> = FastifyRequest & { body: Body; headers: { [IDEMPOTENCY_HEADER]: string } };

/** The handler of a route that moves money: the service runs the member's request once per Idempotency-Key. */
const moneyHandler =
  <Body>(deps: AppDeps, create: (deps: AppDeps, caller: TransferCaller, body: Body) => Promise<IdempotentAnswer>) =>
  async (request: IdempotentRequest<Body>, reply: FastifyReply) =>
    sendStoredAnswer(reply, await create(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body));

/**
 * The four transfer forms of the dashboard (contract: packages/shared/src/contract/transfers.ts).
 * Each body is parsed by the same schema the form uses; each money-moving call carries an
 * Idempotency-Key; the services decide everything else.
 */
export const transferRoutes = accountHolderRoutes(async (app, deps) => {
  app.route({ ...routeOf(api.internal), handler: moneyHandler(deps, createInternalTransfer) });

  app.route({
    ...routeOf(api.recipient),
    config: {
      rateLimit: {
        max: deps.config.limits.recipientLookupsPerMinute,
        timeWindow: 60_000,
        // Per member, whichever session or instance asks: counted once the session is known
        // (signing in again does not start the count over).
        hook: 'preHandler',
        keyGenerator: (request) => `recipient:${signedInUser(request).id}`,
      },
    },
    handler: async (request) => verifyRecipient(deps.db, signedInUser(request), request.body.email),
  });

  app.route({ ...routeOf(api.user), handler: moneyHandler(deps, createUserTransfer) });

  app.route({
    ...routeOf(api.externalChallenge),
    config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const challenge = await createExternalChallenge(
        deps,
        signedInUser(request),
        request.body,
        externalPayloadHash(request.body),
        requestMeta(request),
      );
      return reply.status(201).send(challenge);
    },
  });

  app.route({
    ...routeOf(api.external),
    config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
    handler: moneyHandler(deps, createExternalTransfer),
  });

  app.route({ ...routeOf(api.international), handler: moneyHandler(deps, createInternationalTransfer) });
});
