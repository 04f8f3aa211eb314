import { depositRequestSchema, IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { depositsApi as api } from '@mutual/shared/contract/deposits';
import { actorAndMeta, requestMeta, signedInUser } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { readMultipart } from '../../http/multipart';
import { sendStoredAnswer } from '../../http/stored-answer';
import { accountHolderRoutes, staffRoutes } from '../../http/route-groups';
import { staffDepositDetail, staffDeposits } from './deposit-view';
import { approveDeposit, rejectDeposit, returnDeposit } from './review-deposit';
import { depositOverview, submitDeposit } from './submit-deposit';

/**
 * Mobile Deposit (contract: packages/shared/src/contract/deposits.ts). Account holders only;
 * every look-up is by the signed-in member's id. Photos are served by the files route, to their
 * member and to staff.
 */
export const depositRoutes = accountHolderRoutes(async (app, deps) => {
  const maxBytes = deps.config.deposits.imageMaxBytes;

  app.route({
    ...routeOf(api.overview),
    handler: async (request) => depositOverview(deps, signedInUser(request), request.query.page),
  });

  app.route({
    ...routeOf(api.submit),
    // Two photos and the form; each photo is refused at the limit while it streams in.
    bodyLimit: 2 * maxBytes + 64 * 1024,
    // Each upload is decoded and re-encoded: a member cannot keep the server busy with them.
    config: { rateLimit: { max: deps.config.deposits.ratePerMinute, timeWindow: 60_000 } },
    handler: async (request, reply) => {
      const tooLarge = messages.deposits.imageTooLarge(Math.floor(maxBytes / (1024 * 1024)));
      const { data, files } = await readMultipart(request, {
        jsonPart: { name: 'deposit', schema: depositRequestSchema },
        files: { front: { maxBytes, tooLarge }, back: { maxBytes, tooLarge } },
      });
      const answer = await submitDeposit(
        deps,
        { member: signedInUser(request), key: request.headers[IDEMPOTENCY_HEADER], meta: requestMeta(request) },
        data,
        files,
      );
      return sendStoredAnswer(reply, answer);
    },
  });
});

/** The deposit review queue (`/admin/deposits`). Staff only. */
export const staffDepositRoutes = staffRoutes(async (app, deps) => {
  app.route({
    ...routeOf(api.staffList),
    handler: async (request) => staffDeposits(deps.db, request.query.status, request.query.page),
  });
  app.route({
    ...routeOf(api.staffDetail),
    handler: async (request) => staffDepositDetail(deps.db, request.params.id),
  });
  app.route({
    ...routeOf(api.approve),
    handler: async (request) => approveDeposit(deps, request.params.id, ...actorAndMeta(request)),
  });
  app.route({
    ...routeOf(api.reject),
    handler: async (request) => rejectDeposit(deps, request.params.id, request.body.reason, ...actorAndMeta(request)),
  });
  app.route({
    ...routeOf(api.returnItem),
    handler: async (request) => returnDeposit(deps, request.params.id, request.body.reason, ...actorAndMeta(request)),
  });
});
