import { messages, type TransactionCategory } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../../db/client';
import { sqlState } from '../../db/errors';
import { AppError } from '../../errors';

/**
 * The ledger's write API: every money movement in the portal is one of these three calls, made
 * inside the caller's transaction. Each is a single call to the `ledger_post` database function
 * (`sql/ledger_post.sql`), which locks the accounts in id order, checks funds and writes the
 * transfer, its two entries and both accounts' counters. The member-facing money commands call
 * `ledger_post` from their own database function instead (`modules/money`).
 */

/** The ledger category of funds holds: the history leaves them out (accounts/history-sql.ts). */
export const HOLD_CATEGORY = 'Hold';

export interface PostedTransfer {
  transferId: string;
  /** Available balance of each account right after the transfer, in cents. */
  debitAvailable: bigint;
  creditAvailable: bigint;
}

interface Common {
  now: Date;
  /** Who caused it (the member, a staff user); null for the system. */
  createdBy: string | null;
}

export interface NewTransfer extends Common {
  /**
   * `single` moves money now; `pending` holds it until resolved; `failed` records a movement that
   * did not happen (shown to the member as Failed, no effect on any balance).
   */
  kind: 'single' | 'pending' | 'failed';
  debitAccountId: string;
  creditAccountId: string;
  amount: bigint;
  /** `Hold`: a funds hold (a check deposit's money not yet available), never in a member's history. */
  category: TransactionCategory | typeof HOLD_CATEGORY;
  debitMemo: string;
  creditMemo: string;
  reference?: string | null;
  /** When the money counts from, if not now (a backdated entry). */
  effectiveAt?: Date;
  /** For `failed`: why, in plain words for the member. */
  reason?: string | null;
}

export function postTransfer(tx: Executor, transfer: NewTransfer): Promise<PostedTransfer> {
  return callLedger(tx, {
    kind: transfer.kind,
    debit: transfer.debitAccountId,
    credit: transfer.creditAccountId,
    amount: transfer.amount,
    category: transfer.category,
    debitMemo: transfer.debitMemo,
    creditMemo: transfer.creditMemo,
    reference: transfer.reference ?? null,
    reason: transfer.reason ?? null,
    effectiveAt: transfer.effectiveAt ?? transfer.now,
    now: transfer.now,
    createdBy: transfer.createdBy,
  });
}

export interface Resolution extends Common {
  pendingId: string;
  /** `post` completes the held payment; `void` returns it; `expire` lets it lapse. */
  kind: 'post' | 'void' | 'expire';
  /** For void and expire: what the member is told, in plain words. */
  reason?: string | null;
}

export function resolvePending(tx: Executor, resolution: Resolution): Promise<PostedTransfer> {
  return callLedger(tx, {
    kind: resolution.kind,
    pendingId: resolution.pendingId,
    reason: resolution.reason ?? null,
    now: resolution.now,
    createdBy: resolution.createdBy,
  });
}

export interface Reversal extends Common {
  transferId: string;
  reason: string;
}

/** Sends a completed transfer's money back; a transfer is reversed at most once. */
export function reverseTransfer(tx: Executor, reversal: Reversal): Promise<PostedTransfer> {
  return callLedger(tx, {
    kind: 'single',
    reversesId: reversal.transferId,
    reason: reversal.reason,
    now: reversal.now,
    createdBy: reversal.createdBy,
  });
}

/**
 * Whether the money of `transferId` went back: it was reversed — or, for a held transfer, the
 * posting that completed it was. Two probes of unique indexes (pending_id, reverses_id). A
 * workflow's own return asks this before moving money back, whoever reversed it.
 */
export async function isReversed(db: Executor, transferId: string): Promise<boolean> {
  const [row] = await queryRows<{ reversed: boolean }>(
    db,
    sql`select exists (
      select 1 from ledger_transfers z where z.reverses_id = ${transferId}::uuid or z.reverses_id = (
        select p.id from ledger_transfers p where p.pending_id = ${transferId}::uuid and p.kind = 'post')
    ) as reversed`,
  );
  return row?.reversed === true;
}

interface LedgerCall {
  kind: string;
  debit?: string;
  credit?: string;
  amount?: bigint;
  pendingId?: string;
  reversesId?: string;
  category?: string;
  debitMemo?: string;
  creditMemo?: string;
  reference?: string | null;
  reason?: string | null;
  effectiveAt?: Date;
  now: Date;
  createdBy: string | null;
}

async function callLedger(tx: Executor, call: LedgerCall): Promise<PostedTransfer> {
  try {
    const [row] = await queryRows<{ transfer_id: string; debit_available: unknown; credit_available: unknown }>(
      tx,
      sql`
      select transfer_id, debit_available, credit_available from ledger_post(
        p_kind => ${call.kind}, p_now => ${call.now.toISOString()}::timestamptz,
        p_created_by => ${call.createdBy}::uuid,
        p_debit => ${call.debit ?? null}::uuid, p_credit => ${call.credit ?? null}::uuid,
        p_amount => ${call.amount?.toString() ?? null}::bigint,
        p_pending_id => ${call.pendingId ?? null}::uuid, p_reverses_id => ${call.reversesId ?? null}::uuid,
        p_category => ${call.category ?? null}, p_debit_memo => ${call.debitMemo ?? null},
        p_credit_memo => ${call.creditMemo ?? null},
        p_reference => ${call.reference ?? null}, p_reason => ${call.reason ?? null},
        p_effective_at => ${call.effectiveAt?.toISOString() ?? null}::timestamptz)`,
    );
    if (!row) throw new Error('ledger_post returned nothing');
    return {
      transferId: row.transfer_id,
      debitAvailable: BigInt(String(row.debit_available)),
      creditAvailable: BigInt(String(row.credit_available)),
    };
  } catch (error) {
    throw ledgerError(error) ?? error;
  }
}

/** The ledger's refusals, as the errors the API answers with. */
function ledgerError(error: unknown): AppError | undefined {
  switch (sqlState(error)) {
    case 'MU402':
    case '23514': // the no-overdraft CHECK, should a caller ever bypass ledger_post
      return new AppError('INSUFFICIENT_FUNDS', messages.transfers.insufficientFunds, {
        amount: messages.transfers.insufficientFunds,
      });
    case 'MU404':
      return new AppError('NOT_FOUND', messages.transfers.accountNotFound);
    case 'MU409':
    case '23505': // the at-most-once indexes on pending_id and reverses_id
      return new AppError('CONFLICT', 'This transfer has already been settled, returned or reversed.');
    default:
      return undefined;
  }
}
