import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * The ledger's answers about a member's money, for the dashboard: what the counters say now, and
 * what moved over a period. Every figure is in cents and comes from the ledger's own rows; other
 * modules ask here rather than reading ledger tables.
 */

export interface MemberBalances {
  /** Checking's available balance: posted balance less money held for pending payments. */
  checkingAvailable: bigint;
  /** Money on hold going out or on its way in, over all the member's accounts. */
  pending: bigint;
}

/** From the accounts' counters: one indexed read of the member's (two) accounts. */
export async function memberBalances(db: Executor, userId: string): Promise<MemberBalances> {
  const [row] = await queryRows<{ available: unknown; pending: unknown }>(db, sql`
    select coalesce(sum(credits_posted - debits_posted - debits_pending) filter (where type = 'Checking'), 0) as available,
           coalesce(sum(debits_pending + credits_pending), 0) as pending
    from ledger_accounts where user_id = ${userId}`);
  return { checkingAvailable: cents(row?.available), pending: cents(row?.pending) };
}

export interface MemberFlows {
  /** Money that came in from outside the member's accounts, corrections excluded. */
  income: bigint;
  /** Money that went out to outside the member's accounts, corrections excluded. */
  outgoing: bigint;
  /** Staff corrections, net (in minus out): see `flowsSql` for what counts as one. */
  corrections: bigint;
}

/**
 * What moved into and out of the member's accounts with an effective date in [from, to]: posted
 * transfers only (a `single`, or the `post` that completes a pending one), moves between the
 * member's own accounts left out.
 *
 * A **correction** is a movement staff made on the member's books rather than one the member (or
 * the outside world) caused. Precisely, a transfer is a correction when
 *   - it is a reversal (`reverses_id` set), or it has been reversed — what staff "deleted"; or
 *   - its other side is one of the credit union's own (general-ledger) accounts and it was written
 *     by someone other than the member: `created_by` is set and is not the member. For a `post`
 *     it is the pending transfer's author that counts. That covers balance adjustments
 *     (adjust-balance.ts), transactions staff entered and their completion
 *     (staff-transactions.ts, staff-reversals.ts) and the opening deposits staff type when
 *     creating a member (create-user.ts).
 * Not corrections: anything the member started (their transfers and payment orders, even when
 * staff settle or return them: the pending transfer is the member's), money from another member,
 * and what the system writes with no author (imported or demo history, expiry of a payment).
 */
export async function memberFlows(db: Executor, userId: string, from: Date, to: Date): Promise<MemberFlows> {
  const [row] = await queryRows<Record<keyof MemberFlows, unknown>>(db, flowsSql(userId, from, to));
  return { income: cents(row?.income), outgoing: cents(row?.outgoing), corrections: cents(row?.corrections) };
}

/**
 * One pass over the period's transfers on each side of each of the member's accounts. The
 * (account, effective_at, created_at, id, kind, amount, other account, reverses_id, pending_id,
 * created_by) indexes (migration 0007) hold every column read here, so the pass reads the index
 * alone (index-only, where the visibility map allows) — only a posting looks up its pending
 * transfer's author. The member's reversals come from their small partial indexes, so "has it been
 * reversed?" is a hash lookup, not a probe per row.
 */
export function flowsSql(userId: string, from: Date, to: Date) {
  const range = sql`t.kind in ('single', 'post') and t.effective_at >= ${from.toISOString()}::timestamptz and t.effective_at <= ${to.toISOString()}::timestamptz`;
  return sql`
    with mine as materialized (select id from ledger_accounts where user_id = ${userId}),
    general as materialized (select id from ledger_accounts where user_id is null),
    undone as materialized (
      select z.reverses_id as id from ledger_transfers z where z.reverses_id is not null and z.debit_account_id in (select id from mine)
      union
      select z.reverses_id from ledger_transfers z where z.reverses_id is not null and z.credit_account_id in (select id from mine)
    ),
    moves as (
      select t.id, t.amount, t.reverses_id, t.pending_id, t.created_by, t.debit_account_id as other, 1 as direction
      from ledger_transfers t where t.credit_account_id in (select id from mine) and ${range}
      union all
      select t.id, t.amount, t.reverses_id, t.pending_id, t.created_by, t.credit_account_id, -1
      from ledger_transfers t where t.debit_account_id in (select id from mine) and ${range}
    ),
    classified as (
      select m.amount, m.direction,
        m.reverses_id is not null or m.id in (select id from undone)
        or (m.other in (select id from general)
            and coalesce(case when m.pending_id is not null then (select p.created_by from ledger_transfers p where p.id = m.pending_id) else m.created_by end
                         <> ${userId}::uuid, false)) as correction
      from moves m where m.other not in (select id from mine)
    )
    select coalesce(sum(amount) filter (where direction = 1 and not correction), 0) as income,
           coalesce(sum(amount) filter (where direction = -1 and not correction), 0) as outgoing,
           coalesce(sum(amount * direction) filter (where correction), 0) as corrections
    from classified`;
}

const cents = (value: unknown) => BigInt(String(value ?? 0));
