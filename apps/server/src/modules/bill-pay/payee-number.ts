import { messages } from '@mutual/shared';
import { type SecretBox, type SecretOpenFailure, SecretOpenError } from '../../crypto/secret-box';

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

/** Shown for a payee's number that cannot be opened, as the payment-order screens show theirs. */
export const UNREADABLE_NUMBER = messages.billPay.numberUnreadable;

/** A payee row as a screen, a list or a notice reads it: its number opened, or blanked and marked with why. */
export type ReadPayee<Row> = Row & { numberUnreadable?: SecretOpenFailure };

/**
 * `openPayee`, catching only the secret box's "cannot open" (any other error is thrown): a number
 * sealed under a key this server does not hold, or damaged, is that one payee's problem — shown as
 * unreadable, refused for a new payment — never a failure of the whole screen.
 */
export function readPayee<Row extends { id: string; accountNumber: string }>(
  secrets: SecretBox,
  row: Row,
): ReadPayee<Row> {
  try {
    return openPayee(secrets, row);
  } catch (error) {
    if (!(error instanceof SecretOpenError)) throw error;
    return { ...row, accountNumber: '', numberUnreadable: error.reason };
  }
}
