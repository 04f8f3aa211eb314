import { z } from 'zod';
import {
  depositListQuerySchema,
  depositOverviewSchema,
  depositReasonSchema,
  depositRequestSchema,
  depositResultSchema,
  staffDepositDetailSchema,
  staffDepositListQuerySchema,
  staffDepositPageSchema,
  staffDepositResultSchema,
} from '../deposits';
import { messages } from '../messages';
import { idParams } from '../path-params';
import { idempotencyHeadersSchema } from '../transfers';
import { endpoint } from './endpoint';

const tags = ['mobile deposit'];
const staffTags = ['deposit review'];
const depositParams = idParams(messages.deposits.notFound);

/**
 * Mobile check deposit (schemas in `../deposits`): the member's form and history (account
 * holders only), and the staff review queue (staff only). Check images are served by
 * `GET /api/files/:id`.
 */
export const depositsApi = {
  overview: endpoint({
    method: 'GET',
    path: '/api/deposits',
    tags,
    summary: 'My accounts, my limits and what is left of them, the funds policy, and my deposits (newest first)',
    query: depositListQuerySchema,
    response: depositOverviewSchema,
  }),
  submit: endpoint({
    method: 'POST',
    path: '/api/deposits',
    tags,
    summary:
      'Deposit a check (multipart: JSON part `deposit`, images `front` and `back`): Pending Review, a pending credit',
    headers: idempotencyHeadersSchema,
    multipart: true,
    body: z.object({ deposit: depositRequestSchema }),
    status: 201,
    response: depositResultSchema,
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/api/admin/deposits',
    tags: staffTags,
    summary: 'Deposits by status, with counts: Pending Review oldest first (the queue), the others newest first',
    query: staffDepositListQuerySchema,
    response: staffDepositPageSchema,
  }),
  staffDetail: endpoint({
    method: 'GET',
    path: '/api/admin/deposits/:id',
    tags: staffTags,
    summary: "One deposit with its flags and the member's deposit history",
    params: depositParams,
    response: staffDepositDetailSchema,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/admin/deposits/:id/approve',
    tags: staffTags,
    summary: 'Approve: the credit posts; the money is held per the funds-availability policy',
    params: depositParams,
    response: staffDepositResultSchema,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/admin/deposits/:id/reject',
    tags: staffTags,
    summary: 'Reject with a reason: the pending credit is voided, the member is told why',
    params: depositParams,
    body: depositReasonSchema,
    multiLine: ['reason'],
    response: staffDepositResultSchema,
  }),
  returnItem: endpoint({
    method: 'POST',
    path: '/api/admin/deposits/:id/return',
    tags: staffTags,
    summary: 'Return item (the check bounced): the money is taken back, the member is told',
    params: depositParams,
    body: depositReasonSchema,
    multiLine: ['reason'],
    response: staffDepositResultSchema,
  }),
};
