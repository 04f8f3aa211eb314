import { type StaffTransaction, pendingWorkflowPlaces } from '@mutual/shared';
import { CircleCheck, Undo2 } from 'lucide-react';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatDateTime } from '../../lib/format-date';
import { SignedAmount, TransactionStatus, accountLabel } from '../transactions/transaction-parts';
import { typeLabels } from './staff-rows';

export type RowAction = 'reverse' | 'complete';
type OnAction = (action: RowAction, transaction: StaffTransaction) => void;

/** A minute's grace: a row typed "now" is posted a moment later and is not backdated. */
const BACKDATED_MS = 60_000;

export const isBackdated = (transaction: StaffTransaction) =>
  Date.parse(transaction.postedAt) - Date.parse(transaction.date) > BACKDATED_MS;

/** A Pending row staff added themselves: the only kind completed or deleted (voided) here. */
const isStaffEntry = (transaction: StaffTransaction) =>
  transaction.status === 'Pending' && transaction.workflow === 'staffEntry';

/**
 * Staff may reverse ("delete") a live row; a correction is final, a failed or cancelled row moved
 * nothing, and a pending entry of a workflow (a mobile deposit, a bill payment, a card
 * authorization, a payment order) is completed or failed in its own place (`handledWhere`).
 */
const canReverse = (transaction: StaffTransaction) =>
  transaction.correction === null &&
  transaction.status !== 'Failed' &&
  transaction.status !== 'Cancelled' &&
  (transaction.status !== 'Pending' || isStaffEntry(transaction));
/** Staff-entered pending rows can be posted. */
const canComplete = (transaction: StaffTransaction) => transaction.correction === null && isStaffEntry(transaction);

/** Where a workflow's pending row is handled ("in Deposit Review"), said instead of the buttons. */
function handledWhere(transaction: StaffTransaction): string | null {
  const { status, workflow } = transaction;
  if (status !== 'Pending' || workflow === null || workflow === 'staffEntry' || workflow === 'other') return null;
  return pendingWorkflowPlaces[workflow];
}

/**
 * "Nov 30, 2026, 4:43 AM" with the day and the time each kept whole: the time goes under the day
 * where the column is narrow (the table in a desktop's member detail), leaving the description room.
 */
function DayAndTime({ text }: { text: string }) {
  const cut = text.lastIndexOf(', ');
  if (cut < 0) return text;
  return (
    <>
      <span className="whitespace-nowrap">{text.slice(0, cut + 1)}</span>{' '}
      <span className="whitespace-nowrap">{text.slice(cut + 2)}</span>
    </>
  );
}

function WhenCell({ transaction }: { transaction: StaffTransaction }) {
  return (
    <>
      <time dateTime={transaction.date} className="block text-slate-800">
        <DayAndTime text={formatDateTime(transaction.date)} />
      </time>
      {isBackdated(transaction) && (
        <span className="mt-1 block text-xs text-slate-600">
          <span className="rounded bg-sky-100 px-1.5 py-0.5 font-semibold text-sky-900">Backdated</span>{' '}
          <span className="whitespace-nowrap">posted {formatDateTime(transaction.postedAt)}</span>
        </span>
      )}
    </>
  );
}

function Details({ transaction }: { transaction: StaffTransaction }) {
  return (
    <>
      <span className="block font-medium break-words text-slate-900">{transaction.description}</span>
      <span className="block text-xs text-slate-600">
        {transaction.category} · {accountLabel(transaction)} · {typeLabels[transaction.type]}
      </span>
    </>
  );
}

function Actions({ transaction, onAction }: { transaction: StaffTransaction; onAction: OnAction }) {
  const reverse = canReverse(transaction);
  const complete = canComplete(transaction);
  const where = handledWhere(transaction);
  if (where) return <span className="ml-auto text-xs text-slate-600">Handled {where}</span>;
  if (!reverse && !complete) return null;
  // The visible word stays first in the accessible name ("Delete Coffee, Mar 4, 2026").
  const which = (
    <span className="sr-only">
      {' '}
      {transaction.description}, {formatDateTime(transaction.date)}
    </span>
  );
  return (
    // ml-auto: on a phone card, wrapped under the date and status, the buttons still sit right.
    <span className="ml-auto flex flex-wrap justify-end gap-1.5">
      {complete && (
        <Button icon={CircleCheck} variant="outline" size="sm" onClick={() => onAction('complete', transaction)}>
          Complete{which}
        </Button>
      )}
      {reverse && (
        <Button
          icon={Undo2}
          variant="outline"
          size="sm"
          className="hover:border-red-700! hover:text-red-700!"
          onClick={() => onAction('reverse', transaction)}
        >
          Delete{which}
        </Button>
      )}
    </span>
  );
}

/** One row as a card, where the console's column is too narrow for the table. */
function TransactionCard({ transaction, onAction }: { transaction: StaffTransaction; onAction: OnAction }) {
  return (
    <li className="space-y-2 py-3" data-testid="staff-transaction-card">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0">
          <Details transaction={transaction} />
        </p>
        <SignedAmount transaction={transaction} className="shrink-0" />
      </div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div className="space-y-1.5">
          <div className="text-xs">
            <WhenCell transaction={transaction} />
          </div>
          <TransactionStatus transaction={transaction} />
        </div>
        <Actions transaction={transaction} onAction={onAction} />
      </div>
    </li>
  );
}

/**
 * The member's transactions for staff: a table where the detail column is wide enough, stacked
 * cards where it is not (a container query: the detail beside the list is a table from 1280 px,
 * cards on a narrower laptop and on a phone).
 * Only one of the two is displayed, so assistive tech meets each row once.
 */
export function StaffTransactionTable({ items, onAction }: { items: StaffTransaction[]; onAction: OnAction }) {
  const columns: DataTableColumn<StaffTransaction>[] = [
    { id: 'date', header: 'Date', cell: (transaction) => <WhenCell transaction={transaction} /> },
    { id: 'details', header: 'Transaction', cell: (transaction) => <Details transaction={transaction} /> },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      cell: (transaction) => <SignedAmount transaction={transaction} />,
    },
    { id: 'status', header: 'Status', cell: (transaction) => <TransactionStatus transaction={transaction} /> },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      cell: (transaction) => <Actions transaction={transaction} onAction={onAction} />,
    },
  ];
  return (
    <DataTable
      caption="The member’s transactions, newest first, corrections included"
      variant="plain"
      columns={columns}
      rows={items}
      rowKey="id"
      rowProps={() => ({ 'data-testid': 'staff-transaction-row' })}
      renderCard={(transaction) => <TransactionCard transaction={transaction} onAction={onAction} />}
      cardsBelow="container"
    />
  );
}
