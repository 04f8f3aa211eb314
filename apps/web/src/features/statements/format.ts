import type { AccountType } from '@mutual/shared';

interface AccountRef {
  type: AccountType;
  numberLast4: string;
}

/** "Checking ••1234", as the member sees their accounts everywhere. */
export const accountName = (account: AccountRef) => `${account.type} ••${account.numberLast4}`;

/** "Checking ending in 1234": the same account in a button's spoken name (bullets read badly). */
export const accountSpoken = (account: AccountRef) => `${account.type} ending in ${account.numberLast4}`;

/** A statement's account as the list and the staff console carry it. */
export const statementAccount = (statement: { accountType: AccountType; accountNumberLast4: string }) => ({
  type: statement.accountType,
  numberLast4: statement.accountNumberLast4,
});

const wholeKb = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const tenthKb = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A file's size in KB (1,024 bytes): "48 KB", "3.4 KB"; never "0 KB" for a file that has bytes. */
export function sizeInKb(bytes: number): string {
  const kb = bytes / 1024;
  if (kb >= 10) return `${wholeKb.format(kb)} KB`;
  return `${tenthKb.format(Math.max(kb, 0.1))} KB`;
}
