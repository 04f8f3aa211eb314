import { randomUUID } from 'node:crypto';
import { type AccountType, messages, parseMoney, type TransferResult } from '@mutual/shared';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { AppDeps } from '../../app';
import { AppError } from '../../http/app-error';
import type { RequestMeta } from '../audit/record-audit';
import type { UserRow } from '../members/members.tables';
import { type Fact, fact, type MoneyCommand } from '../money/money-command';
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
      onHold: sql<boolean>`exists (select 1 from ${memberHolds} where ${memberHolds.userId} = ${userId} and ${memberHolds.liftedAt} is null)`,
    })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId));
  if (rows.some((row) => row.onHold)) throw new AppError('ACCOUNT_LOCKED', messages.transfers.onHold);
  return new Map(rows.map((row) => [row.type as AccountType, { id: row.id, type: row.type as AccountType, accountNumber: row.accountNumber ?? '' }]));
}

export function sourceAccount(accounts: Map<AccountType, MemberAccount>, type: AccountType): MemberAccount {
  const account = accounts.get(type);
  if (!account) throw new AppError('NOT_FOUND', messages.transfers.sourceAccountNotFound);
  return account;
}

/** The schema already accepted the amount; this turns it into cents. */
export function amountInCents(amount: string): bigint {
  const parsed = parseMoney(amount);
  if (!parsed.ok || parsed.cents < 1n) {
    throw new AppError('VALIDATION_FAILED', messages.transfers.invalidAmount, { amount: messages.transfers.invalidAmount });
  }
  return parsed.cents;
}

export const lastFour = (accountNumber: string) => `••${accountNumber.slice(-4)}`;

export function transferResult(result: Omit<TransferResult, 'createdAt'> & { createdAt: Date }): TransferResult {
  return { ...result, createdAt: result.createdAt.toISOString() };
}

/** What every member transfer command starts from: who asks, the key, the hold check, a new transfer id. */
export function memberCommand(
  deps: Pick<AppDeps, 'clock' | 'config'>,
  member: UserRow,
  meta: RequestMeta,
  idempotency: { key: string; requestHash: string },
) {
  return {
    actor: { userId: member.id, email: member.email },
    targetUserId: member.id,
    meta,
    now: deps.clock(),
    transferId: randomUUID(),
    idempotency,
    checkHold: true,
    category: 'Transfer',
  } satisfies Partial<MoneyCommand>;
}

/** The outgoing-transfer limit from configuration (none when its count is 0). */
export function outgoingLimit(deps: Pick<AppDeps, 'config'>): MoneyCommand['limit'] {
  const { transferLimitCount: count, transferLimitWindowHours: windowHours } = deps.config.limits;
  return count > 0 ? { count, windowHours } : undefined;
}

const MARK = '\u0000fact\u0000';

/**
 * A text that needs a fact only the database knows (the recipient's name in "Sent $5.00 to …"),
 * as parts for `money_command` to join: the shared message is rendered once with a marker.
 */
export function withFacts(doc: 'answer' | 'audit' | 'debitMemo', path: string[], render: (value: string) => string, name: Fact) {
  const pieces = render(MARK).split(MARK);
  const parts = pieces.flatMap((piece, i) => (i === 0 ? [piece] : [fact(name), piece])).filter((p) => p !== '');
  return { doc, path, parts };
}
