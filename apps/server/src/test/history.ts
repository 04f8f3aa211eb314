import type { Executor } from '../db/client';
import { type NewTransfer, postTransfer } from '../modules/ledger/post-transfer';

/**
 * One row of a made-up history, written straight to the ledger by the system: the same memo on
 * both sides, dated `effectiveAt` (before or after the rows recorded earlier), recorded at `now`.
 */
export interface DatedRow {
  kind: NewTransfer['kind'];
  debit: string;
  credit: string;
  amount: bigint;
  memo: string;
  /** `Other` unless given. */
  category?: NewTransfer['category'];
  reference?: string | null;
  effectiveAt: Date;
  now: Date;
}

export const postDated = (tx: Executor, row: DatedRow) =>
  postTransfer(tx, {
    kind: row.kind,
    debitAccountId: row.debit,
    creditAccountId: row.credit,
    amount: row.amount,
    category: row.category ?? 'Other',
    debitMemo: row.memo,
    creditMemo: row.memo,
    reference: row.reference ?? null,
    effectiveAt: row.effectiveAt,
    now: row.now,
    createdBy: null,
  });
