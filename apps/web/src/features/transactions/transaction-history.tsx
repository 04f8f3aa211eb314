import { LoadError, Skeleton } from '../../components/query-state';
import { TransactionFiltersForm } from './transaction-filters';
import { HistoryPager } from './history-pager';
import { TransactionExports } from './transaction-exports';
import { TransactionTable } from './transaction-table';
import {
  moneySoftwareExportUrls,
  transactionsExportUrl,
  useTransactionFilters,
  useTransactionHistory,
} from './use-transaction-filters';

/** Every transaction of the member, filtered and paged, with CSV, OFX and QIF exports of the same filters. */
export function TransactionHistory() {
  const { filters, cursor, setFilters, pageHref, clear } = useTransactionFilters();
  const history = useTransactionHistory(filters, cursor);
  const exportHref = transactionsExportUrl(filters);
  const moneyFiles = moneySoftwareExportUrls(filters);

  return (
    <div className="space-y-5">
      <TransactionFiltersForm filters={filters} onChange={setFilters} onClear={clear} />
      <section
        aria-labelledby="history-results-heading"
        className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        aria-busy={history.isFetching}
      >
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="history-results-heading" className="text-lg font-semibold text-slate-900">
            Transactions
          </h2>
          <TransactionExports csv={exportHref} moneyFiles={moneyFiles} />
        </div>
        {history.isPending ? (
          <Skeleton label="Loading transactions" className="h-96 border-0 bg-slate-100" />
        ) : history.isError && !history.data ? (
          <LoadError
            error={history.error}
            fallback="We could not load your transactions."
            onRetry={() => void history.refetch()}
          />
        ) : history.data.items.length === 0 ? (
          <p className="py-10 text-center text-sm text-slate-600">
            {cursor ? 'There are no transactions on this page.' : 'No transactions match these filters.'}
          </p>
        ) : (
          <TransactionTable
            items={history.data.items}
            caption="Transactions, newest first"
            busy={history.isPlaceholderData}
          />
        )}
        {history.data && (history.data.items.length > 0 || cursor) && (
          <div className="mt-4 border-t border-slate-100 pt-4">
            <HistoryPager page={history.data} hrefFor={pageHref} />
          </div>
        )}
      </section>
    </div>
  );
}
