import { z } from 'zod';
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
} from '../transfers';
import { endpoint } from './endpoint';

const tags = ['transfers'];
/**
 * Every money-moving call carries a fresh key per intended transfer, reused on retry: a repeat is
 * answered from the first answer (with `idempotent-replayed: true`), so money never moves twice.
 */
const idempotencyHeaders = z.object({ [IDEMPOTENCY_HEADER]: idempotencyKeySchema });

/**
 * The four transfer forms of the dashboard (spec §2/§4/§5; schemas in `../transfers`). Each body
 * is parsed by the same schema the form uses. Account holders only.
 */
export const transfersApi = {
  internal: endpoint({
    method: 'POST',
    path: '/api/transfers/internal',
    tags,
    summary: 'Between Accounts: move money between my Checking and Savings',
    headers: idempotencyHeaders,
    body: internalTransferSchema,
    status: 201,
    response: transferResultSchema,
  }),
  recipient: endpoint({
    method: 'POST',
    path: '/api/transfers/recipient',
    tags,
    summary: 'Verify a recipient by e-mail (rate-limited)',
    body: verifyRecipientSchema,
    response: recipientSchema,
  }),
  user: endpoint({
    method: 'POST',
    path: '/api/transfers/user',
    tags,
    summary: 'To a member of the credit union, into their Checking',
    headers: idempotencyHeaders,
    body: userTransferSchema,
    status: 201,
    response: transferResultSchema,
  }),
  externalChallenge: endpoint({
    method: 'POST',
    path: '/api/transfers/external/challenge',
    tags,
    summary: 'To US Bank, step 1: send the code for exactly this transfer',
    body: externalTransferSchema,
    status: 201,
    response: transferChallengeSchema,
  }),
  external: endpoint({
    method: 'POST',
    path: '/api/transfers/external',
    tags,
    summary: 'To US Bank, step 2: confirm with the code; creates a pending ACH order',
    headers: idempotencyHeaders,
    body: externalTransferConfirmSchema,
    status: 201,
    response: transferResultSchema,
  }),
  international: endpoint({
    method: 'POST',
    path: '/api/transfers/international',
    tags,
    summary: 'International: a pending wire order holding the funds',
    headers: idempotencyHeaders,
    body: internationalTransferSchema,
    status: 201,
    response: transferResultSchema,
  }),
};
