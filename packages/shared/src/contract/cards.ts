import { z } from 'zod';
import {
  activateCardSchema,
  cardCodeRequestSchema,
  cardCodeSchema,
  cardCodeVerifiedSchema,
  cardCodeVerifySchema,
  cardDetailsRequestSchema,
  cardDetailsSchema,
  cardLimitsSchema,
  cardResultSchema,
  cardsOverviewSchema,
  cardStatementQuerySchema,
  cardStatementSchema,
  changePinSchema,
  processorAuthorizationResultSchema,
  processorAuthorizationSchema,
  processorClearingSchema,
  processorHeadersSchema,
  processorRefundResultSchema,
  processorRefundSchema,
  processorReversalSchema,
  processorSettlementResultSchema,
  reportLostSchema,
  terminalOverviewSchema,
  terminalPurchaseSchema,
  terminalResultSchema,
  terminalSettleSchema,
} from '../cards';
import { messages } from '../messages';
import { endpoint } from './endpoint';

const tags = ['cards'];
const processorTags = ['card processor'];
const cardParams = z.object({ cardId: z.uuid({ error: messages.cards.notFound }) });

/**
 * Cards (schemas in `../cards`): the member's Cards panel (account holders only), the card
 * processor's signed interface, and the demo's card terminal (not in production).
 */
export const cardsApi = {
  overview: endpoint({
    method: 'GET',
    path: '/api/cards',
    tags,
    summary: 'My cards: status, masked number, controls, credit line and recent card transactions',
    response: cardsOverviewSchema,
  }),
  statement: endpoint({
    method: 'GET',
    path: '/api/cards/:cardId/statements',
    tags,
    summary: "One month's card transactions (this month by default); the credit card's statement figures",
    params: cardParams,
    query: cardStatementQuerySchema,
    response: cardStatementSchema,
  }),
  lock: endpoint({
    method: 'POST',
    path: '/api/cards/:cardId/lock',
    tags,
    summary: 'Lock the card: every new authorization is declined until it is unlocked',
    params: cardParams,
    response: cardResultSchema,
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/api/cards/:cardId/unlock',
    tags,
    summary: 'Unlock a locked card',
    params: cardParams,
    response: cardResultSchema,
  }),
  reportLost: endpoint({
    method: 'POST',
    path: '/api/cards/:cardId/report-lost',
    tags,
    summary: 'Report the card lost or stolen: closed for ever; a replacement with a new number is ordered',
    params: cardParams,
    body: reportLostSchema,
    response: cardResultSchema,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/cards/:cardId/activate',
    tags,
    summary: 'Activate a replacement card with its last 4 digits and expiry',
    params: cardParams,
    body: activateCardSchema,
    response: cardResultSchema,
  }),
  requestCode: endpoint({
    method: 'POST',
    path: '/api/cards/:cardId/codes',
    tags,
    summary:
      'A 6-digit card code bound to this card and one action (e-mailed, or the authenticator). While a code ' +
      'sent for this card and action still works, it is answered again (same challenge and expiry, saying ' +
      'until when it works): nothing is sent and the rate limit does not count it. `fresh: true` ("Send a ' +
      'new code") always sends a new one, counted; the earlier one keeps working until it expires',
    params: cardParams,
    body: cardCodeRequestSchema,
    status: 201,
    response: cardCodeSchema,
  }),
  verifyCode: endpoint({
    method: 'POST',
    path: '/api/cards/:cardId/codes/verify',
    tags,
    summary: 'Check a card code; the action it was asked for then spends it',
    params: cardParams,
    body: cardCodeVerifySchema,
    response: cardCodeVerifiedSchema,
  }),
  changePin: endpoint({
    method: 'POST',
    path: '/api/cards/:cardId/pin',
    tags,
    summary: 'Change PIN (a verified card code for `pin`)',
    params: cardParams,
    body: changePinSchema,
    response: cardResultSchema,
  }),
  setLimits: endpoint({
    method: 'PUT',
    path: '/api/cards/:cardId/limits',
    tags,
    summary:
      'Set Transaction Limits and the online, international and ATM switches (a verified card code for `limits`)',
    params: cardParams,
    body: cardLimitsSchema,
    response: cardResultSchema,
  }),
  details: endpoint({
    method: 'POST',
    path: '/api/cards/:cardId/details',
    tags,
    summary: 'View Card Details: the full number, expiry and CVV, for a verified card code for `details` (audited)',
    params: cardParams,
    body: cardDetailsRequestSchema,
    response: cardDetailsSchema,
  }),
  authorize: endpoint({
    method: 'POST',
    path: '/api/processor/authorizations',
    tags: processorTags,
    summary:
      'Authorize a purchase (signed: HMAC-SHA256 of `${timestamp}.${body}`): approved places a hold, declined says why',
    headers: processorHeadersSchema,
    body: processorAuthorizationSchema,
    response: processorAuthorizationResultSchema,
  }),
  clear: endpoint({
    method: 'POST',
    path: '/api/processor/clearings',
    tags: processorTags,
    summary: 'Clear an approved authorization: its hold posts, for the cleared amount',
    headers: processorHeadersSchema,
    body: processorClearingSchema,
    response: processorSettlementResultSchema,
  }),
  reverse: endpoint({
    method: 'POST',
    path: '/api/processor/reversals',
    tags: processorTags,
    summary: 'Reverse an approved authorization that has not cleared: its hold is released',
    headers: processorHeadersSchema,
    body: processorReversalSchema,
    response: processorSettlementResultSchema,
  }),
  refund: endpoint({
    method: 'POST',
    path: '/api/processor/refunds',
    tags: processorTags,
    summary:
      "A merchant's refund of a cleared purchase: credited to the member's account (a debit card's) or card " +
      '(a credit card, lowering what is owed); partial refunds add up to at most what cleared',
    headers: processorHeadersSchema,
    body: processorRefundSchema,
    response: processorRefundResultSchema,
  }),
  terminal: endpoint({
    method: 'GET',
    path: '/api/dev/terminal',
    tags: ['development'],
    summary: "The demo card terminal: the demo members' cards and the latest card transactions (not in production)",
    response: terminalOverviewSchema,
  }),
  terminalPurchase: endpoint({
    method: 'POST',
    path: '/api/dev/terminal/purchase',
    tags: ['development'],
    summary: 'Sign and send an authorization to the processor interface, as a card terminal would (not in production)',
    body: terminalPurchaseSchema,
    response: terminalResultSchema,
  }),
  terminalSettle: endpoint({
    method: 'POST',
    path: '/api/dev/terminal/settle',
    tags: ['development'],
    summary: 'Sign and send a clearing, a reversal or a refund (not in production)',
    body: terminalSettleSchema,
    response: terminalResultSchema,
  }),
};
