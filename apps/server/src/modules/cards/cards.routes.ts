import { messages, PROCESSOR_SIGNATURE_HEADER, PROCESSOR_TIMESTAMP_HEADER } from '@mutual/shared';
import { cardsApi as api } from '@mutual/shared/contract/cards';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { actorOf, requestMeta, signedIn, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { accountHolderRoutes } from '../../http/route-groups';
import { authorizePurchase } from './authorize';
import { requestCardCode, verifyCardCode } from './card-codes';
import {
  activateCard,
  type CardCaller,
  changeCardPin,
  lockCard,
  reportCardLost,
  setCardLimits,
  unlockCard,
  viewCardDetails,
} from './card-controls';
import { cardsOverview, cardStatement, memberCard } from './card-view';
import { verifyProcessorRequest } from './processor-signature';
import { refundPurchase } from './refund';
import { clearAuthorization, reverseAuthorization } from './settle';

declare module 'fastify' {
  interface FastifyRequest {
    /** The processor routes' body as received: what its signature covers. */
    rawBody?: string;
  }
}

/**
 * The Cards panel (contract: packages/shared/src/contract/cards.ts). Account holders only; every
 * card is looked up with the signed-in member's id, so another member's card is "not found".
 */
export const cardRoutes = accountHolderRoutes(async (app, deps) => {
  const caller = (request: FastifyRequest): CardCaller => {
    const session = signedIn(request);
    return { member: session.user, actor: actorOf(session), meta: requestMeta(request) };
  };
  // Card codes are e-mailed and guessable six digits: as the sign-in code's routes.
  const codeLimit = { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } };

  app.route({ ...routeOf(api.overview), handler: async (request) => cardsOverview(deps, signedInUser(request)) });
  app.route({
    ...routeOf(api.statement),
    handler: async (request) => cardStatement(deps, signedInUser(request), request.params.cardId, request.query.month),
  });
  app.route({
    ...routeOf(api.lock),
    handler: async (request) => lockCard(deps, caller(request), request.params.cardId),
  });
  app.route({
    ...routeOf(api.unlock),
    handler: async (request) => unlockCard(deps, caller(request), request.params.cardId),
  });
  app.route({
    ...routeOf(api.reportLost),
    handler: async (request) => reportCardLost(deps, caller(request), request.params.cardId, request.body),
  });
  app.route({
    ...routeOf(api.activate),
    config: codeLimit,
    handler: async (request) => activateCard(deps, caller(request), request.params.cardId, request.body),
  });
  // Asking for a card code counts only when a code is to be made: opening the modal again while the
  // code sent before still works answers that code, sends nothing and is not counted (card-codes.ts).
  // The count is taken outside the code's transaction (the limiter may be the database), so openings
  // racing before the first code exists are each counted, though only one sends. The route itself
  // keeps the global limit.
  const codeSends = app.createRateLimit({
    max: deps.config.security.authRateLimit,
    timeWindow: 60_000,
    keyGenerator: (request) => `card-codes:${request.ip}`,
  });
  app.route({
    ...routeOf(api.requestCode),
    handler: async (request, reply) => {
      const member = signedInUser(request);
      const card = await memberCard(deps.db, member.id, request.params.cardId);
      const beforeSending = async () => {
        const limit = await codeSends(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        void reply.header('retry-after', String(limit.ttlInSeconds));
        throw new AppError('RATE_LIMITED', messages.generic.rateLimited);
      };
      const { action, fresh = false } = request.body;
      const ask = { action, fresh, beforeSending, meta: requestMeta(request) };
      return reply.status(201).send(await requestCardCode(deps, member, card, ask));
    },
  });
  app.route({
    ...routeOf(api.verifyCode),
    config: codeLimit,
    handler: async (request) => {
      const card = await memberCard(deps.db, signedInUser(request).id, request.params.cardId);
      const { action, challengeId, otp } = request.body;
      await verifyCardCode(deps, caller(request), card, action, challengeId, otp);
      return { verified: true as const };
    },
  });
  app.route({
    ...routeOf(api.changePin),
    handler: async (request) => changeCardPin(deps, caller(request), request.params.cardId, request.body),
  });
  app.route({
    ...routeOf(api.setLimits),
    handler: async (request) => setCardLimits(deps, caller(request), request.params.cardId, request.body),
  });
  app.route({
    ...routeOf(api.details),
    handler: async (request) => viewCardDetails(deps, caller(request), request.params.cardId, request.body.challengeId),
  });
});

/**
 * The card processor's interface. No session: each request is signed (processor-signature.ts),
 * checked before its body is even validated, over the body exactly as it arrived.
 */
export const processorRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      request.rawBody = text;
      try {
        done(null, JSON.parse(text));
      } catch {
        const error = new Error('The body is not valid JSON.') as Error & { statusCode: number };
        error.statusCode = 400;
        done(error, undefined);
      }
    });
    app.addHook('preValidation', async (request) => {
      const header = (name: string) => {
        const value = request.headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      await verifyProcessorRequest(deps.db, {
        secret: deps.cardKeys.processorSecret,
        timestamp: header(PROCESSOR_TIMESTAMP_HEADER),
        signature: header(PROCESSOR_SIGNATURE_HEADER),
        rawBody: request.rawBody ?? '',
        now: deps.clock(),
        toleranceSeconds: deps.config.cards.processorToleranceSeconds,
      });
    });
    app.route({ ...routeOf(api.authorize), handler: async (request) => authorizePurchase(deps, request.body) });
    app.route({ ...routeOf(api.clear), handler: async (request) => clearAuthorization(deps, request.body) });
    app.route({ ...routeOf(api.reverse), handler: async (request) => reverseAuthorization(deps, request.body) });
    app.route({ ...routeOf(api.refund), handler: async (request) => refundPurchase(deps, request.body) });
  };
