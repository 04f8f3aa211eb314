import { type AccountOverview, centsToDecimal } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import { transferLimitUsage } from '../transfers/transfer-limit';

/**
 * The dashboard's header figures, all from the ledger: Checking's available balance, the money
 * pending on the member's accounts (held going out, or on its way in), and this calendar month's
 * completed income and outgoing in the credit union's time zone. Transfers between the member's
 * own accounts are neither income nor outgoing, and neither are staff corrections (a reversed
 * transaction and its reversal).
 */
export async function accountOverview(db: Executor, config: Config, userId: string, now: Date): Promise<AccountOverview> {
  const tz = config.timeZone;
  const monthStart = sql`date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${tz}) at time zone ${tz}`;
  const monthly = (own: 'debit' | 'credit') => {
    const mine = own === 'debit' ? sql`t.debit_account_id` : sql`t.credit_account_id`;
    const other = own === 'debit' ? sql`t.credit_account_id` : sql`t.debit_account_id`;
    return sql`(select coalesce(sum(t.amount), 0) from ledger_accounts a
      join ledger_transfers t on ${mine} = a.id
      join ledger_accounts o on o.id = ${other}
      where a.user_id = ${userId} and o.user_id is distinct from ${userId}
        and t.kind in ('single', 'post') and t.effective_at >= ${monthStart}
        and t.reverses_id is null and not exists (select 1 from ledger_transfers z where z.reverses_id = t.id)
        and t.effective_at <= ${now.toISOString()}::timestamptz)`;
  };
  const [row] = await queryRows<Record<'available' | 'pending' | 'income' | 'outgoing', unknown>>(db, sql`
    select
      (select coalesce(sum(credits_posted - debits_posted - debits_pending), 0) from ledger_accounts
        where user_id = ${userId} and type = 'Checking') as available,
      (select coalesce(sum(debits_pending + credits_pending), 0) from ledger_accounts where user_id = ${userId}) as pending,
      ${monthly('credit')} as income,
      ${monthly('debit')} as outgoing`);
  const cents = (value: unknown) => BigInt(String(value ?? 0));
  return {
    availableBalance: centsToDecimal(cents(row?.available)),
    pendingTotal: centsToDecimal(cents(row?.pending)),
    monthIncome: centsToDecimal(cents(row?.income)),
    monthOutgoing: centsToDecimal(cents(row?.outgoing)),
    month: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: tz }).format(now),
    transferLimit: await transferLimitUsage(db, config.limits, userId, now),
  };
}
