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
