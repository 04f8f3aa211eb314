import { centsToDecimal, formatMoney, longDay, messages, type StaffDepositResult } from '@mutual/shared';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import type { Tx } from '../../db/client';
import { withRetry } from '../../db/errors';
import { AppError } from '../../errors';
import { localDay } from '../../time';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { generalLedger } from '../ledger/general-ledger';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { lockMemberAccount } from '../ledger/member-accounts';
import { HOLD_CATEGORY, isReversed, postTransfer, resolvePending } from '../ledger/post-transfer';
import { type DepositFacts, type DepositOutcome, tellMember } from './deposit-notices';
import { type DepositRow, findStaffDeposit } from './deposit-view';
import { depositHolds, mobileDeposits } from './deposits.tables';
import { availabilitySchedule } from './funds-availability';
import { endHold } from './release-holds';

/**
 * Staff decide a deposit (issue 17 item 4), each in one transaction that locks the deposit row
 * first: of two staff acting on one deposit at once exactly one decides it, the other is told it
 * was already reviewed.
 *
 * - **Approve**: the pending credit posts (the balance rises at once) and the money not yet
 *   available under the funds-availability policy is held — a pending transfer out of the account
 *   per part, released by the `deposits.release-holds` job on its day.
 * - **Reject**: the pending credit is voided with the reason; the member sees it Failed with it.
 * - **Return item** (the check bounced): what is still held is voided, and the deposit's amount is
 *   taken back by a new transfer the member sees ("Returned check …"). Members' accounts never go
 *   below zero (the ledger's rule), so when the money has been spent the account gives what it has
 *   and the rest is booked to the returned-items account: a receivable the member owes, shown on
 *   the deposit and told to the member (docs/decisions/2026-11-28-mobile-deposit.md). A deposit
 *   whose credit staff reversed is refused: its money already went back (`reversed-deposit.ts`).
 */

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'mailer'>;
const m = messages.deposits;

interface Locked {
  deposit: DepositRow;
  facts: DepositFacts;
}

async function lockDeposit(tx: Tx, id: string, config: Deps['config']): Promise<Locked> {
  const [row] = await tx
    .select({ deposit: mobileDeposits, type: ledgerAccounts.type, accountNumber: ledgerAccounts.accountNumber })
    .from(mobileDeposits)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, mobileDeposits.accountId))
    .where(eq(mobileDeposits.id, id))
    .for('update', { of: mobileDeposits });
  if (!row) throw new AppError('NOT_FOUND', m.notFound);
  return {
    deposit: row.deposit,
    facts: {
      userId: row.deposit.userId,
      amount: row.deposit.amount,
      account: `${row.type} ••${(row.accountNumber ?? '').slice(-4)}`,
      submittedOn: localDay(row.deposit.submittedAt, config.timeZone),
    },
  };
}

const auditAction = { accepted: 'deposit.approved', rejected: 'deposit.rejected', returned: 'deposit.returned' };

/** What one decision did: the row's new status and fields, what the audit row adds, and what to say. */
interface Decision {
  status: 'accepted' | 'rejected' | 'returned';
  set: Partial<typeof mobileDeposits.$inferInsert>;
  audit: Record<string, unknown>;
  message: string;
  outcome: DepositOutcome;
}

/**
 * Runs one decision on a deposit in `from` status (else CONFLICT with `refusal`): `work` moves the
 * money; the row, the audit row and the member's notice follow here.
 */
async function decide(
  deps: Deps,
  id: string,
  rule: { from: DepositRow['status']; refusal: string; actor: Actor; meta: RequestMeta },
  work: (tx: Tx, locked: Locked, now: Date) => Promise<Decision>,
): Promise<StaffDepositResult> {
  const now = deps.clock();
  const result = await withRetry(() =>
    deps.db.transaction(async (tx) => {
      const locked = await lockDeposit(tx, id, deps.config);
      const { deposit } = locked;
      if (deposit.status !== rule.from) throw new AppError('CONFLICT', rule.refusal);
      const decision = await work(tx, locked, now);
      await tx
        .update(mobileDeposits)
        .set({ ...decision.set, status: decision.status })
        .where(eq(mobileDeposits.id, deposit.id));
      await recordAudit(tx, {
        action: auditAction[decision.status],
        actor: rule.actor,
        targetUserId: deposit.userId,
        meta: rule.meta,
        before: { depositId: deposit.id, status: deposit.status },
        after: {
          depositId: deposit.id,
          status: decision.status,
          amount: centsToDecimal(deposit.amount),
          ...decision.audit,
        },
        at: now,
      });
      await tellMember(tx, deps, locked.facts, decision.outcome, now);
      return { message: decision.message, deposit: await findStaffDeposit(tx, id) };
    }),
  );
  void deps.mailer.flush();
  return result;
}

/**
 * A check is credited once: the same front photo submitted twice (by one member while the first
 * waited, or by two) is only flagged at submission, so approval refuses when a deposit of that photo
 * was already accepted. Approvals of one photo take turns (a lock on its hash), so two approved at
 * once cannot both pass.
 */
async function assertNotDepositedBefore(tx: Tx, deposit: DepositRow, timeZone: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`check-photo:${deposit.frontSha256}`}, 0))`);
  const [earlier] = await tx
    .select({ submittedAt: mobileDeposits.submittedAt })
    .from(mobileDeposits)
    .where(
      and(
        eq(mobileDeposits.frontSha256, deposit.frontSha256),
        eq(mobileDeposits.status, 'accepted'),
        ne(mobileDeposits.id, deposit.id),
      ),
    )
    .limit(1);
  if (earlier) throw new AppError('CONFLICT', m.sameCheckAccepted(longDay(localDay(earlier.submittedAt, timeZone))));
}

export function approveDeposit(deps: Deps, id: string, actor: Actor, meta: RequestMeta) {
  const rule = { from: 'pending_review', refusal: m.alreadyReviewed, actor, meta };
  return decide(deps, id, rule, async (tx, { deposit }, now) => {
    await assertNotDepositedBefore(tx, deposit, deps.config.timeZone);
    await resolvePending(tx, { pendingId: deposit.pendingTransferId, kind: 'post', now, createdBy: actor.userId });
    const parts = availabilitySchedule(deposit.amount, deposit.bankingDay, deps.config);
    for (const part of parts) {
      const due = part.availableAt.getTime() <= now.getTime();
      const hold = due
        ? null
        : await postTransfer(tx, {
            kind: 'pending',
            debitAccountId: deposit.accountId,
            creditAccountId: generalLedger.depositClearing,
            amount: part.amount,
            category: HOLD_CATEGORY,
            debitMemo: `Hold on check deposit: available ${longDay(part.availableOn)}`,
            creditMemo: 'Hold on a mobile check deposit',
            now,
            createdBy: actor.userId,
          });
      await tx.insert(depositHolds).values({
        depositId: deposit.id,
        transferId: hold?.transferId ?? null,
        amount: part.amount,
        releaseOn: part.availableOn,
        releaseAt: part.availableAt,
        releasedAt: due ? now : null,
      });
    }
    const availableOn = parts.at(-1)?.availableOn ?? deposit.bankingDay;
    return {
      status: 'accepted',
      set: { reviewedAt: now, reviewedBy: actor.userId, availableOn },
      audit: { availability: parts.map((part) => ({ amount: centsToDecimal(part.amount), on: part.availableOn })) },
      message: m.approved(formatMoney(deposit.amount), longDay(availableOn)),
      outcome: { kind: 'accepted', parts },
    };
  });
}

export function rejectDeposit(deps: Deps, id: string, reason: string, actor: Actor, meta: RequestMeta) {
  const rule = { from: 'pending_review', refusal: m.alreadyReviewed, actor, meta };
  return decide(deps, id, rule, async (tx, { deposit }, now) => {
    await resolvePending(tx, {
      pendingId: deposit.pendingTransferId,
      kind: 'void',
      reason,
      now,
      createdBy: actor.userId,
    });
    return {
      status: 'rejected',
      set: { reviewedAt: now, reviewedBy: actor.userId, rejectReason: reason },
      audit: { reason },
      message: m.rejected(formatMoney(deposit.amount)),
      outcome: { kind: 'rejected', reason },
    };
  });
}

export function returnDeposit(deps: Deps, id: string, reason: string, actor: Actor, meta: RequestMeta) {
  const rule = { from: 'accepted', refusal: m.notReturnable, actor, meta };
  return decide(deps, id, rule, async (tx, { deposit, facts }, now) => {
    // What is still held is not the member's to spend: void it first.
    const held = await tx
      .select()
      .from(depositHolds)
      .where(
        and(eq(depositHolds.depositId, deposit.id), isNull(depositHolds.releasedAt), isNull(depositHolds.voidedAt)),
      )
      .for('update');
    for (const hold of held) {
      await endHold(tx, hold, 'voidedAt', { reason: 'The deposited check was returned', now, createdBy: actor.userId });
    }
    // The account's money, locked so nothing spends it meanwhile (the ledger's own read).
    const account = await lockMemberAccount(tx, deposit.userId, deposit.accountId);
    // Staff reversed its credit already (read under the account's lock, so a Delete User
    // Transactions run that holds it has committed): the money moves back once. Nothing changes.
    if (await isReversed(tx, deposit.pendingTransferId)) {
      throw new AppError('CONFLICT', m.reversedByStaff);
    }
    const available = account ? account.balance - account.held : 0n;
    const taken = available < deposit.amount ? (available > 0n ? available : 0n) : deposit.amount;
    const owed = deposit.amount - taken;
    const memo = `Returned check: mobile deposit of ${longDay(facts.submittedOn)} (${reason})`;
    // The check's amount goes back to deposit clearing: what the account has, the rest owed.
    const takeBack = (debitAccountId: string, amount: bigint, debitMemo: string, creditMemo: string) =>
      postTransfer(tx, {
        kind: 'single',
        debitAccountId,
        creditAccountId: generalLedger.depositClearing,
        amount,
        category: 'Deposit',
        debitMemo,
        creditMemo,
        now,
        createdBy: actor.userId,
      });
    const taking =
      taken > 0n
        ? await takeBack(deposit.accountId, taken, memo, `Returned check taken back from ${facts.account}`)
        : undefined;
    const owing =
      owed > 0n
        ? await takeBack(
            generalLedger.returnedItems,
            owed,
            `Owed by the member for a returned check (${facts.account})`,
            'Returned check the member could not cover',
          )
        : undefined;
    return {
      status: 'returned',
      set: {
        returnedAt: now,
        returnedBy: actor.userId,
        returnReason: reason,
        amountOwed: owing ? owed : null,
        returnTransferId: taking?.transferId ?? null,
        owedTransferId: owing?.transferId ?? null,
      },
      audit: { reason, takenBack: centsToDecimal(taken), owed: centsToDecimal(owed) },
      message: m.returned(formatMoney(deposit.amount)),
      outcome: { kind: 'returned', reason, taken, owed },
    };
  });
}
