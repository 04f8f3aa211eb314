import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { StaffNotice } from '../../features/dashboard/staff-notice';
import { TransactionHistory } from '../../features/transactions/transaction-history';
import { SignedInPage } from './signed-in-page';

/** /dashboard/transactions: the member's full history ("View All" on the dashboard). */
export function TransactionsPage() {
  return (
    <SignedInPage title="Transaction History">
      {(user) => (
        <>
          <div>
            <Link
              to="/dashboard"
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:text-brand-dark"
            >
              <ArrowLeft className="h-4 w-4" aria-hidden="true" />
              Back to Dashboard
            </Link>
            <h1 className="mt-3 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Transaction History</h1>
          </div>
          {user.role === 'admin' ? <StaffNotice /> : <TransactionHistory />}
        </>
      )}
    </SignedInPage>
  );
}
