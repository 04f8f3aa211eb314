import { parseMoney } from '@mutual/shared';

/** A wire amount ("1234.56", "-5.00") as cents, or null when it is not an amount. */
export function centsOf(decimal: string): bigint | null {
  const text = decimal.trim();
  const negative = text.startsWith('-');
  const parsed = parseMoney(negative ? text.slice(1) : text);
  if (!parsed.ok) return null;
  return negative ? -parsed.cents : parsed.cents;
}

/**
 * Spec §5 "Insufficient funds", checked in the browser too so the member hears it before the
 * request; the API checks again under a lock, which is the check that counts.
 */
export function exceedsAvailable(amount: string, available: string | undefined): boolean {
  if (available === undefined) return false;
  const wanted = centsOf(amount);
  const have = centsOf(available);
  return wanted !== null && have !== null && wanted > have;
}
