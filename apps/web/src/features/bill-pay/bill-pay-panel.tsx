import { messages } from '@mutual/shared';
import { LoadError, Skeleton } from '../../components/query-state';
import { useAccounts } from '../dashboard/queries';
import { useBillPayOverview } from './bill-pay-api';
import { BillPaymentForm } from './bill-payment-form';
import { PayeesList } from './payees-list';
import { PaymentHistory } from './payment-history';
import { RecurringPayments } from './recurring-payments';
import { UpcomingBills } from './upcoming-bills';
import { PanelSection } from '../../components/layout';

const m = messages.billPay;

/**
 * The Bill Pay panel of Quick Actions (spec §2, issue 15): the form beside the member's payees and
 * recurring payments, then Upcoming Bills and Payment History from the member's real payments.
 */
export function BillPayPanel() {
  const overview = useBillPayOverview();
  const accounts = useAccounts();

  if (overview.isPending || accounts.isPending) return <Skeleton label="Loading Bill Pay" className="h-96" />;
  if (overview.isError || accounts.isError) {
    return (
      <LoadError
        error={overview.error ?? accounts.error}
        fallback={m.loadFailed}
        onRetry={() => {
          if (overview.isError) void overview.refetch();
          if (accounts.isError) void accounts.refetch();
        }}
      />
    );
  }

  return (
    <div className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-5">
        <PanelSection headingId="bill-pay-form-heading" title="Pay a bill" headingGap="mb-4" className="lg:col-span-3">
          {accounts.data.length === 0 ? (
            <p className="text-sm text-slate-700">You need an open account to pay bills.</p>
          ) : (
            <BillPaymentForm accounts={accounts.data} overview={overview.data} />
          )}
        </PanelSection>
        <div className="space-y-6 lg:col-span-2">
          <PayeesList payees={overview.data.payees} />
          <RecurringPayments series={overview.data.series} />
        </div>
      </div>
      <UpcomingBills />
      <PaymentHistory />
    </div>
  );
}
