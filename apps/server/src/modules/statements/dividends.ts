import { periodLabel } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Config } from '../../config';
import { generalLedger } from '../ledger/general-ledger';
import { postTransfer } from '../ledger/post-transfer';
import { dividendFor } from './dividend-math';
import { cutBefore } from '../ledger/balance-at';
import { earlierDividends, entryTimes } from './statement-ledger';
import { dayEnds, periodBounds } from './statement-periods';
import { dividendPostings } from './statements.tables';

/**
 * Dividends on Savings (docs/features/statements-and-exports.md, "Dividends"): after a month
 * closes, each Savings account is credited the month's dividend from the `dividends`
 * general-ledger account, dated the month's last day. At most once per account and month: the
 * (account, month) row is claimed first in the transaction that posts, so a second run — another
 * instance, a retry, on-demand issuing — waits for the first and then finds the month done.
 */

export type DividendOutcome = 'posted' | 'nothing-earned' | 'already-done';

/** The savings rate as configured ("3.50%" → "3.50"). */
export const savingsApy = (config: Pick<Config, 'rates'>) => config.rates.savingsApy.replace('%', '');

export async function postDividend(
  tx: Executor,
  config: Pick<Config, 'rates' | 'timeZone'>,
  accountId: string,
  period: string,
  now: Date,
): Promise<DividendOutcome> {
  const apy = savingsApy(config);
  const claimed = await tx
    .insert(dividendPostings)
    .values({ accountId, period, balanceDays: 0n, days: 0, apy, amount: 0n, apyEarned: '0.00', postedAt: now })
    .onConflictDoNothing()
    .returning({ accountId: dividendPostings.accountId });
  if (claimed.length === 0) return 'already-done';

  const bounds = periodBounds(period, config.timeZone);
  const balanceDays = await sumOfDailyBalances(tx, accountId, period, config.timeZone);
  const figures = dividendFor(balanceDays, bounds.days, apy);
  let transferId: string | null = null;
  if (figures.amount > 0n) {
    const label = periodLabel(period);
    ({ transferId } = await postTransfer(tx, {
      kind: 'single',
      debitAccountId: generalLedger.dividends,
      creditAccountId: accountId,
      amount: figures.amount,
      category: 'Dividend',
      debitMemo: `Dividend paid for ${label}`,
      creditMemo: `Dividend earned for ${label}`,
      // Earned over the month: it counts from the month's last second, though posted after.
      effectiveAt: new Date(bounds.end.getTime() - 1000),
      now,
      createdBy: null,
    }));
  }
  await tx.execute(sql`
    update dividend_postings set balance_days = ${balanceDays.toString()}, days = ${bounds.days},
      amount = ${figures.amount.toString()}, apy_earned = ${figures.apyEarned}, transfer_id = ${transferId}
    where account_id = ${accountId} and period = ${period}`);
  return figures.amount > 0n ? 'posted' : 'nothing-earned';
}

/**
 * The sum of the account's end-of-day balances over the month, in cents × days. A day's balance is
 * the posted balance after the last entry recorded before the day ended, plus earlier months'
 * dividends the ledger recorded only later (they count from their own month's end).
 */
export async function sumOfDailyBalances(
  db: Executor,
  accountId: string,
  period: string,
  timeZone: string,
): Promise<bigint> {
  const bounds = periodBounds(period, timeZone);
  const ends = dayEnds(bounds, timeZone);
  const opening = await cutBefore(db, accountId, bounds.start);
  const closing = await cutBefore(db, accountId, bounds.end);
  const entries = await entryTimes(db, accountId, opening.version, closing.version);
  const dividends = await earlierDividends(db, accountId, period);

  // The newest entry (by version) recorded before each day's end.
  const lastByDay: Array<{ version: bigint; balance: bigint }> = ends.map(() => ({
    version: opening.version,
    balance: opening.balance,
  }));
  let day = 0;
  for (const entry of entries) {
    while (day < ends.length - 1 && entry.createdAt >= (ends[day] as Date)) day += 1;
    // An entry recorded a moment before an earlier one (two requests racing) still counts from its own time.
    let at = day;
    while (at > 0 && entry.createdAt < (ends[at - 1] as Date)) at -= 1;
    const slot = lastByDay[at];
    if (slot && entry.version > slot.version) lastByDay[at] = { version: entry.version, balance: entry.balance };
  }
  let total = 0n;
  let newest = { version: opening.version, balance: opening.balance };
  for (const slot of lastByDay) {
    if (slot.version > newest.version) newest = slot;
    const late = dividends.filter((d) => d.version > newest.version).reduce((sum, d) => sum + d.amount, 0n);
    total += newest.balance + late;
  }
  return total;
}
