import type { Transaction } from '@mutual/shared';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { SignedAmount, TransactionStatus, accountLabel, formatTransactionDate } from './transaction-parts';

const columns: readonly DataTableColumn<Transaction>[] = [
  {
    id: 'date',
    header: 'Date',
    cell: (transaction) => formatTransactionDate(transaction.date),
    className: 'whitespace-nowrap text-slate-700',
  },
  {
    id: 'description',
    header: 'Description',
    cell: (transaction) => (
      <>
        <span className="font-medium">{transaction.description}</span>
        {transaction.reference && <span className="block text-xs text-slate-500">{transaction.reference}</span>}
      </>
    ),
    className: 'text-slate-900',
  },
  { id: 'category', header: 'Category', cell: (transaction) => transaction.category, className: 'text-slate-700' },
  {
    id: 'account',
    header: 'Account',
    cell: (transaction) => accountLabel(transaction),
    className: 'whitespace-nowrap text-slate-700',
  },
  { id: 'status', header: 'Status', cell: (transaction) => <TransactionStatus transaction={transaction} /> },
  {
    id: 'amount',
    header: 'Amount',
    align: 'right',
    cell: (transaction) => <SignedAmount transaction={transaction} />,
  },
];

/** A transaction on a phone: description and amount, then the reference, the day and the status. */
function TransactionCard({ transaction }: { transaction: Transaction }) {
  return (
    <li className="py-3" data-testid="transaction-card">
      <div className="flex items-start justify-between gap-3">
        <p className="min-w-0 font-medium break-words text-slate-900">{transaction.description}</p>
        <SignedAmount transaction={transaction} className="shrink-0" />
      </div>
      {transaction.reference && <p className="text-xs break-words text-slate-500">{transaction.reference}</p>}
      <p className="mt-1 text-xs text-slate-600">
        {formatTransactionDate(transaction.date)} · {transaction.category} · {accountLabel(transaction)}
      </p>
      <div className="mt-2">
        <TransactionStatus transaction={transaction} />
      </div>
    </li>
  );
}

const rowProps = () => ({ 'data-testid': 'transaction-row' });
const renderCard = (transaction: Transaction) => <TransactionCard transaction={transaction} />;

/**
 * Transactions as a table on wider screens and as stacked cards on phones (only one of the two
 * is displayed, so assistive tech meets each row once). `caption` names the table; `busy` dims
 * the rows while a newer page is on its way.
 */
export function TransactionTable({
  items,
  caption,
  busy = false,
}: {
  items: Transaction[];
  caption: string;
  busy?: boolean;
}) {
  return (
    <DataTable
      variant="plain"
      caption={caption}
      columns={columns}
      rows={items}
      rowKey="id"
      rowProps={rowProps}
      renderCard={renderCard}
      busy={busy}
    />
  );
}
