import { type Transaction, type TransactionStatus, formatWireMoney } from '@mutual/shared';
import { formatDate } from '../../lib/format-date';
import { pillClass, tints } from '../../components/pill';

const calendarDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

const statusTones: Record<TransactionStatus, string> = {
  Completed: 'bg-green-100 text-green-900 ring-green-300',
  Pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  Failed: 'bg-red-100 text-red-900 ring-red-300',
  Cancelled: tints.slate,
};

export function StatusBadge({ status }: { status: TransactionStatus }) {
  return <span className={`${pillClass} ${statusTones[status]}`}>{status}</span>;
}

/**
 * The status, and for a Failed row the reason in plain words (a returned payment's reason); for a
 * Cancelled one, who cancelled it ("Cancelled by you").
 */
export function TransactionStatus({ transaction }: { transaction: Transaction }) {
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="inline-flex flex-wrap gap-1">
        <StatusBadge status={transaction.status} />
        <CorrectionBadge correction={transaction.correction} />
      </span>
      {transaction.status === 'Failed' && transaction.statusReason && (
        <span className="text-xs text-red-800">{transaction.statusReason}</span>
      )}
      {transaction.status === 'Cancelled' && transaction.statusReason && (
        <span className="text-xs text-slate-700">{transaction.statusReason}</span>
      )}
    </span>
  );
}

const correctionLabels = { reversed: 'Reversed', reversal: 'Reversal' } as const;
const correctionTones = {
  reversed: tints.slate,
  reversal: 'bg-violet-100 text-violet-900 ring-violet-300',
} as const;

/**
 * A staff correction (decisions.md: nothing is deleted, it is reversed): "Reversed" on the
 * original, "Reversal" on the entry that undid it. Nothing for an ordinary row.
 */
export function CorrectionBadge({ correction }: { correction: Transaction['correction'] }) {
  if (!correction) return null;
  return (
    <span className={`${pillClass} ${correctionTones[correction]}`} data-testid="correction-badge">
      {correctionLabels[correction]}
    </span>
  );
}

/** Credits in green with "+", debits with "−"; the wire amount is unsigned, `type` says which. */
export function SignedAmount({
  transaction,
  className = '',
}: {
  transaction: Pick<Transaction, 'amount' | 'type'>;
  className?: string;
}) {
  const unsigned = transaction.amount.trim().replace(/^-/, '');
  const credit = transaction.type === 'credit';
  const tone = credit ? 'text-green-700' : 'text-red-700';
  return (
    <span className={`font-semibold whitespace-nowrap tabular-nums ${tone} ${className}`}>
      <span className="sr-only">{credit ? 'Credit ' : 'Debit '}</span>
      <span aria-hidden="true">{credit ? '+' : '−'}</span>
      {formatWireMoney(unsigned)}
    </span>
  );
}

/** A transaction's day: a calendar date ("2026-03-04") as that day, a timestamp in local time. */
export function formatTransactionDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? calendarDay.format(new Date(`${date}T00:00:00Z`)) : formatDate(date);
}

export function accountLabel(transaction: Transaction): string {
  return `${transaction.accountType} ••${transaction.accountNumberLast4}`;
}
