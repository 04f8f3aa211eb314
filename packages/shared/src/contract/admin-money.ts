import { z } from 'zod';
import {
  accountEditSchema,
  addedTransactionsSchema,
  addTransactionsSchema,
  reversalSchema,
  reversedAllSchema,
  staffTransactionPageSchema,
  transactionPreviewRequestSchema,
  transactionPreviewSchema,
} from '../admin-money';
import { balanceAdjustmentSchema, userIdParamsSchema } from '../admin-users';
import { messageResultSchema } from '../auth';
import { messages } from '../messages';
import { transactionQuerySchema } from '../transactions';
import { idempotencyHeadersSchema } from '../transfers';
import { endpoint } from './endpoint';

const tags = ['admin'];
const accountParams = userIdParamsSchema.extend({ accountId: z.uuid({ error: messages.transfers.accountNotFound }) });
const transferParams = userIdParamsSchema.extend({ transferId: z.uuid({ error: messages.admin.transactionNotFound }) });

/**
 * Staff work on a member's money (spec §2 user detail, §4, §5 Admin; schemas in `../admin-money`):
 * editing an account and its balance, adding transactions by rows or CSV, and reversing
 * ("deleting") them. Staff only.
 */
export const adminMoneyApi = {
  editAccount: endpoint({
    method: 'PATCH',
    path: '/api/admin/users/:id/accounts/:accountId',
    tags,
    summary: 'Change an account number or routing number',
    params: accountParams,
    body: accountEditSchema,
    response: messageResultSchema,
  }),
  /** Registered with the member console's routes (`admin-users.routes.ts`). */
  setBalance: endpoint({
    method: 'PUT',
    path: '/api/admin/users/:id/accounts/:accountId/balance',
    tags,
    summary: 'Set an account balance: posts an adjustment for the difference, with a reason',
    params: accountParams,
    body: balanceAdjustmentSchema,
    multiLine: ['reason'],
    response: messageResultSchema,
  }),
  transactions: endpoint({
    method: 'GET',
    path: '/api/admin/users/:id/transactions',
    tags,
    summary: "A member's transactions, corrections included when asked, and what each pending one belongs to",
    params: userIdParamsSchema,
    query: transactionQuerySchema,
    response: staffTransactionPageSchema,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/transactions/preview',
    tags,
    summary: 'Dry run of a batch: every row’s problems; nothing is posted',
    params: userIdParamsSchema,
    body: transactionPreviewRequestSchema,
    response: transactionPreviewSchema,
  }),
  /** Answers `idempotent-replayed: true` when the key was seen before (nothing is posted again). */
  addTransactions: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/transactions',
    tags,
    summary: 'Add transactions (rows or CSV): all or nothing, once per Idempotency-Key',
    params: userIdParamsSchema,
    headers: idempotencyHeadersSchema,
    body: addTransactionsSchema,
    status: 201,
    response: addedTransactionsSchema,
  }),
  reverseAll: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/transactions/reverse-all',
    tags,
    summary: 'Delete User Transactions: reverse every transaction of the member',
    params: userIdParamsSchema,
    body: reversalSchema,
    response: reversedAllSchema,
  }),
  reverse: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/transactions/:transferId/reverse',
    tags,
    summary: 'Delete a transaction: post its reversal (or void it while pending)',
    params: transferParams,
    body: reversalSchema,
    multiLine: ['reason'],
    response: messageResultSchema,
  }),
  /** Refused (409) for a pending entry of a workflow with its own place (`pendingWorkflows`). */
  complete: endpoint({
    method: 'POST',
    path: '/api/admin/users/:id/transactions/:transferId/complete',
    tags,
    summary: 'Post a staff-entered pending transaction',
    params: transferParams,
    response: messageResultSchema,
  }),
};
