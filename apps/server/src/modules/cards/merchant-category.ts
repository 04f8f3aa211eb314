import type { CardChannel, TransactionCategory } from '@mutual/shared';

/**
 * The portal's transaction category of a card payment, from the merchant category code (MCC,
 * ISO 18245: four digits) the processor sends with the authorization. Cash is a Withdrawal: at an
 * ATM whatever the code, and wherever the code says cash was paid out (6010 at a teller, 6011 at
 * an ATM — a bank's own machine may report itself as a terminal, not an ATM); otherwise the code
 * decides Food, Transportation or Entertainment, and everything else — an unknown code, or none —
 * is Shopping. Decided when the purchase is
 * authorized (the code is kept on the authorization), so its clearing posts what its hold showed.
 *
 * A small table of the common codes, not the whole standard:
 * - Food: grocery stores and supermarkets, food stores, bakeries, caterers, restaurants, bars,
 *   fast food.
 * - Transportation: airlines (3000–3299 by carrier, 4511), commuter transit, passenger rail, taxis
 *   and rideshare, bus lines, tolls, transportation services, fuel, parking.
 * - Entertainment: digital media and games (5815–5818), video rental and streaming, movie
 *   theaters, theatre and tickets, bands and orchestras, bowling, sports, tourist attractions,
 *   golf, arcades, amusement parks, recreation.
 */
type CardCategory = Extract<TransactionCategory, 'Food' | 'Transportation' | 'Entertainment'>;

const byCode = new Map<string, CardCategory>([
  ...codes('Food', [5411, 5422, 5441, 5451, 5462, 5499, 5811, 5812, 5813, 5814]),
  ...codes('Transportation', [4111, 4112, 4121, 4131, 4511, 4784, 4789, 5541, 5542, 7523]),
  ...codes('Entertainment', [5815, 5816, 5817, 5818, 7832, 7841, 7922, 7929, 7933, 7941, 7991, 7992, 7994, 7996, 7999]),
]);

function codes(category: CardCategory, list: number[]): Array<[string, CardCategory]> {
  return list.map((code) => [String(code), category]);
}

/** Cash paid out by a financial institution: manually (6010) or by machine (6011). */
const cashCodes = new Set(['6010', '6011']);

/** Airlines have a code each, 3000–3299. */
const isAirline = (code: number) => code >= 3000 && code <= 3299;

/** Where a card was used and the merchant category code sent with it (none: null or absent). */
export interface CardUseKind {
  channel: CardChannel;
  categoryCode?: string | null | undefined;
}

/**
 * Whether a card use is cash paid out — a withdrawal; on a credit card, a cash advance — rather than
 * a purchase: at an ATM whatever the code, or wherever the code says cash (6010, 6011). The one rule
 * every decision about cash reads: the category (Withdrawal), the ATM switch and the daily ATM cash
 * limit (authorize.ts), the memo, a statement's cash figure, and no reward points and no clearing
 * above its authorization (settle.ts).
 */
export function isCashUse({ channel, categoryCode }: CardUseKind): boolean {
  return channel === 'atm' || (categoryCode !== null && categoryCode !== undefined && cashCodes.has(categoryCode));
}

export function cardCategory(
  channel: CardChannel,
  categoryCode: string | null | undefined,
): CardCategory | 'Withdrawal' | 'Shopping' {
  if (isCashUse({ channel, categoryCode })) return 'Withdrawal';
  if (!categoryCode) return 'Shopping';
  if (isAirline(Number(categoryCode))) return 'Transportation';
  return byCode.get(categoryCode) ?? 'Shopping';
}
