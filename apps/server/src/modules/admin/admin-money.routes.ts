import { type addedTransactionsSchema, IDEMPOTENCY_HEADER, messages } from '@mutual/shared';
import { adminMoneyApi as api } from '@mutual/shared/contract/admin-money';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { actorOf, requestMeta, signedIn } from '../../http/auth-context';
import { routeOf } from '../../http/contract-route';
import { staffRoutes } from '../../http/route-groups';
import { listTransactions } from '../accounts/list-transactions';
import { loadUser } from '../people/users';
import { editAccount } from './edit-account';
import { withPendingWorkflows } from './pending-workflows';
import {
  completePendingTransaction,
  reverseAllMemberTransactions,
  reverseMemberTransaction,
  type StaffOnMember,
} from './staff-reversals';
import { addTransactions, previewTransactions } from './staff-transactions';

/** A full batch (STAFF_TRANSACTIONS_MAX rows, long descriptions) is far above the app-wide 64 KiB. */
const batchBodyLimit = 1024 * 1024;

/**
 * Staff work on a member's money (contract: packages/shared/src/contract/admin-money.ts). Every
 * change goes through the ledger with a reason and an audit row; nothing is deleted.
 */
export const adminMoneyRoutes = staffRoutes(async (app, deps) => {
  const member = (id: string) =>
    loadUser(deps.db, id).catch(() => Promise.reject(new AppError('NOT_FOUND', messages.admin.userNotFound)));
  /** The member a route names (404 if there is none), and the staff member acting on them, from where. */
  const staffOnMember = async (request: Parameters<typeof signedIn>[0], memberId: string): Promise<StaffOnMember> => ({
    user: await member(memberId),
    actor: actorOf(signedIn(request)),
    meta: requestMeta(request),
  });

  app.route({
    ...routeOf(api.editAccount),
    handler: async (request) => {
      const { user, actor, meta } = await staffOnMember(request, request.params.id);
      return editAccount(deps, user.id, request.params.accountId, request.body, actor, meta);
    },
  });

  app.route({
    ...routeOf(api.transactions),
    handler: async (request) =>
      withPendingWorkflows(
        deps.db,
        await listTransactions(deps.db, (await member(request.params.id)).id, request.query, deps.config.timeZone),
      ),
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
      const { user, actor, meta } = await staffOnMember(request, request.params.id);
      const answer = await addTransactions(deps, user, request.body, request.headers[IDEMPOTENCY_HEADER], actor, meta);
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      // Refusals are thrown, not stored, so every answer here (first or replayed) is the 201.
      return reply.status(201).send(answer.body as z.infer<typeof addedTransactionsSchema>);
    },
  });

  app.route({
    ...routeOf(api.reverseAll),
    handler: async (request) => {
      const staff = await staffOnMember(request, request.params.id);
      return reverseAllMemberTransactions(deps, staff, request.body.reason);
    },
  });

  app.route({
    ...routeOf(api.reverse),
    handler: async (request) => {
      const staff = await staffOnMember(request, request.params.id);
      return reverseMemberTransaction(deps, staff, request.params.transferId, request.body.reason);
    },
  });

  app.route({
    ...routeOf(api.complete),
    handler: async (request) => {
      const staff = await staffOnMember(request, request.params.id);
      return completePendingTransaction(deps, staff, request.params.transferId);
    },
  });
});
