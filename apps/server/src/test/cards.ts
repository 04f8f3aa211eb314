import { randomUUID } from 'node:crypto';
import type {
  Card,
  CardCodeAction,
  CardsOverview,
  ProcessorAuthorization,
  ProcessorAuthorizationResult,
} from '@mutual/shared';
import { cardsApi } from '@mutual/shared/contract/cards';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { cardNumberContext, expiryText } from '../modules/cards/card-numbers';
import { cardAuthorizations, cards } from '../modules/cards/cards.tables';
import { issueCreditCard } from '../modules/cards/issue-card';
import { signedHeaders } from '../modules/cards/processor-signature';
import { expireAuthorizations } from '../modules/cards/settle';
import type { Browser, TestApp } from './identity';
import { mailedCode, signInStaff } from './identity';
import { memberWithMoney } from './money';
import { daysLongTestEnv } from './test-app';

/** Shared steps for the card tests: the member's cards, card codes, and a processor that signs. */

export const CARDS = '/api/cards';
export const cardPath = (cardId: string, action = '') => `${CARDS}/${cardId}${action ? `/${action}` : ''}`;

/**
 * Settings for card tests: the clock moves by days (`daysLongTestEnv`), and no rate limit is in
 * the way of 30 racing purchases or many codes.
 */
export const cardTestEnv = {
  ...daysLongTestEnv,
  RATE_LIMIT_PER_MINUTE: '100000',
};

export async function cardsOf(browser: Browser): Promise<CardsOverview> {
  const response = await browser.get(CARDS);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CardsOverview>();
}

/** The member's card of this kind that is in use (not closed). */
export async function cardOf(browser: Browser, kind: Card['kind'] = 'debit'): Promise<Card> {
  const card = (await cardsOf(browser)).cards.find((c) => c.kind === kind && c.status !== 'closed');
  if (!card) throw new Error(`no open ${kind} card`);
  return card;
}

/** A signed-in member with `cents` in Checking, and their debit card (issued on their first look). */
export async function memberWithCard(t: TestApp, cents = 0n) {
  const member = await memberWithMoney(t, cents);
  return { member, card: await cardOf(member.browser) };
}

/** A valid limits form: every limit $10, every switch on (for tests about who may send one). */
export const tenDollarLimits = {
  perPurchase: '10.00',
  dailyPurchases: '10.00',
  dailyAtm: '10.00',
  online: true,
  international: true,
  atm: true,
};

/** What a processor knows of a card: its number (opened from the database, as the test's secret box can) and expiry. */
export async function plasticOf(t: TestApp, cardId: string): Promise<{ number: string; expiry: string }> {
  const [row] = await t.db.select().from(cards).where(eq(cards.id, cardId));
  if (!row) throw new Error(`no card ${cardId}`);
  return {
    number: t.secrets.open(row.numberSealed, cardNumberContext(cardId)),
    expiry: expiryText(row.expiryMonth, row.expiryYear),
  };
}

/** Gives a member a credit card on a new line (members have no form to apply for one). */
export async function giveCreditCard(t: TestApp, member: { id: string; name: string }): Promise<string> {
  const deps = { config: t.config, secrets: t.secrets, cardKeys: t.cardKeys };
  const credit = await t.db.transaction((tx) => issueCreditCard(tx, deps, member, t.clock()));
  return credit.id;
}

/** The newest card code e-mailed to `email`. */
export const latestCardCode = (t: TestApp, email: string) => mailedCode(t, email, 'card-code');

/** Asks for a card code for `action`, reads it from the mail and verifies it: the challenge to spend. */
export async function verifiedCode(
  t: TestApp,
  member: { email: string; browser: Browser },
  cardId: string,
  action: CardCodeAction,
): Promise<string> {
  const asked = await member.browser.post(cardPath(cardId, 'codes'), { action });
  expect(asked.statusCode, asked.body).toBe(201);
  const { challengeId } = asked.json<{ challengeId: string }>();
  const otp = await latestCardCode(t, member.email);
  const verified = await member.browser.post(cardPath(cardId, 'codes/verify'), { challengeId, action, otp });
  expect(verified.statusCode, verified.body).toBe(200);
  return challengeId;
}

/** The member sets the card's PIN the way Change PIN does (a code first); it is set. */
export async function setPin(t: TestApp, member: { email: string; browser: Browser }, cardId: string, pin: string) {
  const challengeId = await verifiedCode(t, member, cardId, 'pin');
  const changed = await member.browser.post(cardPath(cardId, 'pin'), { challengeId, pin, confirmPin: pin });
  expect(changed.statusCode, changed.body).toBe(200);
}

/** Sets the card's limits and switches (`limits`: the form's fields) with a freshly verified limits code. */
export async function putLimits(
  t: TestApp,
  member: { email: string; browser: Browser },
  cardId: string,
  limits: Record<string, unknown>,
) {
  const challengeId = await verifiedCode(t, member, cardId, 'limits');
  return member.browser.request('PUT', cardPath(cardId, 'limits'), { json: { challengeId, ...limits } });
}

export interface SendOptions {
  /** Sign with this secret instead of the server's. */
  secret?: string;
  /** Sign at this time instead of the server's clock. */
  at?: Date;
  /** Change the body after signing it. */
  tamper?: (body: string) => string;
  /** Send exactly these headers (a replay). */
  headers?: Record<string, string>;
}

/** A card processor: signs each request as the interface requires and sends it. */
export class Processor {
  constructor(readonly t: TestApp) {}

  signed(path: string, payload: unknown, options: SendOptions = {}) {
    const body = JSON.stringify(payload);
    const secret = options.secret ?? this.t.cardKeys.processorSecret ?? '';
    const headers = options.headers ?? signedHeaders(secret, body, options.at ?? this.t.clock());
    const request: InjectOptions = {
      method: 'POST',
      url: path,
      headers,
      payload: options.tamper ? options.tamper(body) : body,
      remoteAddress: '10.9.8.7',
    };
    return { headers, send: () => this.t.app.inject(request) };
  }

  send(path: string, payload: unknown, options: SendOptions = {}) {
    return this.signed(path, payload, options).send();
  }

  /** An authorization for `amount` at a US coffee shop, in store, unless `change` says otherwise. */
  authorization(
    plastic: { number: string; expiry: string },
    amount: string,
    change: Partial<ProcessorAuthorization> = {},
  ): ProcessorAuthorization {
    return {
      id: `auth-${randomUUID()}`,
      cardNumber: plastic.number,
      expiry: plastic.expiry,
      amount,
      currency: 'USD',
      merchant: { name: 'Harbor Coffee', country: 'US' },
      channel: 'in_store',
      ...change,
    };
  }

  async authorize(
    plastic: { number: string; expiry: string },
    amount: string,
    change: Partial<ProcessorAuthorization> = {},
  ): Promise<ProcessorAuthorizationResult> {
    const response = await this.send(cardsApi.authorize.path, this.authorization(plastic, amount, change));
    expect(response.statusCode, response.body).toBe(200);
    return response.json<ProcessorAuthorizationResult>();
  }

  clear(authorizationId: string, amount: string, id = `clear-${randomUUID()}`) {
    return this.send(cardsApi.clear.path, { id, authorizationId, amount });
  }

  reverse(authorizationId: string, id = `reverse-${randomUUID()}`) {
    return this.send(cardsApi.reverse.path, { id, authorizationId });
  }

  /** The merchant refunds `amount` of a cleared purchase (the processor's authorization id). */
  refund(authorizationId: string, amount: string, id = `refund-${randomUUID()}`) {
    return this.send(cardsApi.refund.path, { id, authorizationId, amount });
  }
}

/**
 * Staff delete a card purchase (the processor's authorization `processorId`) from the member's
 * transaction table, where it stands under its hold: the answer.
 */
export async function staffReversePurchase(t: TestApp, memberId: string, processorId: string, reason: string) {
  const [row] = await t.db
    .select({ hold: cardAuthorizations.holdTransferId })
    .from(cardAuthorizations)
    .where(eq(cardAuthorizations.processorId, processorId));
  const staff = await signInStaff(t);
  return staff.post(`/api/admin/users/${memberId}/transactions/${row?.hold}/reverse`, { reason });
}

export const runExpiry = (t: TestApp) =>
  expireAuthorizations({ db: t.db, config: t.config, clock: t.clock, logger: t.logger }, t.clock());
