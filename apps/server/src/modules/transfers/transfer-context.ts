import { type AccountType, formatMoney, messages, parseMoney } from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { memberHolds } from '../holds/holds.tables';

export interface MemberAccount {
  id: string;
  type: AccountType;
  accountNumber: string;
}

/**
 * What every transfer needs to know first, in one query: the member's accounts and whether
 * staff hold their money movement. A hold refuses the transfer with ACCOUNT_LOCKED.
 */
export async function openTransfer(tx: Executor, userId: string): Promise<Map<AccountType, MemberAccount>> {
  const rows = await tx
    .select({
      id: ledgerAccounts.id,
      type: ledgerAccounts.type,
      accountNumber: ledgerAccounts.accountNumber,
      onHold: sql<boolean>`exists (select 1 from ${memberHolds}
        where ${memberHolds.userId} = ${userId} and ${memberHolds.liftedAt} is null)`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  if (rows.some((row) => row.onHold)) throw new AppError('ACCOUNT_LOCKED', messages.transfers.onHold);
  return new Map(
    rows.map((row) => [
      row.type as AccountType,
      { id: row.id, type: row.type as AccountType, accountNumber: row.accountNumber ?? '' },
    ]),
  );
}

export function sourceAccount(accounts: Map<AccountType, MemberAccount>, type: AccountType): MemberAccount {
  const account = accounts.get(type);
  if (!account) throw new AppError('NOT_FOUND', messages.transfers.sourceAccountNotFound);
  return account;
}

/**
 * The schema already accepted the amount; this turns it into cents and refuses one above the
 * per-transfer maximum (TRANSFER_MAX_AMOUNT; configuration, so not in the shared schema).
 */
export function amountInCents(amount: string, limits: Pick<Config['limits'], 'transferMaxCents'>): bigint {
  const parsed = parseMoney(amount);
  if (!parsed.ok || parsed.cents < 1n) {
    throw new AppError('VALIDATION_FAILED', messages.transfers.invalidAmount, {
      amount: messages.transfers.invalidAmount,
    });
  }
  if (parsed.cents > limits.transferMaxCents) throw amountOverMaximum(limits.transferMaxCents);
  return parsed.cents;
}

export function amountOverMaximum(maxCents: bigint, field = 'amount'): AppError {
  const message = messages.transfers.amountOverMaximum(formatMoney(maxCents));
  return new AppError('VALIDATION_FAILED', message, { [field]: message });
}
