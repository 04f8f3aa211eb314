import { messages, type PendingWorkflow, type StaffTransactionPage, type TransactionPage } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../errors';

/**
 * What a pending ledger transfer belongs to (`pendingWorkflows`). A mobile deposit's credit is
 * approved or rejected in Deposit Review, its funds holds released on their day; a bill payment's
 * hold is sent or cancelled by Bill Pay; a card authorization is cleared, reversed or expired by
 * the card processor; a payment order is settled or returned in Payment Operations. Each of those
 * keeps its own record beside the ledger, which completing or voiding the transfer from the
 * member's transaction table would leave behind (a deposit still "Pending Review" whose money was
 * released without review). Only a pending entry staff added themselves (Add Transactions with
 * status Pending: created by a staff user, in no workflow) is the table's to complete or delete.
 *
 * Each look-up is a probe of a unique index (a card's: the small partial index of authorizations
 * still pending), for the few pending rows of a page.
 */
export async function pendingWorkflowsOf(db: Executor, transferIds: string[]): Promise<Map<string, PendingWorkflow>> {
  if (transferIds.length === 0) return new Map();
  const rows = await queryRows<{ id: string; workflow: PendingWorkflow }>(
    db,
    sql`
    select t.id::text as id,
      case
        when exists (select 1 from mobile_deposits d where d.pending_transfer_id = t.id) then 'deposit'
        when exists (select 1 from deposit_holds h where h.transfer_id = t.id) then 'depositHold'
        when exists (select 1 from bill_payments b where b.pending_transfer_id = t.id) then 'billPayment'
        when exists (select 1 from card_authorizations c
          where c.status = 'pending' and c.hold_transfer_id = t.id) then 'cardAuthorization'
        when exists (select 1 from payment_orders o where o.pending_transfer_id = t.id) then 'paymentOrder'
        when exists (select 1 from users u where u.id = t.created_by and u.role = 'admin') then 'staffEntry'
        else 'other'
      end as workflow
    from ledger_transfers t
    where t.id in (${sql.join(
      transferIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and t.kind = 'pending'`,
  );
  return new Map(rows.map((row) => [row.id, row.workflow]));
}

/**
 * Refuses (409, saying where it is handled) a pending transfer that is not a staff entry: it is
 * completed or failed in its workflow's place, never from the member's transaction table.
 */
export async function refuseUnlessStaffEntry(db: Executor, transferId: string): Promise<void> {
  const workflow = (await pendingWorkflowsOf(db, [transferId])).get(transferId) ?? 'other';
  if (workflow !== 'staffEntry') throw new AppError('CONFLICT', messages.admin.pendingHandledElsewhere[workflow]);
}

/** A page of the member's history for staff: each Pending row says what it belongs to. */
export async function withPendingWorkflows(db: Executor, page: TransactionPage): Promise<StaffTransactionPage> {
  const pending = page.items.filter((item) => item.status === 'Pending').map((item) => item.transferId);
  const workflows = await pendingWorkflowsOf(db, [...new Set(pending)]);
  return {
    ...page,
    items: page.items.map((item) => ({
      ...item,
      workflow: item.status === 'Pending' ? (workflows.get(item.transferId) ?? 'other') : null,
    })),
  };
}
