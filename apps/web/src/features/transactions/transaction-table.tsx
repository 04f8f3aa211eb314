import type { Transaction } from '@mutual/shared';
import { SignedAmount, TransactionStatus, accountLabel, formatTransactionDate } from './transaction-parts';

/**
 * Transactions as a table on wider screens and as stacked cards on phones (only one of the two
 * is displayed, so assistive tech meets each row once). `caption` names the table.
 */
export function TransactionTable({ items, caption }: { items: Transaction[]; caption: string }) {
  return (
    <>
      <div className="hidden overflow-x-auto md:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b border-slate-200 text-xs tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="py-3 pr-4 font-semibold">
                Date
              </th>
              <th scope="col" className="py-3 pr-4 font-semibold">
                Description
              </th>
              <th scope="col" className="py-3 pr-4 font-semibold">
                Category
              </th>
              <th scope="col" className="py-3 pr-4 font-semibold">
                Account
              </th>
              <th scope="col" className="py-3 pr-4 font-semibold">
                Status
              </th>
              <th scope="col" className="py-3 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {items.map((transaction) => (
              <tr key={transaction.id} data-testid="transaction-row" className="align-top">
                <td className="py-3 pr-4 whitespace-nowrap text-slate-700">
                  {formatTransactionDate(transaction.date)}
                </td>
                <td className="py-3 pr-4 text-slate-900">
                  <span className="font-medium">{transaction.description}</span>
                  {transaction.reference && (
                    <span className="block text-xs text-slate-500">{transaction.reference}</span>
                  )}
                </td>
                <td className="py-3 pr-4 text-slate-700">{transaction.category}</td>
                <td className="py-3 pr-4 whitespace-nowrap text-slate-700">{accountLabel(transaction)}</td>
                <td className="py-3 pr-4">
                  <TransactionStatus transaction={transaction} />
                </td>
                <td className="py-3 text-right">
                  <SignedAmount transaction={transaction} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="divide-y divide-slate-100 md:hidden" aria-label={caption}>
        {items.map((transaction) => (
          <li key={transaction.id} className="py-3" data-testid="transaction-card">
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
        ))}
      </ul>
    </>
  );
}
