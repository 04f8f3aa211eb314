/**
 * Money is integer cents (`bigint`) everywhere; on the wire it is a decimal string ("1234.56").
 * This is the only place that turns text into cents and cents into text, so there is exactly one
 * definition of what a valid amount looks like, on the server and in the browser.
 */

/** Largest amount we accept anywhere: $999,999,999,999.99 — far inside PostgreSQL's int8. */
export const MAX_CENTS = 99_999_999_999_999n;

export type HundredthsParseResult =
  { ok: true; value: bigint } | { ok: false; reason: 'empty' | 'format' | 'precision' };

/**
 * Reads a plain decimal with at most two places as an integer count of hundredths ("12.5" → 1250n):
 * digits, an optional point and one or two decimals. No signs, exponents, separators or symbols.
 * Money (cents) and rates (basis points) are both hundredths, so both read through here.
 */
export function parseHundredths(input: string, maxWholeDigits: number): HundredthsParseResult {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'empty' };
  const match = new RegExp(`^(\\d{1,${maxWholeDigits}})(?:\\.(\\d{1,2}))?$`).exec(text);
  if (!match) {
    return { ok: false, reason: /^\d+\.\d{3,}$/.test(text) ? 'precision' : 'format' };
  }
  const [, whole = '0', fraction = ''] = match;
  return { ok: true, value: BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')) };
}

export type MoneyParseResult =
  { ok: true; cents: bigint } | { ok: false; reason: 'empty' | 'format' | 'precision' | 'range' };

/**
 * Parses an amount typed by a person or sent by a client. A form may strip "$" or "," before
 * calling, but the API never guesses.
 */
export function parseMoney(input: string): MoneyParseResult {
  const parsed = parseHundredths(input, 12);
  if (!parsed.ok) return parsed;
  if (parsed.value > MAX_CENTS) return { ok: false, reason: 'range' };
  return { ok: true, cents: parsed.value };
}

/** True for an amount money can move: a valid amount (so at most `MAX_CENTS`) of at least one cent. */
export function isPositiveAmount(input: string): boolean {
  const parsed = parseMoney(input);
  return parsed.ok && parsed.cents >= 1n;
}

/** Cents as the wire format: "1234.56", "-0.05". */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole.toString()}.${fraction}`;
}

/** Cents as a person reads them, en-US: "$1,234.56", "-$0.05". */
export function formatMoney(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}$${whole}.${fraction}`;
}

/**
 * An amount as the API sends it ("1234.56", or "-12.00" for a correction) formatted for people
 * ("$1,234.56"). Text that is not an amount is returned as it came rather than hidden.
 */
export function formatWireMoney(decimal: string): string {
  const text = decimal.trim();
  const negative = text.startsWith('-');
  const parsed = parseMoney(negative ? text.slice(1) : text);
  if (!parsed.ok) return decimal;
  return formatMoney(negative ? -parsed.cents : parsed.cents);
}

/**
 * A figure that may be below zero (a card balance paid past zero), for the screen: "−$3,500.00"
 * with a true minus sign (U+2212), as the portal writes money going out; "$1,500.00" otherwise.
 * Text that is not an amount comes back as it came. (The statement PDF's fonts have no "−".)
 */
export function formatWireBalance(decimal: string): string {
  return formatWireMoney(decimal).replace(/^-\$/, '\u2212$');
}
