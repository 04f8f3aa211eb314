import { messages } from '@mutual/shared';
import { useState } from 'react';
import { LoadError, Skeleton } from '../../components/query-state';
import { DepositFacts } from '../deposits/deposit-facts';
import { DepositForm } from '../deposits/deposit-form';
import { DepositHistory } from '../deposits/deposit-history';
import { useDeposits } from '../deposits/deposits-api';
import { PanelSection } from '../../components/layout';

const m = messages.deposits;

/**
 * The Mobile Deposit panel of Quick Actions (spec §2, §5, §8; issue 17 items 1 and 5): what to
 * know first (the endorsement, the member's limits and what is left, the funds policy), the form,
 * then the member's deposits with their status and photos.
 */
export function MobileDepositPanel() {
  const [page, setPage] = useState(1);
  const deposits = useDeposits(page);

  if (deposits.isPending) return <Skeleton label="Loading Mobile Deposit" className="h-96" />;
  // A failed refetch keeps what is on screen (and the photos the member chose).
  if (deposits.isError && !deposits.data) {
    return <LoadError error={deposits.error} fallback={m.loadFailed} onRetry={() => void deposits.refetch()} />;
  }
  const overview = deposits.data;

  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <div className="lg:col-span-2">
          <DepositFacts overview={overview} />
        </div>
        <PanelSection
          headingId="deposit-form-heading"
          title="Deposit a check"
          headingGap="mb-4"
          className="min-w-0 lg:col-span-3"
        >
          {overview.accounts.length === 0 ? (
            <p className="text-sm text-slate-700">You need an open account to deposit a check.</p>
          ) : (
            <DepositForm overview={overview} onSubmitted={() => setPage(1)} />
          )}
        </PanelSection>
      </div>
      <DepositHistory overview={overview} busy={deposits.isPlaceholderData} onPageChange={setPage} />
    </div>
  );
}
