import {
  type CardTransaction,
  type Transaction,
  cardChannelLabels,
  cardTransactionInHistory,
  formatWireMoney,
} from '@mutual/shared';
import type { ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDate } from '../../lib/format-date';
import { CorrectionBadge, SignedAmount, StatusBadge } from '../transactions/transaction-parts';
import { pointsLabel } from './format';

/**
 * A card transaction is written as the member's transaction history writes the same row: its
 * status in the history's words (Pending, Completed, Failed with the reason) and its amount signed.
 */

/** What was taken: the cleared amount once it cleared (a tip, a partial shipment), else what was asked. */
const shownAmount = (transaction: CardTransaction) => transaction.clearedAmount ?? transaction.amount;

/** The amount as the history's `SignedAmount` reads it: a card transaction is always a debit. */
function historyAmount(transaction: CardTransaction): Pick<Transaction, 'amount' | 'type'> {
  return { amount: shownAmount(transaction), type: 'debit' };
}

/** Why a transaction failed (declined, reversed, expired), in the history's words: "Declined: card locked". */
function FailedReason({ reason }: { reason: string }) {
  return (
    <span className="text-xs text-red-800" data-testid="card-transaction-reason">
      {reason}
    </span>
  );
}

/** "+272 points", and ", taken back" once staff reversed the purchase; null when it earned none. */
function pointsFact(transaction: CardTransaction): string | null {
  if (transaction.points <= 0) return null;
  return `+${pointsLabel(transaction.points)}${transaction.reversedByStaffAt ? ', taken back' : ''}`;
}

/** The points under the merchant in the table; nothing when the purchase earned none. */
function PointsLine({ transaction }: { transaction: CardTransaction }) {
  const points = pointsFact(transaction);
  return points && <span className="block text-xs text-slate-600">{points}</span>;
}

/**
 * The history's badges: its status, and "Reversed" beside it once staff reversed the purchase (as
 * the history marks the same row); for a Failed one the reason under them.
 */
function StatusBadges({ transaction, stacked = false }: { transaction: CardTransaction; stacked?: boolean }) {
  const { status } = cardTransactionInHistory(transaction);
  // Stacked in a phone's list, so the merchant and its facts keep the row's width.
  return (
    <span className={stacked ? 'inline-flex flex-col items-end gap-1' : 'inline-flex flex-wrap gap-1'}>
      <StatusBadge status={status} />
      <CorrectionBadge correction={transaction.reversedByStaffAt ? 'reversed' : null} />
    </span>
  );
}

function TransactionStatus({ transaction }: { transaction: CardTransaction }) {
  const { reason } = cardTransactionInHistory(transaction);
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <StatusBadges transaction={transaction} />
      {reason && <FailedReason reason={reason} />}
    </span>
  );
}

/** The signed amount; struck through and grey (readable, not red) when no money moved (declined, reversed, expired). */
function Amount({ transaction }: { transaction: CardTransaction }) {
  const voided = transaction.status !== 'pending' && transaction.status !== 'posted';
  const differs = transaction.clearedAmount !== null && transaction.clearedAmount !== transaction.amount;
  return (
    <span className="inline-flex flex-col items-end">
      <span className={voided ? 'line-through [&_*]:text-slate-600' : undefined} data-testid="card-transaction-amount">
        {voided && <span className="sr-only">Not charged: </span>}
        <SignedAmount transaction={historyAmount(transaction)} />
      </span>
      {differs && (
        <span className="text-xs text-slate-600 tabular-nums">Authorized {formatWireMoney(transaction.amount)}</span>
      )}
    </span>
  );
}

/**
 * "Food · In store · Mar 4, 2026", plus the points a cleared credit card purchase earned. Each fact
 * stays whole and a narrow screen wraps between them; every fact brings its dot, and the row is
 * drawn a dot's width to the left inside a clipping box, so a dot shows only between two facts on
 * one line, never at a line's start or end.
 */
function Context({ transaction }: { transaction: CardTransaction }) {
  const facts: ReactNode[] = [
    transaction.category,
    cardChannelLabels[transaction.channel],
    <time dateTime={transaction.authorizedAt}>{formatDate(transaction.authorizedAt)}</time>,
  ];
  const points = pointsFact(transaction);
  if (points) facts.push(points);
  return (
    <span className="block overflow-hidden text-sm text-slate-600" data-testid="card-transaction-context">
      <span className="-ml-4 flex flex-wrap">
        {facts.map((fact, index) => (
          <span key={index} className="whitespace-nowrap" data-testid="card-transaction-fact">
            <span aria-hidden="true" className="inline-block w-4 text-center">
              {' · '}
            </span>
            {fact}
          </span>
        ))}
      </span>
    </span>
  );
}

function TransactionItem({ transaction }: { transaction: CardTransaction }) {
  const { status, reason } = cardTransactionInHistory(transaction);
  return (
    <li
      className="flex items-start justify-between gap-3 py-2.5"
      data-testid="card-transaction"
      data-status={transaction.status}
    >
      <div className="min-w-0">
        <p className={`font-medium break-words ${status === 'Failed' ? 'text-slate-600' : 'text-slate-900'}`}>
          {transaction.merchant}
        </p>
        <Context transaction={transaction} />
        {/* The reason under the merchant, where a long one has room on a phone. */}
        {reason && (
          <p>
            <FailedReason reason={reason} />
          </p>
        )}
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1 text-right">
        <Amount transaction={transaction} />
        <StatusBadges transaction={transaction} stacked />
      </div>
    </li>
  );
}

/** Recent card transactions under a card: newest first, declines with their reason, holds as Pending. */
export function RecentCardTransactions({
  transactions,
  headingId,
}: {
  transactions: readonly CardTransaction[];
  headingId: string;
}) {
  return (
    <div>
      <h5 id={headingId} className="text-sm font-semibold text-slate-900">
        Recent card transactions
      </h5>
      {transactions.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">No card transactions yet.</p>
      ) : (
        <ul aria-labelledby={headingId} className="divide-y divide-slate-100">
          {transactions.map((transaction) => (
            <TransactionItem key={transaction.id} transaction={transaction} />
          ))}
        </ul>
      )}
    </div>
  );
}

const columns: DataTableColumn<CardTransaction>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (row) => <time dateTime={row.authorizedAt}>{formatDate(row.authorizedAt)}</time>,
    className: 'whitespace-nowrap',
  },
  {
    id: 'merchant',
    header: 'Merchant',
    cell: (row) => (
      <>
        {row.merchant}
        <PointsLine transaction={row} />
      </>
    ),
    rowHeader: true,
    className: 'break-words',
  },
  { id: 'channel', header: 'Channel', cell: (row) => cardChannelLabels[row.channel], className: 'whitespace-nowrap' },
  { id: 'amount', header: 'Amount', cell: (row) => <Amount transaction={row} />, align: 'right' },
  { id: 'status', header: 'Status', cell: (row) => <TransactionStatus transaction={row} /> },
];

/** A month's card transactions: a table from tablet width, one line per purchase on a phone. */
export function CardTransactionTable({
  transactions,
  caption,
  busy,
}: {
  transactions: readonly CardTransaction[];
  caption: string;
  busy: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      variant="plain"
      columns={columns}
      rows={transactions}
      rowKey="id"
      rowProps={(row) => ({ 'data-status': row.status })}
      busy={busy}
      emptyMessage="No card transactions in this month."
      renderCard={(row) => <TransactionItem transaction={row} />}
      cardsBelow="md"
    />
  );
}
