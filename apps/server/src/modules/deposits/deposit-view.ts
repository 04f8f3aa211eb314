import {
  centsToDecimal,
  DEPOSITS_PAGE_SIZE,
  type DepositFlag,
  depositBadgeLabel,
  type DepositStatus,
  type DepositView,
  type StaffDeposit,
  type StaffDepositDetail,
  type StaffDepositPage,
  depositStatuses,
  messages,
} from '@mutual/shared';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { fileUrl } from '../files/save-file';
import { ledgerAccounts, ledgerTransfers } from '../ledger/ledger.tables';
import { users } from '../people/people.tables';
import { depositHolds, mobileDeposits } from './deposits.tables';

/** How deposits read back: for the member (`DepositView`) and for staff (with the member and flags). */

export type DepositRow = typeof mobileDeposits.$inferSelect;
type HoldRow = typeof depositHolds.$inferSelect;

const reviewer = alias(users, 'reviewer');
const returner = alias(users, 'returner');
const reverser = alias(users, 'reverser');
const posting = alias(ledgerTransfers, 'posting');
const reversal = alias(ledgerTransfers, 'reversal');

/**
 * A deposit with what its views need: the account, the member, the staff who acted on it, and —
 * read from the ledger, the truth — the reversal of its posted credit if staff made one (two probes
 * of unique indexes: the posting by its pending transfer, the reversal by what it reverses), and
 * whether a returned check's owed part was reversed (one probe).
 */
export function depositsWithParties(db: Executor) {
  const reversed = db
    .select({ at: reversal.createdAt, reason: reversal.reason, by: reverser.email })
    .from(posting)
    .innerJoin(reversal, eq(reversal.reversesId, posting.id))
    .leftJoin(reverser, eq(reverser.id, reversal.createdBy))
    .where(and(eq(posting.pendingId, mobileDeposits.pendingTransferId), eq(posting.kind, 'post')))
    .limit(1)
    .as('reversed');
  return db
    .select({
      deposit: mobileDeposits,
      accountType: ledgerAccounts.type,
      accountNumber: ledgerAccounts.accountNumber,
      member: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        approvedAt: users.approvedAt,
        createdAt: users.createdAt,
      },
      reviewedBy: reviewer.email,
      returnedBy: returner.email,
      reversed: { at: reversed.at, reason: reversed.reason, by: reversed.by },
      /** A returned check's owed part, reversed since (with its credit, by Delete User Transactions). */
      owedReversed: sql<boolean>`exists (
        select 1 from ledger_transfers z where z.reverses_id = ${mobileDeposits.owedTransferId})`,
    })
    .from(mobileDeposits)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, mobileDeposits.accountId))
    .innerJoin(users, eq(users.id, mobileDeposits.userId))
    .leftJoin(reviewer, eq(reviewer.id, mobileDeposits.reviewedBy))
    .leftJoin(returner, eq(returner.id, mobileDeposits.returnedBy))
    .leftJoinLateral(reversed, sql`true`);
}

export type DepositWithParties = Awaited<ReturnType<typeof depositsWithParties>>[number];

async function holdsOf(db: Executor, depositIds: string[]): Promise<Map<string, HoldRow[]>> {
  const byDeposit = new Map<string, HoldRow[]>();
  if (depositIds.length === 0) return byDeposit;
  const rows = await db
    .select()
    .from(depositHolds)
    .where(inArray(depositHolds.depositId, depositIds))
    .orderBy(asc(depositHolds.releaseAt));
  for (const row of rows) byDeposit.set(row.depositId, [...(byDeposit.get(row.depositId) ?? []), row]);
  return byDeposit;
}

/** The member's view of one deposit. */
export function toView(row: DepositWithParties, holds: HoldRow[]): DepositView {
  const { deposit } = row;
  const availability = holds.map((hold) => ({
    amount: centsToDecimal(hold.amount),
    availableOn: hold.releaseOn,
    released: hold.releasedAt !== null,
  }));
  return {
    id: deposit.id,
    toAccount: row.accountType === 'Savings' ? 'Savings' : 'Checking',
    accountNumberLast4: (row.accountNumber ?? '').slice(-4),
    amount: centsToDecimal(deposit.amount),
    checkNumber: deposit.checkNumber,
    status: deposit.status as DepositStatus,
    submittedAt: deposit.submittedAt.toISOString(),
    reviewedAt: deposit.reviewedAt?.toISOString() ?? null,
    availableOn: deposit.status === 'accepted' || deposit.status === 'returned' ? deposit.availableOn : null,
    // Reversed: no money of it is on its way any more (its funds holds were closed with it).
    availability: deposit.status === 'accepted' && !row.reversed ? availability : [],
    rejectReason: deposit.rejectReason,
    returnedAt: deposit.returnedAt?.toISOString() ?? null,
    returnReason: deposit.returnReason,
    // Owed while the receivable stands: not once it was reversed with the check's credit.
    amountOwed: deposit.amountOwed && !row.owedReversed ? centsToDecimal(deposit.amountOwed) : null,
    reversedAt: row.reversed?.at.toISOString() ?? null,
    reversalReason: row.reversed?.reason ?? null,
    frontImageUrl: fileUrl(deposit.frontFileId) ?? '',
    backImageUrl: fileUrl(deposit.backFileId) ?? '',
  };
}

/** The word on a deposit's badge now: its status, or Reversed (read from the ledger). */
const badgeOf = (row: DepositWithParties) =>
  depositBadgeLabel({
    status: row.deposit.status as DepositStatus,
    reversedAt: row.reversed?.at.toISOString() ?? null,
  });

/**
 * The deposits that the rows' flags point at, each with the word on its badge now. A flag written
 * when its deposit was sent names the other deposit ("Same photo as the deposit of $80.00 on …");
 * staff deciding later read that deposit's status as it is now — accepted, rejected or reversed
 * since — added in brackets.
 */
async function flaggedDepositsNow(db: Executor, rows: DepositWithParties[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.flatMap((row) => row.deposit.flags.flatMap((flag) => flag.depositId ?? [])))];
  if (ids.length === 0) return new Map();
  const related = await depositsWithParties(db).where(inArray(mobileDeposits.id, ids));
  return new Map(related.map((row) => [row.deposit.id, badgeOf(row)]));
}

/** A flag's words, with the other deposit's status as it is now in brackets. */
function flagNow(flag: DepositFlag, statuses: Map<string, string>): DepositFlag {
  const status = flag.depositId ? statuses.get(flag.depositId) : undefined;
  return status ? { ...flag, label: `${flag.label} (${status})` } : flag;
}

export function toStaffView(row: DepositWithParties, holds: HoldRow[], statuses: Map<string, string>): StaffDeposit {
  const { member } = row;
  return {
    ...toView(row, holds),
    member: {
      id: member.id,
      name: `${member.firstName} ${member.lastName}`.trim(),
      email: member.email,
      memberSince: (member.approvedAt ?? member.createdAt).toISOString().slice(0, 10),
    },
    flags: row.deposit.flags.map((flag) => flagNow(flag, statuses)),
    reviewedBy: row.reviewedBy,
    returnedBy: row.returnedBy,
    reversedBy: row.reversed?.by ?? null,
  };
}

/** The member's deposits, newest first, one page. */
export async function memberDeposits(db: Executor, userId: string, page: number) {
  const where = eq(mobileDeposits.userId, userId);
  const [rows, [total]] = await Promise.all([
    depositsWithParties(db)
      .where(where)
      .orderBy(desc(mobileDeposits.submittedAt), desc(mobileDeposits.id))
      .limit(DEPOSITS_PAGE_SIZE)
      .offset((page - 1) * DEPOSITS_PAGE_SIZE),
    db.select({ n: count() }).from(mobileDeposits).where(where),
  ]);
  const holds = await holdsOf(
    db,
    rows.map((row) => row.deposit.id),
  );
  return {
    deposits: rows.map((row) => toView(row, holds.get(row.deposit.id) ?? [])),
    total: total?.n ?? 0,
    page,
    pageSize: DEPOSITS_PAGE_SIZE,
  };
}

/** One of the member's deposits; another member's is not found. */
export async function findMemberDeposit(db: Executor, userId: string, id: string): Promise<DepositView> {
  const [row] = await depositsWithParties(db).where(and(eq(mobileDeposits.id, id), eq(mobileDeposits.userId, userId)));
  if (!row) throw new AppError('NOT_FOUND', messages.deposits.notFound);
  const holds = await holdsOf(db, [id]);
  return toView(row, holds.get(id) ?? []);
}

export async function findStaffDeposit(db: Executor, id: string): Promise<StaffDeposit> {
  const [row] = await depositsWithParties(db).where(eq(mobileDeposits.id, id));
  if (!row) throw new AppError('NOT_FOUND', messages.deposits.notFound);
  const [holds, statuses] = await Promise.all([holdsOf(db, [id]), flaggedDepositsNow(db, [row])]);
  return toStaffView(row, holds.get(id) ?? [], statuses);
}

/** Staff: one status's deposits with the count of each; Pending Review oldest first. */
export async function staffDeposits(db: Executor, status: DepositStatus, page: number): Promise<StaffDepositPage> {
  const order =
    status === 'pending_review'
      ? [asc(mobileDeposits.submittedAt), asc(mobileDeposits.id)]
      : [desc(sql`coalesce(${mobileDeposits.returnedAt}, ${mobileDeposits.reviewedAt})`), desc(mobileDeposits.id)];
  const [rows, counted] = await Promise.all([
    depositsWithParties(db)
      .where(eq(mobileDeposits.status, status))
      .orderBy(...order)
      .limit(DEPOSITS_PAGE_SIZE)
      .offset((page - 1) * DEPOSITS_PAGE_SIZE),
    db.select({ status: mobileDeposits.status, n: count() }).from(mobileDeposits).groupBy(mobileDeposits.status),
  ]);
  const [holds, statuses] = await Promise.all([
    holdsOf(
      db,
      rows.map((row) => row.deposit.id),
    ),
    flaggedDepositsNow(db, rows),
  ]);
  const counts = Object.fromEntries(depositStatuses.map((s) => [s, 0])) as Record<DepositStatus, number>;
  for (const row of counted) if (row.status in counts) counts[row.status as DepositStatus] = row.n;
  return {
    deposits: rows.map((row) => toStaffView(row, holds.get(row.deposit.id) ?? [], statuses)),
    counts,
    total: counts[status],
    page,
    pageSize: DEPOSITS_PAGE_SIZE,
  };
}

/** Staff: one deposit, the member's other deposits (newest 20) and their usual amount. */
export async function staffDepositDetail(db: Executor, id: string): Promise<StaffDepositDetail> {
  const deposit = await findStaffDeposit(db, id);
  const others = await depositsWithParties(db)
    .where(and(eq(mobileDeposits.userId, deposit.member.id), ne(mobileDeposits.id, id)))
    .orderBy(desc(mobileDeposits.submittedAt))
    .limit(20);
  const holds = await holdsOf(
    db,
    others.map((row) => row.deposit.id),
  );
  const usual = await usualAmount(db, deposit.member.id, new Date(deposit.submittedAt));
  return {
    deposit,
    history: others.map((row) => toView(row, holds.get(row.deposit.id) ?? [])),
    usual: { count: usual.count, average: usual.average === null ? null : centsToDecimal(usual.average) },
  };
}

/** The member's accepted deposits sent before `before`: how many, and their average in whole cents. */
export async function usualAmount(db: Executor, userId: string, before: Date) {
  const [row] = await db
    .select({ n: count(), total: sql<string | null>`sum(${mobileDeposits.amount})::text` })
    .from(mobileDeposits)
    .where(
      and(
        eq(mobileDeposits.userId, userId),
        eq(mobileDeposits.status, 'accepted'),
        sql`${mobileDeposits.submittedAt} < ${before.toISOString()}::timestamptz`,
      ),
    );
  const n = row?.n ?? 0;
  return { count: n, average: n > 0 && row?.total ? BigInt(row.total) / BigInt(n) : null };
}
