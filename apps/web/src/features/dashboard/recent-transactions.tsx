import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/button';
import { TransactionTable } from '../transactions/transaction-table';
import { useRecentTransactions } from './queries';
import { LoadError, Skeleton } from '../../components/query-state';

/** Spec §2/§9: the 20 newest transactions, newest first; View All opens Statements (and the history from there). */
export function RecentTransactions() {
  const recent = useRecentTransactions();
  return (
    <section
      aria-labelledby="recent-transactions-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="recent-transactions-heading" className="text-lg font-semibold text-slate-900">
          Recent Transactions
        </h2>
        {/* Spec §2: View All scrolls to Quick Actions and opens Statements, which links to the full history. */}
        <Link to="/dashboard#quick-actions-statements" className={buttonClass('outline', 'sm')}>
          View All
          <ArrowRight className="h-4 w-4" aria-hidden="true" />
        </Link>
      </div>
      {recent.isPending ? (
        <Skeleton label="Loading recent transactions" className="h-64 border-0 bg-slate-100" />
      ) : recent.isError ? (
        <LoadError
          error={recent.error}
          fallback="We could not load your transactions."
          onRetry={() => void recent.refetch()}
        />
      ) : recent.data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-slate-600">No transactions yet.</p>
      ) : (
        <TransactionTable items={recent.data.items} caption="Recent transactions, newest first" />
      )}
    </section>
  );
}
