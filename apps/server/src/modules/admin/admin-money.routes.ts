import {
  accountEditSchema,
  addedTransactionsSchema,
  addTransactionsSchema,
  IDEMPOTENCY_HEADER,
  idempotencyKeySchema,
  messageResultSchema,
  messages,
  reversalSchema,
  reversedAllSchema,
  transactionPageSchema,
  transactionPreviewRequestSchema,
  transactionPreviewSchema,
  transactionQuerySchema,
} from '@mutual/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { actorOf, guards, requestMeta, signedIn } from '../../http/auth-context';
import { listTransactions } from '../accounts/list-transactions';
import { loadUser } from '../people/users';
import { editAccount } from './edit-account';
import { completePendingTransaction, reverseAllMemberTransactions, reverseMemberTransaction } from './staff-reversals';
import { addTransactions, previewTransactions } from './staff-transactions';

const userParams = z.object({ id: z.uuid({ error: messages.admin.userNotFound }) });
const accountParams = userParams.extend({ accountId: z.uuid({ error: messages.transfers.accountNotFound }) });
const transferParams = userParams.extend({ transferId: z.uuid({ error: messages.admin.transactionNotFound }) });
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });
/** A full batch (STAFF_TRANSACTIONS_MAX rows, long descriptions) is far above the app-wide 64 KiB. */
const batchBodyLimit = 1024 * 1024;

/**
 * Staff work on a member's money (contract: packages/shared/src/admin-money.ts). Every change goes
 * through the ledger with a reason and an audit row; nothing is deleted.
 */
export const adminMoneyRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['admin'];
    app.addHook('preValidation', guards.staffFor(deps.config.security.requireStaffTotp));
    const member = (id: string) =>
      loadUser(deps.db, id).catch(() => Promise.reject(new AppError('NOT_FOUND', messages.admin.userNotFound)));
    const staff = (request: Parameters<typeof signedIn>[0]) => ({
      actor: actorOf(signedIn(request)),
      meta: requestMeta(request),
    });

    app.patch(
      '/api/admin/users/:id/accounts/:accountId',
      {
        schema: {
          tags,
          summary: 'Change an account number or routing number',
          params: accountParams,
          body: accountEditSchema,
          response: { 200: messageResultSchema },
        },
      },
      async (request) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        return editAccount(deps, user.id, request.params.accountId, request.body, actor, meta);
      },
    );

    app.get(
      '/api/admin/users/:id/transactions',
      {
        schema: {
          tags,
          summary: "A member's transactions, corrections included when asked",
          params: userParams,
          querystring: transactionQuerySchema,
          response: { 200: transactionPageSchema },
        },
      },
      async (request) =>
        listTransactions(deps.db, (await member(request.params.id)).id, request.query, deps.config.timeZone),
    );

    app.post(
      '/api/admin/users/:id/transactions/preview',
      {
        schema: {
          tags,
          summary: 'Dry run of a batch: every row’s problems; nothing is posted',
          params: userParams,
          body: transactionPreviewRequestSchema,
          response: { 200: transactionPreviewSchema },
        },
        bodyLimit: batchBodyLimit,
      },
      async (request) => previewTransactions(deps, await member(request.params.id), request.body.rows),
    );

    app.post(
      '/api/admin/users/:id/transactions',
      {
        schema: {
          tags,
          summary: 'Add transactions (rows or CSV): all or nothing, once per Idempotency-Key',
          params: userParams,
          headers: idempotencyHeaders,
          body: addTransactionsSchema,
          response: { 201: addedTransactionsSchema },
        },
        bodyLimit: batchBodyLimit,
      },
      async (request, reply) => {
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
    );

    app.post(
      '/api/admin/users/:id/transactions/reverse-all',
      {
        schema: {
          tags,
          summary: 'Delete User Transactions: reverse every transaction of the member',
          params: userParams,
          body: reversalSchema,
          response: { 200: reversedAllSchema },
        },
      },
      async (request) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        return reverseAllMemberTransactions(deps, user, request.body.reason, actor, meta);
      },
    );

    app.post(
      '/api/admin/users/:id/transactions/:transferId/reverse',
      {
        schema: {
          tags,
          summary: 'Delete a transaction: post its reversal (or void it while pending)',
          params: transferParams,
          body: reversalSchema,
          response: { 200: messageResultSchema },
        },
      },
      async (request) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        return reverseMemberTransaction(deps, user, request.params.transferId, request.body.reason, actor, meta);
      },
    );

    app.post(
      '/api/admin/users/:id/transactions/:transferId/complete',
      {
        schema: {
          tags,
          summary: 'Post a staff-entered pending transaction',
          params: transferParams,
          response: { 200: messageResultSchema },
        },
      },
      async (request) => {
        const user = await member(request.params.id);
        const { actor, meta } = staff(request);
        return completePendingTransaction(deps, user, request.params.transferId, actor, meta);
      },
    );
  };
