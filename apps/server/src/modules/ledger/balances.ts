import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * The ledger's answer about a member's money for the dashboard, in cents, from the ledger's own
 * rows; other modules ask here rather than reading ledger tables. What counts as income, outgoing
 * and a correction is defined, with the indexes it reads, in `sql/ledger_member_month.sql`.
 */
export interface MemberMonth {
  /** Checking's available balance: posted balance less money held for pending payments. */
  checkingAvailable: bigint;
  /** Money on hold going out or on its way in, over all the member's accounts. */
  pending: bigint;
  /** The part of `pending` held going out (a payment, a card authorization): the accounts' pending debits. */
  pendingOut: bigint;
  /** The part of `pending` on its way in (a deposit under review): the accounts' pending credits. */
  pendingIn: bigint;
  /** This month: money that came in from outside the member's accounts, corrections excluded. */
  income: bigint;
  /** This month: money that went out to outside the member's accounts, corrections excluded. */
  outgoing: bigint;
  /** This month: staff corrections, net (in minus out). */
  corrections: bigint;
}

/** The balances now and the flows of `now`'s calendar month in `timeZone`: one statement. */
export async function memberMonth(db: Executor, userId: string, now: Date, timeZone: string): Promise<MemberMonth> {
  const [row] = await queryRows<
    Record<'available' | 'pending' | 'pending_out' | 'pending_in' | 'income' | 'outgoing' | 'corrections', unknown>
  >(
    db,
    sql`
    select available, pending, pending_out, pending_in, income, outgoing, corrections
    from ledger_member_month(
      p_user_id => ${userId}::uuid, p_now => ${now.toISOString()}::timestamptz, p_time_zone => ${timeZone})`,
  );
  return {
    checkingAvailable: cents(row?.available),
    pending: cents(row?.pending),
    pendingOut: cents(row?.pending_out),
    pendingIn: cents(row?.pending_in),
    income: cents(row?.income),
    outgoing: cents(row?.outgoing),
    corrections: cents(row?.corrections),
  };
}

const cents = (value: unknown) => BigInt(String(value ?? 0));
