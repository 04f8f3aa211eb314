import { type SessionUser, messages } from '@mutual/shared';
import { Alert } from '../../components/alert';
import { QuickActions } from '../quick-actions/quick-actions';
import { TransferSection } from '../transfers/transfer-section';
import { AccountInfoPanel } from './account-info-panel';
import { CheckingCard } from './checking-card';
import { MonthCards } from './month-cards';
import { useAccounts, useSummary } from './queries';
import { LoadError, Skeleton } from '../../components/query-state';
import { RecentTransactions } from './recent-transactions';
import { WelcomeHeader } from './welcome-header';

const transferSectionClass =
  'min-w-0 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm focus:outline-none sm:p-6 lg:col-span-2';
const accountsFailed = 'We could not load your accounts. Please try again.';

/**
 * Spec §2 customer dashboard: header figures, the Checking card, this month's flows, the
 * account information panel, Transfer Money, Quick Actions and Recent Transactions.
 */
export function MemberDashboard({ user }: { user: SessionUser }) {
  const accounts = useAccounts();
  const summary = useSummary();
  const checking = accounts.data?.find((account) => account.type === 'Checking') ?? accounts.data?.[0];

  return (
    <>
      <WelcomeHeader user={user} summary={summary} />

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          {accounts.isPending ? (
            <Skeleton label="Loading your accounts" className="h-60" />
          ) : accounts.isError ? (
            <LoadError error={accounts.error} fallback={accountsFailed} onRetry={() => void accounts.refetch()} />
          ) : checking ? (
            <CheckingCard account={checking} />
          ) : (
            <p className="rounded-2xl border border-slate-200 bg-white p-5 text-sm text-slate-700">
              You have no open accounts.
            </p>
          )}
        </div>
        <MonthCards summary={summary} />
      </div>

      {/* Each card as tall as its content: the transfer forms differ in height by tab, none is stretched empty. */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <section
          id="transfer-section"
          tabIndex={-1}
          aria-labelledby="transfer-heading"
          className={transferSectionClass}
        >
          <h2 id="transfer-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Transfer Money
          </h2>
          {/* A member staff hold is told before filling in a form that would be refused (spec §8's modal). */}
          {summary.data?.onHold && (
            <Alert tone="warning" title={messages.transfers.suspendedTitle} className="mb-4">
              {messages.transfers.onHold}
            </Alert>
          )}
          {accounts.isPending ? (
            <Skeleton label="Loading the transfer forms" className="h-72 border-0 bg-slate-100" />
          ) : accounts.isError ? (
            <LoadError error={accounts.error} fallback={accountsFailed} onRetry={() => void accounts.refetch()} />
          ) : accounts.data.length === 0 ? (
            <p className="text-sm text-slate-700">You need an open account to move money.</p>
          ) : (
            <TransferSection accounts={accounts.data} />
          )}
        </section>
        {accounts.isPending ? (
          <Skeleton label="Loading account information" className="h-96" />
        ) : accounts.isError ? null : (
          <AccountInfoPanel accounts={accounts.data} summary={summary} />
        )}
      </div>

      <QuickActions />

      <RecentTransactions />
    </>
  );
}
