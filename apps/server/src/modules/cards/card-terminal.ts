import { randomUUID } from 'node:crypto';
import {
  centsToDecimal,
  type CardChannel,
  type CardKind,
  type CardStatus,
  type CardTransactionStatus,
  declineReasons,
  type DeclineReason,
  messages,
  type ProcessorAuthorization,
  type TerminalOverview,
  type terminalPurchaseSchema,
  type terminalSettleSchema,
} from '@mutual/shared';
import { cardsApi } from '@mutual/shared/contract/cards';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../deps';
import { AppError } from '../../errors';
import { routeOf } from '../../http/contract-route';
import { users } from '../people/people.tables';
import { cardNumberContext, expiryText } from './card-numbers';
import { cardAuthorizations, cardRefunds, cards } from './cards.tables';
import { isCashUse } from './merchant-category';
import { signedHeaders } from './processor-signature';

/**
 * The demo's card terminal (`/dev/terminal`, and `npm run card-terminal` from a shell): it signs
 * authorizations, clearings, reversals and merchants' refunds with the processor's shared secret and sends them to
 * the processor interface exactly as a processor would, so a visitor can buy a coffee with a demo
 * card and watch the dashboard change. Not in production; served to this computer only unless
 * DEV_MAILBOX=public (dev-mailbox-access.ts), like the mailbox.
 */
export const cardTerminalRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    app.route({ ...routeOf(cardsApi.terminal), handler: async () => terminalOverview(deps) });
    app.route({
      ...routeOf(cardsApi.terminalPurchase),
      handler: async (request) => send(app, deps, cardsApi.authorize.path, purchaseOf(request.body)),
    });
    app.route({
      ...routeOf(cardsApi.terminalSettle),
      handler: async (request) => send(app, deps, ...(await settlementOf(deps, request.body))),
    });
  };

async function terminalOverview(deps: AppDeps): Promise<TerminalOverview> {
  const rows = await deps.db
    .select({ card: cards, member: users.name })
    .from(cards)
    .innerJoin(users, eq(users.id, cards.userId))
    // The oldest first: the demo's cards stay on top however many members a long-running demo gets.
    .orderBy(asc(cards.issuedAt), users.name, cards.kind)
    .limit(100);
  const recent = await deps.db
    .select({ row: cardAuthorizations, last4: cards.last4 })
    .from(cardAuthorizations)
    .innerJoin(cards, eq(cards.id, cardAuthorizations.cardId))
    .orderBy(desc(cardAuthorizations.authorizedAt))
    .limit(20);
  const refunded = await refundedOf(
    deps,
    recent.map(({ row }) => row.id),
  );
  /** What is left to refund of a cleared purchase; nothing of cash or of what did not clear. */
  const refundable = (row: (typeof recent)[number]['row']) =>
    row.status === 'posted' && !isCashUse({ channel: row.channel as CardChannel, categoryCode: row.categoryCode })
      ? (row.clearedAmount ?? row.amount) - (refunded.get(row.id) ?? 0n)
      : 0n;
  return {
    cards: rows.map(({ card, member }) => ({
      cardId: card.id,
      member,
      kind: card.kind as CardKind,
      status: card.status as CardStatus,
      number: deps.secrets.open(card.numberSealed, cardNumberContext(card.id)),
      expiry: expiryText(card.expiryMonth, card.expiryYear),
    })),
    recent: recent.map(({ row, last4 }) => ({
      id: row.processorId,
      cardLast4: last4,
      merchant: row.merchant,
      amount: centsToDecimal(row.clearedAmount ?? row.amount),
      status: row.status as CardTransactionStatus,
      refunded: centsToDecimal(refunded.get(row.id) ?? 0n),
      refundable: centsToDecimal(refundable(row)),
      declineReason: row.declineReason ? declineReasons[row.declineReason as DeclineReason] : null,
      authorizedAt: row.authorizedAt.toISOString(),
    })),
  };
}

/** What merchants refunded of each of these authorizations, by its id. */
async function refundedOf(deps: AppDeps, ids: string[]): Promise<Map<string, bigint>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.db
    .select({ id: cardRefunds.authorizationId, amount: sql<string>`sum(${cardRefunds.amount})::text` })
    .from(cardRefunds)
    .where(inArray(cardRefunds.authorizationId, ids))
    .groupBy(cardRefunds.authorizationId);
  return new Map(rows.map((row) => [row.id, BigInt(row.amount)]));
}

function purchaseOf(input: z.output<typeof terminalPurchaseSchema>): ProcessorAuthorization {
  return {
    id: `terminal-${randomUUID()}`,
    cardNumber: input.cardNumber,
    expiry: input.expiry,
    amount: input.amount,
    currency: 'USD',
    merchant: {
      name: input.merchant,
      country: input.country,
      ...(input.categoryCode ? { categoryCode: input.categoryCode } : {}),
    },
    channel: input.channel,
    ...(input.pin ? { pin: input.pin } : {}),
  };
}

async function settlementOf(
  deps: AppDeps,
  input: z.output<typeof terminalSettleSchema>,
): Promise<[string, Record<string, string>]> {
  if (input.action === 'reverse')
    return [cardsApi.reverse.path, { id: `terminal-reversal-${randomUUID()}`, authorizationId: input.authorizationId }];
  const [row] = await deps.db
    .select({ id: cardAuthorizations.id, amount: cardAuthorizations.amount, cleared: cardAuthorizations.clearedAmount })
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.processorId, input.authorizationId));
  if (input.action === 'refund') {
    // By default what is left to refund of what cleared (the processor interface decides what passes).
    const left = row ? (row.cleared ?? row.amount) - ((await refundedOf(deps, [row.id])).get(row.id) ?? 0n) : 0n;
    return [
      cardsApi.refund.path,
      {
        id: `terminal-refund-${randomUUID()}`,
        authorizationId: input.authorizationId,
        amount: input.amount?.trim() || centsToDecimal(left > 0n ? left : 0n),
      },
    ];
  }
  return [
    cardsApi.clear.path,
    {
      id: `terminal-clearing-${randomUUID()}`,
      authorizationId: input.authorizationId,
      amount: input.amount?.trim() || (row ? centsToDecimal(row.amount) : '0.00'),
    },
  ];
}

/** Signs `payload` and sends it through the server's own request handling, as the processor would. */
async function send(app: FastifyInstance, deps: AppDeps, url: string, payload: unknown) {
  const secret = deps.cardKeys.processorSecret;
  if (secret === null) throw new AppError('UNAVAILABLE', messages.cards.unavailable);
  const body = JSON.stringify(payload);
  const answer = await app.inject({
    method: 'POST',
    url,
    headers: signedHeaders(secret, body, deps.clock()),
    payload: body,
  });
  return { status: answer.statusCode, body: answer.json() as unknown };
}
