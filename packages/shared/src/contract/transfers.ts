import {
  externalTransferConfirmSchema,
  externalTransferSchema,
  idempotencyHeadersSchema,
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
 * The four transfer forms of the dashboard (spec §2/§4/§5; schemas in `../transfers`). Each body
 * is parsed by the same schema the form uses. Account holders only.
 */
export const transfersApi = {
  internal: endpoint({
    method: 'POST',
    path: '/api/transfers/internal',
    tags,
    summary: 'Between Accounts: move money between my Checking and Savings',
    headers: idempotencyHeadersSchema,
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
    headers: idempotencyHeadersSchema,
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
    headers: idempotencyHeadersSchema,
    body: externalTransferConfirmSchema,
    status: 201,
    response: transferResultSchema,
  }),
  international: endpoint({
    method: 'POST',
    path: '/api/transfers/international',
    tags,
    summary: 'International: a pending wire order holding the funds',
    headers: idempotencyHeadersSchema,
    body: internationalTransferSchema,
    status: 201,
    response: transferResultSchema,
  }),
};
