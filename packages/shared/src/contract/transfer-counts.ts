import { z } from 'zod';
import { messages } from '../messages';
import { messageResultSchema } from '../auth';
import { transferCountListSchema, transferCountResetAllSchema } from '../transfer-counts';
import { endpoint } from './endpoint';

const tags = ['admin'];
const userParams = z.object({ userId: z.uuid({ error: messages.admin.userNotFound }) });

/** Reset Transfer Counts (spec §2 /admin/reset-transfers). Staff only. */
export const transferCountsApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/admin/transfer-counts',
    tags,
    summary: "Every member's outgoing transfer count in the current limit window",
    response: transferCountListSchema,
  }),
  reset: endpoint({
    method: 'POST',
    path: '/api/admin/transfer-counts/:userId/reset',
    tags,
    summary: "Reset one member's transfer count to 0 (never the protected account)",
    params: userParams,
    response: messageResultSchema,
  }),
  resetAll: endpoint({
    method: 'POST',
    path: '/api/admin/transfer-counts/reset-all',
    tags,
    summary: 'Reset every member’s transfer count to 0 (the protected account is skipped)',
    response: transferCountResetAllSchema,
  }),
};
