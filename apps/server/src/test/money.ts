import { randomUUID } from 'node:crypto';
import {
  type AccountOverview,
  type AccountSummary,
  type AccountType,
  centsToDecimal,
  IDEMPOTENCY_HEADER,
  type TransactionCategory,
} from '@mutual/shared';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { generalLedger } from '../modules/ledger/general-ledger';
import { ledgerAccounts } from '../modules/ledger/ledger.tables';
import { postTransfer } from '../modules/ledger/post-transfer';
import { type Browser, createPerson, signIn, type TestApp, uniqueEmail } from './identity';

/**
 * Shared steps for the money tests: members with money (deposited through the ledger, as a
 * branch deposit would be), transfers through the API with idempotency keys, and balance reads.
 */

/**
 * What a ledger account holds, posted: credits less debits. The credit union's receivables (the
 * returned-items account) stand below zero.
 */
export async function postedBalance(t: TestApp, id: string): Promise<bigint> {
  const [row] = await t.db
    .select({ debits: ledgerAccounts.debitsPosted, credits: ledgerAccounts.creditsPosted })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.id, id));
  if (!row) throw new Error(`no ledger account ${id}`);
  return row.credits - row.debits;
}

export async function accountId(t: TestApp, userId: string, type: AccountType): Promise<string> {
  const [row] = await t.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.type, type)));
  if (!row) throw new Error(`no ${type} account for ${userId}`);
  return row.id;
}

export interface CashEntry {
  /** credit: cash into the member's account (a deposit); debit: cash out of it (a withdrawal). */
  side?: 'credit' | 'debit';
  account?: AccountType;
  /** Default: Deposit for a credit, Withdrawal for a debit. */
  category?: TransactionCategory;
  memo?: string;
  /** The date it counts from; default: now. */
  effectiveAt?: Date;
}

/** Money into or out of a member's account against the cash account, through the ledger (as a branch would). */
export async function cashEntry(
  t: TestApp,
  userId: string,
  cents: bigint,
  { side = 'credit', account = 'Checking', category, memo = 'Cash deposit', effectiveAt }: CashEntry = {},
) {
  const own = await accountId(t, userId, account);
  await t.db.transaction(async (tx) =>
    postTransfer(tx, {
      kind: 'single',
      debitAccountId: side === 'credit' ? generalLedger.cash : own,
      creditAccountId: side === 'credit' ? own : generalLedger.cash,
      amount: cents,
      category: category ?? (side === 'credit' ? 'Deposit' : 'Withdrawal'),
      debitMemo: memo,
      creditMemo: memo,
      effectiveAt,
      now: t.clock(),
      createdBy: null,
    }),
  );
}

/** A cash deposit into the member's account, through the ledger. */
export function deposit(t: TestApp, userId: string, cents: bigint, account: AccountType = 'Checking', memo?: string) {
  return cashEntry(t, userId, cents, { account, memo });
}

export interface Member {
  id: string;
  email: string;
  name: string;
  browser: Browser;
}

/** A signed-in member (staff-created, active) with `checking` cents in Checking. */
export async function memberWithMoney(t: TestApp, checking: bigint, name = 'Robin Tester'): Promise<Member> {
  const email = uniqueEmail('member');
  const user = await createPerson(t, { email, name });
  if (checking > 0n) await deposit(t, user.id, checking);
  return { id: user.id, email, name, browser: await signIn(t, email) };
}

export const newKey = () => randomUUID();

/** POSTs a transfer with an idempotency key (a fresh one unless given). */
export function sendTransfer(browser: Browser, path: string, body: unknown, key: string = newKey()) {
  return browser.post(path, body, { headers: { [IDEMPOTENCY_HEADER]: key } });
}

export async function balances(browser: Browser): Promise<Record<AccountType, { balance: string; available: string }>> {
  const response = await browser.get('/api/me/accounts');
  expect(response.statusCode, response.body).toBe(200);
  const accounts = response.json<{ accounts: AccountSummary[] }>().accounts;
  const find = (type: AccountType) => {
    const account = accounts.find((a) => a.type === type);
    if (!account) throw new Error(`no ${type}`);
    return { balance: account.balance, available: account.available };
  };
  return { Checking: find('Checking'), Savings: find('Savings') };
}

export async function overview(browser: Browser): Promise<AccountOverview> {
  const response = await browser.get('/api/me/summary');
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AccountOverview>();
}

/**
 * Expects what the member's dashboard shows: Checking's balance and available (money held shows as
 * a smaller available, the balance unchanged) and the pending total of the summary.
 */
export async function expectCheckingFigures(
  browser: Browser,
  expected: { balance: string; available: string; pending: string },
) {
  expect((await balances(browser)).Checking).toEqual({ balance: expected.balance, available: expected.available });
  expect((await overview(browser)).pendingTotal).toBe(expected.pending);
}

export const dollars = (cents: bigint) => centsToDecimal(cents);

/** What `balances` reads when nothing is held: each account's available equals its balance. */
export const settledBalances = (checking: string, savings: string) => ({
  Checking: { balance: checking, available: checking },
  Savings: { balance: savings, available: savings },
});

/** The two balances alone, for `toMatchObject` against `balances` (what is available is not checked). */
export const postedBalances = (checking: string, savings: string) => ({
  Checking: { balance: checking },
  Savings: { balance: savings },
});
