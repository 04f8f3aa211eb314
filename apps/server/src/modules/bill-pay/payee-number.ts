import type { SecretBox } from '../../crypto/secret-box';

/**
 * A payee's account number at the biller is stored sealed (crypto/secret-box.ts;
 * modules/secrets/sealed-columns.ts) under the payee row's context, so a value copied to another
 * row does not open.
 */
export const payeeAccountContext = (payeeId: string) => `bill-payee:${payeeId}`;

/** The account number as `bill_payees.account_number` stores it for payee `payeeId` (chosen before the insert). */
export const sealPayeeAccount = (secrets: SecretBox, payeeId: string, accountNumber: string) =>
  secrets.seal(accountNumber, payeeAccountContext(payeeId));

/** A payee row as read, with its account number opened: what every reader of the number works with. */
export function openPayee<Row extends { id: string; accountNumber: string }>(secrets: SecretBox, row: Row): Row {
  return { ...row, accountNumber: secrets.open(row.accountNumber, payeeAccountContext(row.id)) };
}
