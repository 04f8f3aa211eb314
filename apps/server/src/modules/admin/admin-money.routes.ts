import { type addedTransactionsSchema, IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { adminMoneyApi as api } from '@mutual/shared/contract/admin-money';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { listTransactions } from '../accounts/list-transactions';
import { loadUser } from '../people/users';
import { editAccount } from './edit-account';
import { completePendingTransaction, reverseAllMemberTransactions, reverseMemberTransaction } from './staff-reversals';
import { addTransactions, previewTransactions } from './staff-transactions';

/** A full batch (STAFF_TRANSACTIONS_MAX rows, long descriptions) is far above the app-wide 64 KiB. */
const batchBodyLimit = 1024 * 1024;

/**
 * Staff work on a member's money (contract: packages/shared/src/contract/admin-money.ts). Every
 * change goes through the ledger with a reason and an audit row; nothing is deleted.
 */
export const adminMoneyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));
    const member = (id: string) =>
      loadUser(deps.db, id).catch(() => Promise.reject(new AppError('NOT_FOUND', messages.admin.userNotFound)));
    const staff = (request: Parameters<typeof signedIn>[0]) => ({
      actor: actorOf(signedIn(request)),
      meta: requestMeta(request),
    });

    app.route({
      ...routeOf(api.editAccount),
      handler: async (request) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        return editAccount(deps, user.id, request.params.accountId, request.body, actor, meta);
      },
    });

    app.route({
      ...routeOf(api.transactions),
      handler: async (request) =>
        listTransactions(deps.db, (await member(request.params.id)).id, request.query, deps.config.timeZone),
    });

    app.route({
      ...routeOf(api.preview),
      bodyLimit: batchBodyLimit,
      handler: async (request) => previewTransactions(deps, await member(request.params.id), request.body.rows),
    });

    app.route({
      ...routeOf(api.addTransactions),
      bodyLimit: batchBodyLimit,
      handler: async (request, reply) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        const answer = await addTransactions(
          deps,
          user,
          request.body,
          request.headers[IDEMPOTENCY_HEADER],
          actor,
          meta,
        );
        if (answer.replayed) reply.header('idempotent-replayed', 'true');
        // Refusals are thrown, not stored, so every answer here (first or replayed) is the 201.
        return reply.status(201).send(answer.body as z.infer<typeof addedTransactionsSchema>);
      },
    });

    app.route({
      ...routeOf(api.reverseAll),
      handler: async (request) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        return reverseAllMemberTransactions(deps, user, request.body.reason, actor, meta);
      },
    });

    app.route({
      ...routeOf(api.reverse),
      handler: async (request) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        return reverseMemberTransaction(deps, user, request.params.transferId, request.body.reason, actor, meta);
      },
    });

    app.route({
      ...routeOf(api.complete),
      handler: async (request) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        return completePendingTransaction(deps, user, request.params.transferId, actor, meta);
      },
    });
  };
