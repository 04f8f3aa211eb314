import { messages } from '@mutual/shared';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { AppError } from '../../errors';
import { depositHolds, mobileDeposits } from './deposits.tables';
import { endHold } from './release-holds';

/**
 * An accepted deposit's money moves back once: by staff reversing its credit (a deleted
 * transaction, Delete User Transactions) or by Deposit Review's "Return item", never both. The
 * ledger is the truth: a return asks it whether the credit is already reversed (`isReversed`), whichever way the
 * reversal came; a reversal from the transaction table refuses a deposit already returned and
 * closes the funds holds still open (as the run does), so the available balance holds back no
 * money that is gone and the release job passes them by.
 */

/**
 * Before staff reverse the posted credit whose pending transfer is `pendingTransferId`: if it is a
 * mobile deposit's, locks the deposit (Deposit Review's order: the deposit, its holds, then the
 * accounts), refuses one already returned, and voids its funds holds still open. Answers what it
 * closed for the audit row, or undefined when the transfer is no deposit's.
 */
export async function closeDepositForReversal(
  tx: Executor,
  pendingTransferId: string,
  why: { reason: string; now: Date; createdBy: string | null },
): Promise<{ depositId: string; depositHolds?: string[] } | undefined> {
  const [deposit] = await tx
    .select({ id: mobileDeposits.id, status: mobileDeposits.status })
    .from(mobileDeposits)
    .where(eq(mobileDeposits.pendingTransferId, pendingTransferId))
    .for('update');
  if (!deposit) return undefined;
  if (deposit.status === 'returned') throw new AppError('CONFLICT', messages.admin.depositAlreadyReturned);
  const open = await tx
    .select({ id: depositHolds.id, transferId: depositHolds.transferId })
    .from(depositHolds)
    .where(and(eq(depositHolds.depositId, deposit.id), isNull(depositHolds.releasedAt), isNull(depositHolds.voidedAt)))
    .orderBy(asc(depositHolds.id))
    .for('update');
  for (const hold of open) await endHold(tx, hold, 'voidedAt', why);
  return { depositId: deposit.id, ...(open.length > 0 && { depositHolds: open.map((hold) => hold.id) }) };
}
