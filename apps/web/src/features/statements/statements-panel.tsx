import { type StatementsOverview, messages } from '@mutual/shared';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { LoadError, Skeleton } from '../../components/query-state';
import { useSite } from '../site/site-context';
import { RecentStatements } from './recent-statements';
import { StatementRequestForm } from './statement-request-form';
import { useEmailStatement, useStatementsOverview } from './statements-api';
import { PanelSection } from '../../components/layout';

const m = messages.statements;
const linkClass = 'font-medium text-brand underline underline-offset-2';

/**
 * The Statements panel of Quick Actions (spec §2, §8, §9; issue 16): the form (account, closed
 * month, Download, "E-mail me this statement"), the statements issued, where older ones come from,
 * and the way to the full transaction history (View All from Recent Transactions lands here).
 */
export function StatementsPanel() {
  const overview = useStatementsOverview();
  // One request at a time for the whole panel; its answer shows beside the button that asked.
  const email = useEmailStatement();

  if (overview.isPending) return <Skeleton label="Loading your statements" className="h-72" />;
  if (overview.isError) {
    return <LoadError error={overview.error} fallback={m.loadFailed} onRetry={() => void overview.refetch()} />;
  }
  const { accounts, periods, statements } = overview.data;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <div className="space-y-4 lg:col-span-2">
        <PanelSection headingId="statement-request-heading" title="Get a statement" headingGap="mb-4">
          {accounts.length === 0 ? (
            <p className="text-sm text-slate-700">You need an open account to get statements.</p>
          ) : periods.length === 0 ? (
            <p className="text-sm text-slate-700">
              No statement is available yet. Your first statement is issued when your first month with us ends.
            </p>
          ) : (
            <StatementRequestForm accounts={accounts} periods={periods} email={email} />
          )}
        </PanelSection>
        {periods.length > 0 && <OlderStatements overview={overview.data} />}
        <p>
          <Link to="/dashboard/transactions" className={`inline-flex items-center gap-1.5 text-sm ${linkClass}`}>
            View all transactions
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </p>
      </div>
      <div className="lg:col-span-3">
        <RecentStatements statements={statements} email={email} />
      </div>
    </div>
  );
}

/**
 * Spec §9: statements before the first period offered come from support; how to reach it. A member
 * whose first statement is the month they opened their account has no older ones to ask for.
 */
function OlderStatements({ overview }: { overview: StatementsOverview }) {
  const { support } = useSite();
  if (!overview.olderOffline) {
    return (
      <p className="text-sm text-slate-700" data-testid="older-statements">
        {m.firstStatement(overview.earliestLabel)}
      </p>
    );
  }
  return (
    <p className="text-sm text-slate-700" data-testid="older-statements">
      {m.periodTooOld(overview.earliestLabel)} Call{' '}
      <a href={`tel:${support.phone.replace(/[^\d+]/g, '')}`} className={`whitespace-nowrap ${linkClass}`}>
        {support.phone}
      </a>{' '}
      ({support.hours}) or e-mail{' '}
      <a href={`mailto:${support.email}`} className={`break-words ${linkClass}`}>
        {support.email}
      </a>
      .
    </p>
  );
}
