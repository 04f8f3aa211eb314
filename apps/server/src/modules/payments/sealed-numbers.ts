import { type SecretBox, SecretOpenError } from '../../crypto/secret-box';

/**
 * A payment order's account number and IBAN, and a NACHA file, are stored sealed
 * (crypto/secret-box.ts; modules/secrets/sealed-columns.ts): a copy of the database does not give
 * away where members send money. Each is sealed under its row's context, so a value copied to
 * another row or column does not open.
 */
export const orderAccountContext = (orderId: string) => `payment-order:${orderId}:account`;
export const orderIbanContext = (orderId: string) => `payment-order:${orderId}:iban`;
export const achFileContext = (exportId: string) => `ach-export:${exportId}`;

/** An order's account number and IBAN as stored (sealed), for the row `orderId`. */
export function sealOrderNumbers(
  secrets: SecretBox,
  orderId: string,
  numbers: { accountNumber: string; iban?: string | null },
): { accountNumber: string; iban: string | null } {
  return {
    accountNumber: secrets.seal(numbers.accountNumber, orderAccountContext(orderId)),
    iban: numbers.iban ? secrets.seal(numbers.iban, orderIbanContext(orderId)) : null,
  };
}

/** The order row's account number and IBAN in clear (for the NACHA file, or to mask them). */
export function openOrderNumbers<R extends { id: string; accountNumber: string; iban: string | null }>(
  secrets: SecretBox,
  row: R,
): R {
  return {
    ...row,
    accountNumber: secrets.open(row.accountNumber, orderAccountContext(row.id)),
    iban: row.iban === null ? null : secrets.open(row.iban, orderIbanContext(row.id)),
  };
}

/**
 * The same, or null when the numbers do not open (sealed under a key this server does not hold,
 * or damaged): the export and the staff list leave such an order aside, named, instead of failing
 * for every order.
 */
export function openOrderNumbersOrNull<R extends { id: string; accountNumber: string; iban: string | null }>(
  secrets: SecretBox,
  row: R,
): R | null {
  try {
    return openOrderNumbers(secrets, row);
  } catch (error) {
    if (error instanceof SecretOpenError) return null;
    throw error;
  }
}
