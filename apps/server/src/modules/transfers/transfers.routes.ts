import {
  externalTransferConfirmSchema,
  externalTransferSchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  internalTransferSchema,
  internationalTransferSchema,
  recipientSchema,
  transferChallengeSchema,
  transferResultSchema,
  userTransferSchema,
  verifyRecipientSchema,
} from '@mutual/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { cookieNames, guards, requestMeta, signedIn } from '../../http/auth-context';
import type { IdempotentAnswer } from '../ledger/idempotency';
import { createExternalTransfer } from './create-external-transfer';
import { createInternalTransfer } from './create-internal-transfer';
import { createInternationalTransfer } from './create-international-transfer';
import { createUserTransfer } from './create-user-transfer';
import type { TransferCaller } from './member-transfer';
import { createExternalChallenge, externalPayloadHash } from './external-challenge';
import { verifyRecipient } from './recipients';

const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

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
 * The four transfer forms of the dashboard. Each body is parsed by the same schema the form
 * uses; each money-moving call carries an Idempotency-Key; the services decide everything else.
 */
export const transferRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['transfers'];
    const preValidation = guards.accountHolder;
    const sessionCookie = cookieNames(deps.config.secureCookies).session;
    const created = { 201: transferResultSchema };

    app.post(
      '/api/transfers/internal',
      {
        schema: {
          tags,
          summary: 'Between Accounts: move money between my Checking and Savings',
          headers: idempotencyHeaders,
          body: internalTransferSchema,
          response: created,
        },
        preValidation,
      },
      async (request, reply) =>
        send(
          reply,
          await createInternalTransfer(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body),
        ),
    );

    app.post(
      '/api/transfers/recipient',
      {
        schema: {
          tags,
          summary: 'Verify a recipient by e-mail (rate-limited)',
          body: verifyRecipientSchema,
          response: { 200: recipientSchema },
        },
        preValidation,
        config: {
          rateLimit: {
            max: deps.config.limits.recipientLookupsPerMinute,
            timeWindow: 60_000,
            // Per signed-in session (the cookie is read before the session is), then per address.
            keyGenerator: (request) => `recipient:${request.cookies[sessionCookie] ?? request.ip}`,
          },
        },
      },
      async (request) => verifyRecipient(deps.db, signedIn(request).user, request.body.email),
    );

    app.post(
      '/api/transfers/user',
      {
        schema: {
          tags,
          summary: 'To a member of the credit union, into their Checking',
          headers: idempotencyHeaders,
          body: userTransferSchema,
          response: created,
        },
        preValidation,
      },
      async (request, reply) =>
        send(reply, await createUserTransfer(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body)),
    );

    app.post(
      '/api/transfers/external/challenge',
      {
        schema: {
          tags,
          summary: 'To US Bank, step 1: send the code for exactly this transfer',
          body: externalTransferSchema,
          response: { 201: transferChallengeSchema },
        },
        preValidation,
        config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
      },
      async (request, reply) => {
        const challenge = await createExternalChallenge(
          deps,
          signedIn(request).user,
          request.body,
          externalPayloadHash(request.body),
        );
        return reply.status(201).send(challenge);
      },
    );

    app.post(
      '/api/transfers/external',
      {
        schema: {
          tags,
          summary: 'To US Bank, step 2: confirm with the code; creates a pending ACH order',
          headers: idempotencyHeaders,
          body: externalTransferConfirmSchema,
          response: created,
        },
        preValidation,
        config: { rateLimit: { max: deps.config.security.authRateLimit, timeWindow: 60_000 } },
      },
      async (request, reply) =>
        send(
          reply,
          await createExternalTransfer(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body),
        ),
    );

    app.post(
      '/api/transfers/international',
      {
        schema: {
          tags,
          summary: 'International: a pending wire order holding the funds',
          headers: idempotencyHeaders,
          body: internationalTransferSchema,
          response: created,
        },
        preValidation,
      },
      async (request, reply) =>
        send(
          reply,
          await createInternationalTransfer(deps, caller(request, request.headers[IDEMPOTENCY_HEADER]), request.body),
        ),
    );
  };
