import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type AccountSummary, type AccountType, accountTypes, centsToDecimal } from '@mutual/shared';
import type { Executor } from '../../db/client';
import { ledgerAccounts } from './ledger.tables';

/** 10 digits, first digit not 0 (decisions.md); uniqueness is the database's job. */
function newAccountNumber(): string {
  return `${randomInt(1, 10)}${randomInt(0, 1_000_000_000).toString().padStart(9, '0')}`;
}

/**
 * Opens a Checking and a Savings account at zero for a newly approved or staff-created member.
 * A clash with an existing number (one in a billion per try) just draws again.
 */
export async function openMemberAccounts(
  tx: Executor,
  userId: string,
  routingNumber: string,
  now: Date,
): Promise<{ id: string; type: AccountType }[]> {
  const opened: { id: string; type: AccountType }[] = [];
  for (const type of accountTypes) opened.push({ id: await openAccount(tx, userId, type, routingNumber, now), type });
  return opened;
}

async function openAccount(tx: Executor, userId: string, type: AccountType, routingNumber: string, now: Date) {
  for (let tries = 0; tries < 5; tries++) {
    const rows = await tx
      .insert(ledgerAccounts)
      .values({ userId, type, accountNumber: newAccountNumber(), routingNumber, createdAt: now })
      .onConflictDoNothing({ target: ledgerAccounts.accountNumber })
      .returning({ id: ledgerAccounts.id });
    const [row] = rows;
    if (row) return row.id;
  }
  throw new Error('could not draw a free account number');
}

/**
 * Opens a credit card's line: a member account of type `Credit Card` that may go below zero down
 * to minus `limit` (ledger_post's funds check and the table's CHECK both read `credit_limit`).
 */
export async function openCreditLine(tx: Executor, userId: string, limit: bigint, now: Date): Promise<string> {
  const [row] = await tx
    .insert(ledgerAccounts)
    .values({ userId, type: 'Credit Card', creditLimit: limit, createdAt: now })
    .returning({ id: ledgerAccounts.id });
  if (!row) throw new Error('credit line not opened');
  return row.id;
}

/** The member's Checking and Savings (a credit card's line is the cards module's to show). */
export async function findMemberAccounts(db: Executor, userId: string): Promise<AccountSummary[]> {
  const rows = await db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), inArray(ledgerAccounts.type, [...accountTypes])))
    .orderBy(asc(ledgerAccounts.type), asc(ledgerAccounts.createdAt));
  return rows.map((row) => {
    const balance = row.creditsPosted - row.debitsPosted;
    return {
      id: row.id,
      type: row.type as AccountType,
      accountNumber: row.accountNumber ?? '',
      routingNumber: row.routingNumber ?? '',
      balance: centsToDecimal(balance),
      available: centsToDecimal(balance - row.debitsPending),
      createdAt: row.createdAt.toISOString(),
    };
  });
}

/** Each account's balance by its type (`{ Checking: '12.00', Savings: '3.00' }`), as audit rows record them. */
export const balancesByType = (
  accounts: Pick<AccountSummary, 'type' | 'balance'>[],
): Partial<Record<AccountType, string>> =>
  Object.fromEntries(accounts.map((account) => [account.type, account.balance]));

/**
 * Dates the opening of members' accounts back to when their (imported or demo) history starts,
 * so "Opened" never reads later than the first transaction.
 */
export async function backdateAccountOpening(tx: Executor, userIds: string[], openedAt: Date): Promise<void> {
  await tx.update(ledgerAccounts).set({ createdAt: openedAt }).where(inArray(ledgerAccounts.userId, userIds));
}

/** An account's available balance in cents (posted balance less money on hold), or null if unknown. */
export async function availableCents(db: Executor, accountId: string): Promise<bigint | null> {
  const [row] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.id, accountId));
  return row ? row.creditsPosted - row.debitsPosted - row.debitsPending : null;
}

/** One member account, locked until the caller's transaction ends, with its balance and held money. */
export interface LockedAccount {
  id: string;
  type: AccountType;
  accountNumber: string | null;
  routingNumber: string | null;
  /** Posted balance and money held for pending payments, in cents. */
  balance: bigint;
  held: bigint;
}

/**
 * Locks a member's account (`FOR UPDATE`) so staff work on it — a balance target, new numbers —
 * sees no transfer land meanwhile. Null when the account is not this member's.
 */
export async function lockMemberAccount(
  tx: Executor,
  userId: string,
  accountId: string,
): Promise<LockedAccount | null> {
  const [row] = await tx
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.id, accountId), eq(ledgerAccounts.userId, userId)))
    .for('update');
  if (!row) return null;
  return {
    id: row.id,
    type: row.type as AccountType,
    accountNumber: row.accountNumber,
    routingNumber: row.routingNumber,
    balance: row.creditsPosted - row.debitsPosted,
    held: row.debitsPending,
  };
}

/** Gives an account new numbers (unique and well-formed: the database's index and CHECK). */
export async function renumberAccount(
  tx: Executor,
  accountId: string,
  numbers: { accountNumber: string; routingNumber: string },
): Promise<void> {
  await tx.update(ledgerAccounts).set(numbers).where(eq(ledgerAccounts.id, accountId));
}

/**
 * Locks all of a member's accounts, in id order, the way `ledger_post` does (`FOR NO KEY UPDATE`:
 * transfers still being written elsewhere may go on referring to them).
 */
export async function lockMemberAccounts(tx: Executor, userId: string): Promise<void> {
  await tx
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .orderBy(asc(ledgerAccounts.id))
    .for('no key update');
}
