import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';

/**
 * An account's balance at an instant, from the ledger's own running balances: an account's
 * entries are numbered gap-free in the order they were written (`account_version`), and each
 * carries the posted and available balance after it, so the balance at an instant is the one
 * after the last entry recorded before it. A period closed this way never changes afterwards:
 * a correction recorded later is in the period it was recorded in. Statements, dividends and
 * card statements read balances this way.
 */

export interface Cut {
  /** The last entry recorded before the instant (0 when there is none). */
  version: bigint;
  balance: bigint;
  available: bigint;
}

export async function cutBefore(db: Executor, accountId: string, instant: Date): Promise<Cut> {
  // Walks the account's entries backwards from the newest: a closed month is near the top.
  const [row] = await queryRows<{ account_version: unknown; balance_after: unknown; available_after: unknown }>(
    db,
    sql`select account_version, balance_after, available_after from ledger_entries
        where account_id = ${accountId} and created_at < ${instant.toISOString()}::timestamptz
        order by account_version desc limit 1`,
  );
  if (!row) return { version: 0n, balance: 0n, available: 0n };
  return {
    version: BigInt(String(row.account_version)),
    balance: BigInt(String(row.balance_after)),
    available: BigInt(String(row.available_after)),
  };
}

/**
 * The posted money that came into the account between two cuts (the period's payments, for a
 * credit line): each entry's rise of the posted balance over the one before it, summed. Holds and
 * their release do not move the posted balance, so they count for nothing.
 */
export async function creditedBetween(db: Executor, accountId: string, from: Cut, to: Cut): Promise<bigint> {
  const [row] = await queryRows<{ credited: unknown }>(
    db,
    sql`select coalesce(sum(greatest(rise, 0)), 0) as credited from (
          select e.balance_after - lag(e.balance_after, 1, ${from.balance.toString()}::bigint)
            over (order by e.account_version) as rise
          from ledger_entries e
          where e.account_id = ${accountId} and e.account_version > ${from.version.toString()}
            and e.account_version <= ${to.version.toString()}) entries`,
  );
  return BigInt(String(row?.credited ?? 0));
}
