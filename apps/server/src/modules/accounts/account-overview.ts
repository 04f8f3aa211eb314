import { type AccountOverview, centsToDecimal } from '@mutual/shared';
import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { findActiveHold } from '../holds/holds';
import { memberMonth } from '../ledger/balances';
import { transferLimitUsage } from '../transfers/transfer-limit';

/**
 * The dashboard's header figures, all from the ledger (modules/ledger/balances.ts): Checking's
 * available balance, the money pending on the member's accounts (held going out, or on its way
 * in), and this calendar month's income and outgoing in the credit union's time zone — transfers
 * between the member's own accounts left out, and staff corrections shown apart — and whether
 * staff hold the member's transfers.
 */
export async function accountOverview(
  db: Executor,
  config: Config,
  userId: string,
  now: Date,
): Promise<AccountOverview> {
  const tz = config.timeZone;
  const [money, transferLimit, hold] = await Promise.all([
    memberMonth(db, userId, now, tz),
    transferLimitUsage(db, config.limits, userId, now),
    findActiveHold(db, userId),
  ]);
  return {
    availableBalance: centsToDecimal(money.checkingAvailable),
    pendingTotal: centsToDecimal(money.pending),
    pendingOut: centsToDecimal(money.pendingOut),
    pendingIn: centsToDecimal(money.pendingIn),
    monthIncome: centsToDecimal(money.income),
    monthOutgoing: centsToDecimal(money.outgoing),
    monthCorrections: centsToDecimal(money.corrections),
    month: new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: tz }).format(now),
    transferLimit,
    onHold: hold !== null,
  };
}
