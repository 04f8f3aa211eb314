import { centsToDecimal, messages } from '@mutual/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../deps';
import { type Executor, queryRows, type Tx } from '../../db/client';
import { sqlState } from '../../db/errors';
import { retriedTransaction } from '../../db/transaction';
import { AppError } from '../../errors';
import { localDay } from '../../time';
import { type Actor, type RequestMeta, recordAudit } from '../audit/record-audit';
import { billPayments } from '../bill-pay/bill-pay.tables';
import { tellMember as tellBillPayment } from '../bill-pay/bill-pay-notices';
import { paymentsWithPayee, readPaymentRow } from '../bill-pay/bill-payment-view';
import { continueSeries } from '../bill-pay/bill-payments';
import { seriesStoppedByItself } from '../bill-pay/send-bill-payments';
import { cardAuthorizations } from '../cards/cards.tables';
import { takeBackRewardPoints } from '../cards/issue-card';
import { tellMember as tellDeposit } from '../deposits/deposit-notices';
import { depositHolds, mobileDeposits } from '../deposits/deposits.tables';
import { ledgerAccounts } from '../ledger/ledger.tables';
import { lockMemberAccounts } from '../ledger/member-accounts';
import { resolvePending, reverseTransfer } from '../ledger/post-transfer';
import type { UserRow } from '../people/people.tables';
import { pendingOrderIds, tellCancelledOrders } from '../payments/payment-notices';
import { withBalancesAudited } from './balances-audited';
import { refuseUnlessStaffEntry } from './pending-workflows';
import { beforeReversingWorkflow, refuseReversalOfAReturn, refuseReversalOfRefunded } from './reversed-workflows';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Staff acting on a member from the console: the member, the staff actor, and the request's origin. */
export interface StaffOnMember {
  user: UserRow;
  actor: Actor;
  meta: RequestMeta;
}

/**
 * "Delete a transaction" (spec §4), done the way a bank must (decisions.md): nothing is
 * destroyed. A completed transaction is reversed by a transfer the other way that points at it; a
 * pending one is voided, releasing the held money. The member's history then hides the pair
 * unless asked to show corrections; the audit log records who did it and why.
 */

/** A member's transaction as the ledger holds it, with what has become of it since. */
interface MemberTransfer {
  id: string;
  kind: 'single' | 'pending' | 'failed';
  amount: string;
  debit_memo: string;
  credit_memo: string;
  member_side: 'debit' | 'credit';
  reverses_id: string | null;
  /** For a pending transfer: its resolution (post, void, expire), if any. */
  resolution_id: string | null;
  resolution_kind: 'post' | 'void' | 'expire' | null;
  /** The transfer that reversed it (or its posting), if any. */
  reversed_by: string | null;
  last_entry: string | null;
}

function memberTransfers(userId: string, only?: string) {
  return sql`
    select t.id, t.kind, t.amount::text as amount, t.debit_memo, t.credit_memo, t.reverses_id,
      case when d.user_id = ${userId} then 'debit' else 'credit' end as member_side,
      r.id as resolution_id, r.kind as resolution_kind, z.id as reversed_by,
      (select max(e.id) from ledger_entries e where e.transfer_id = coalesce(r.id, t.id))::text as last_entry
    from ledger_transfers t
    join ledger_accounts d on d.id = t.debit_account_id
    join ledger_accounts c on c.id = t.credit_account_id
    left join ledger_transfers r on r.pending_id = t.id
    left join ledger_transfers z on z.reverses_id = coalesce(r.id, t.id)
    where t.kind in ('single', 'pending', 'failed')
      and (d.user_id = ${userId} or c.user_id = ${userId})
      ${only ? sql`and t.id = ${only}` : sql``}`;
}

/** Reverses (or, if still pending, voids) one of the member's transactions. */
export async function reverseMemberTransaction(
  deps: Deps,
  staff: StaffOnMember,
  transferId: string,
  reason: string,
): Promise<{ message: string }> {
  await changeMemberTransaction(deps, staff, transferId, 'transaction.reversed', async (tx, transfer, now) => {
    const undone = await undo(tx, transfer, reason, staff.actor, now);
    return { ...undone, reason };
  });
  return { message: messages.admin.transactionDeleted };
}

/**
 * Delete User Transactions: undoes every open transaction of the member in one database
 * transaction, set-based (`ledger_reverse_member`) — all of them or, if one cannot be undone
 * (another member has spent money they received, a payment is already in a NACHA file), none,
 * with the reason. The workflows whose holds it voids end with them, in the function too: payment
 * orders returned, deposits awaiting review rejected, deposit funds holds closed, bill payments
 * failed, card authorizations reversed. The member is told of each order, deposit and bill payment
 * as their own module tells them, and the run's one audit row names the records it closed.
 */
export async function reverseAllMemberTransactions(
  deps: Deps & Pick<AppDeps, 'config' | 'mailer' | 'secrets'>,
  { user: member, actor, meta }: StaffOnMember,
  reason: string,
): Promise<{ count: number; message: string }> {
  try {
    const result = await retriedTransaction(deps, async (tx, now) => {
      const open = await lockOpenWorkflows(tx, member.id);
      await lockMemberAccounts(tx, member.id);
      const audit = { action: 'transactions.reversed_all', actor, member, meta, now };
      return withBalancesAudited(tx, audit, async () => {
        const pendingOrders = await pendingOrderIds(tx, member.id);
        const [row] = await queryRows<{ undone: number }>(
          tx,
          sql`
          select ledger_reverse_member(p_user_id => ${member.id}::uuid, p_now => ${now.toISOString()}::timestamptz,
            p_created_by => ${actor.userId}::uuid, p_reason => ${reason}) as undone`,
        );
        const count = Number(row?.undone ?? 0);
        // A payment order it cancelled is told to the member as a return is.
        await tellCancelledOrders(tx, deps, pendingOrders, reason, now);
        const workflows = await closeWorkflows(tx, deps, open, reason, now);
        return {
          facts: { count, reason, ...(workflows && { workflows }) },
          result: { count, message: messages.admin.transactionsDeleted(count) },
        };
      });
    });
    void deps.mailer.flush();
    return result;
  } catch (error) {
    throw (await reverseAllRefusal(deps, member, error)) ?? error;
  }
}

/** The member's workflow records whose hold the run may void, by kind: their ids. */
interface OpenWorkflows {
  deposits: string[];
  depositHolds: string[];
  billPayments: string[];
  cardAuthorizations: string[];
}

/**
 * Locks the member's workflow records still waiting on a hold (`pending-workflows.ts`) before the
 * accounts, in the order their own modules lock (the record, then the ledger's accounts): the run
 * and Deposit Review, the release job, Bill Pay or the card processor acting on one of them at the
 * same moment wait for each other instead of deadlocking.
 */
async function lockOpenWorkflows(tx: Executor, userId: string): Promise<OpenWorkflows> {
  const ids = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ id: string }>(tx, query)).map((row) => row.id);
  // Payment orders too: one the ACH export is writing into a file at this moment is waited for,
  // then seen exported (the run is refused), never voided while the file takes its money.
  await tx.execute(sql`
    select o.id from payment_orders o where o.user_id = ${userId} and o.status = 'pending'
    order by o.id for update`);
  return {
    deposits: await ids(sql`
      select d.id from mobile_deposits d where d.user_id = ${userId} and d.status = 'pending_review'
      order by d.id for update`),
    depositHolds: await ids(sql`
      select h.id from deposit_holds h join mobile_deposits d on d.id = h.deposit_id
      where d.user_id = ${userId} and h.transfer_id is not null and h.released_at is null and h.voided_at is null
      order by h.id for update of h`),
    billPayments: await ids(sql`
      select b.id from bill_payments b
      where b.user_id = ${userId} and b.status = 'scheduled' and b.pending_transfer_id is not null
      order by b.id for update`),
    cardAuthorizations: await ids(sql`
      select c.id from card_authorizations c join cards k on k.id = c.card_id
      where k.user_id = ${userId} and c.status = 'pending'
      order by c.id for update of c`),
  };
}

/**
 * After `ledger_reverse_member`: which of the `open` records it closed (those ended at `now`), the
 * member told of each deposit and bill payment as Deposit Review and the send job tell them, and a
 * recurring payment's series moved on to its next payment. Answers the closed records' ids by kind
 * for the run's audit row, or undefined when it closed none.
 */
async function closeWorkflows(
  tx: Tx,
  deps: Pick<AppDeps, 'config' | 'mailer' | 'secrets'>,
  open: OpenWorkflows,
  reason: string,
  now: Date,
): Promise<Partial<OpenWorkflows> | undefined> {
  const deposits = open.deposits.length
    ? await tx
        .select({ deposit: mobileDeposits, type: ledgerAccounts.type, accountNumber: ledgerAccounts.accountNumber })
        .from(mobileDeposits)
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, mobileDeposits.accountId))
        .where(
          and(
            inArray(mobileDeposits.id, open.deposits),
            eq(mobileDeposits.status, 'rejected'),
            eq(mobileDeposits.reviewedAt, now),
          ),
        )
        .orderBy(mobileDeposits.submittedAt)
    : [];
  for (const { deposit, type, accountNumber } of deposits) {
    const facts = {
      userId: deposit.userId,
      amount: deposit.amount,
      account: `${type} ••${(accountNumber ?? '').slice(-4)}`,
      submittedOn: localDay(deposit.submittedAt, deps.config.timeZone),
    };
    await tellDeposit(tx, deps, facts, { kind: 'rejected', reason }, now);
  }
  const holds = open.depositHolds.length
    ? await tx
        .select({ id: depositHolds.id })
        .from(depositHolds)
        .where(and(inArray(depositHolds.id, open.depositHolds), eq(depositHolds.voidedAt, now)))
    : [];
  const payments = open.billPayments.length
    ? await paymentsWithPayee(tx)
        .where(
          and(
            inArray(billPayments.id, open.billPayments),
            eq(billPayments.status, 'failed'),
            eq(billPayments.failedAt, now),
          ),
        )
        .orderBy(billPayments.payOn, billPayments.id)
    : [];
  const sentence = /[.!?]$/.test(reason) ? reason : `${reason}.`;
  for (const row of payments) {
    // A payee whose number cannot be opened does not stop the run: the notice leaves its last four out.
    const payment = readPaymentRow(deps.secrets, row);
    await tellBillPayment(tx, deps, payment, { kind: 'failed', reason: sentence }, now);
    const { seriesId, occurrence } = row.payment;
    if (!seriesId || !occurrence) continue;
    const series = await continueSeries(tx, seriesId, occurrence, 'missed', deps.config.billPay.seriesMaxMissed, now);
    if (series.kind === 'stopped') await seriesStoppedByItself(tx, deps, payment, series.missed, now);
  }
  const cards = open.cardAuthorizations.length
    ? await tx
        .select({ id: cardAuthorizations.id })
        .from(cardAuthorizations)
        .where(
          and(
            inArray(cardAuthorizations.id, open.cardAuthorizations),
            eq(cardAuthorizations.status, 'reversed'),
            eq(cardAuthorizations.reversedAt, now),
          ),
        )
    : [];
  const closed = {
    ...(deposits.length > 0 && { deposits: deposits.map((row) => row.deposit.id) }),
    ...(holds.length > 0 && { depositHolds: holds.map((row) => row.id) }),
    ...(payments.length > 0 && { billPayments: payments.map((row) => row.payment.id) }),
    ...(cards.length > 0 && { cardAuthorizations: cards.map((row) => row.id) }),
  };
  return Object.keys(closed).length > 0 ? closed : undefined;
}

/** The refusal `ledger_reverse_member` raised, in words naming the transaction that blocks the run. */
async function reverseAllRefusal(deps: Deps, member: UserRow, error: unknown): Promise<AppError | undefined> {
  const state = sqlState(error);
  if (state !== 'MU402' && state !== 'MU409') return undefined;
  const transferId = (error as { detail?: string }).detail ?? '';
  const [transfer] = await queryRows<MemberTransfer>(deps.db, memberTransfers(member.id, transferId));
  const why = state === 'MU402' ? 'the money it brought in has since been spent' : messages.admin.exportedPaymentOrder;
  const what = transfer ? `"${describe(transfer).description}" (${describe(transfer).amount})` : 'One transaction';
  return new AppError(
    state === 'MU402' ? 'INSUFFICIENT_FUNDS' : 'CONFLICT',
    `${messages.admin.deleteTransactionsFailed}. ${what} could not be reversed: ${why}. Nothing was changed.`,
  );
}

/**
 * Posts a pending transaction staff entered (Add Transactions, status Pending): "Complete" in the
 * member's transaction table. A pending entry of a workflow (a mobile deposit, a bill payment, a
 * card authorization, a payment order) is refused with where it is handled (`pending-workflows.ts`).
 */
export async function completePendingTransaction(
  deps: Deps,
  staff: StaffOnMember,
  transferId: string,
): Promise<{ message: string }> {
  await changeMemberTransaction(deps, staff, transferId, 'transaction.completed', async (tx, transfer, now) => {
    if (transfer.kind !== 'pending' || transfer.resolution_id !== null) {
      throw new AppError('CONFLICT', messages.admin.notPendingTransaction);
    }
    await refuseUnlessStaffEntry(tx, transfer.id);
    const posted = await resolvePending(tx, {
      pendingId: transfer.id,
      kind: 'post',
      now,
      createdBy: staff.actor.userId,
    }).catch(conflictAs(messages.admin.notPendingTransaction));
    return { status: 'Completed', postedTransferId: posted.transferId };
  });
  return { message: messages.admin.pendingCompleted };
}

/**
 * Finds one of the member's transactions (NOT_FOUND if it is not theirs), changes it with `change`
 * and audits the change (the transaction as it was, and what `change` answers), in one retried
 * database transaction.
 */
async function changeMemberTransaction(
  deps: Deps,
  { user: member, actor, meta }: StaffOnMember,
  transferId: string,
  action: string,
  change: (tx: Tx, transfer: MemberTransfer, now: Date) => Promise<Record<string, unknown>>,
): Promise<void> {
  await retriedTransaction(deps, async (tx, now) => {
    const [transfer] = await queryRows<MemberTransfer>(tx, memberTransfers(member.id, transferId));
    if (!transfer) throw new AppError('NOT_FOUND', messages.admin.transactionNotFound);
    const after = await change(tx, transfer, now);
    await recordAudit(tx, { action, actor, targetUserId: member.id, meta, before: describe(transfer), after, at: now });
  });
}

async function undo(
  tx: Executor,
  transfer: MemberTransfer,
  reason: string,
  actor: Actor,
  now: Date,
): Promise<Record<string, unknown>> {
  if (transfer.kind === 'failed') {
    throw new AppError('CONFLICT', 'This transaction failed and moved no money: there is nothing to reverse.');
  }
  if (transfer.reverses_id !== null) throw new AppError('CONFLICT', 'This is a reversal; it cannot be deleted.');
  if (transfer.reversed_by !== null) throw new AppError('CONFLICT', messages.admin.alreadyReversed);
  const common = { reason, now, createdBy: actor.userId };

  if (transfer.kind === 'pending' && transfer.resolution_id === null) {
    // Voiding fails it: only a staff entry's, a workflow's is failed in its own place (Delete User
    // Transactions returns payment orders all at once).
    await refuseUnlessStaffEntry(tx, transfer.id);
    const voided = await resolvePending(tx, { pendingId: transfer.id, kind: 'void', ...common }).catch(
      conflictAs(messages.admin.alreadyReversed),
    );
    return { voidedBy: voided.transferId, status: 'Failed' };
  }
  if (transfer.kind === 'pending' && transfer.resolution_kind !== 'post') {
    throw new AppError('CONFLICT', 'This payment already failed and moved no money: there is nothing to reverse.');
  }
  const original = transfer.resolution_kind === 'post' && transfer.resolution_id ? transfer.resolution_id : transfer.id;
  if (original === transfer.id) await refuseReversalOfAReturn(tx, transfer.id);
  await refuseReversalOfRefunded(tx, original);
  const workflow = original === transfer.id ? {} : await beforeReversingWorkflow(tx, transfer.id, common);
  const reversed = await reverseTransfer(tx, { transferId: original, ...common })
    .catch(conflictAs(messages.admin.alreadyReversed))
    .catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS') {
        throw new AppError(
          'INSUFFICIENT_FUNDS',
          `${messages.admin.deleteTransactionFailed}: the account no longer holds the money this would take back.`,
        );
      }
      throw error;
    });
  // A card purchase's points go with it.
  const pointsTakenBack = await takeBackRewardPoints(tx, original);
  return {
    reversalId: reversed.transferId,
    status: 'Reversed',
    ...workflow,
    ...(pointsTakenBack && { pointsTakenBack }),
  };
}

const conflictAs = (message: string) => (error: unknown) => {
  if (error instanceof AppError && error.code === 'CONFLICT') throw new AppError('CONFLICT', message);
  throw error;
};

function describe(transfer: MemberTransfer) {
  return {
    transferId: transfer.id,
    amount: centsToDecimal(BigInt(transfer.amount)),
    type: transfer.member_side,
    description: transfer.member_side === 'debit' ? transfer.debit_memo : transfer.credit_memo,
    status:
      transfer.kind === 'failed'
        ? 'Failed'
        : transfer.kind === 'single' || transfer.resolution_kind === 'post'
          ? 'Completed'
          : 'Pending',
  };
}
