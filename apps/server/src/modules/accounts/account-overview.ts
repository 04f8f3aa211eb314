import { type AccountOverview, centsToDecimal } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import { memberBalances, memberFlows } from '../ledger/balances';
import { transferLimitUsage } from '../transfers/transfer-limit';

/**
 * The dashboard's header figures, all from the ledger (modules/ledger/balances.ts): Checking's
 * available balance, the money pending on the member's accounts (held going out, or on its way
 * in), and this calendar month's income and outgoing in the credit union's time zone — transfers
 * between the member's own accounts left out, and staff corrections shown apart.
 */
export async function accountOverview(db: Executor, config: Config, userId: string, now: Date): Promise<AccountOverview> {
  const tz = config.timeZone;
  const [balances, monthStart, transferLimit] = await Promise.all([
    memberBalances(db, userId),
    startOfMonth(db, now, tz),
    transferLimitUsage(db, config.limits, userId, now),
  ]);
  const flows = await memberFlows(db, userId, monthStart, now);
  return {
    availableBalance: centsToDecimal(balances.checkingAvailable),
    pendingTotal: centsToDecimal(balances.pending),
    monthIncome: centsToDecimal(flows.income),
    monthOutgoing: centsToDecimal(flows.outgoing),
    monthCorrections: centsToDecimal(flows.corrections),
    month: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: tz }).format(now),
    transferLimit,
  };
}

/** The first instant of `now`'s calendar month in the credit union's time zone (the database knows the zone rules). */
async function startOfMonth(db: Executor, now: Date, timeZone: string): Promise<Date> {
  const [row] = await queryRows<{ start: string | Date }>(db, sql`
    select date_trunc('month', ${now.toISOString()}::timestamptz at time zone ${timeZone}) at time zone ${timeZone} as start`);
  return new Date(row?.start ?? now);
}
