import type { BillPaymentView } from '@mutual/shared';
import { Button } from '../../components/button';
import { formatCalendarDate } from '../../lib/format-date';
import { useBillPayActions } from './bill-pay-api';
import { ConfirmDialog, ConfirmNotice } from './confirm-dialog';
import { cancelUntilText, holdText, payeeName, seriesText } from './format';
import { paymentAmount, paymentDay } from './payment-cells';
import { PaymentsTable } from './payments-table';
import { useConfirmAction } from './use-confirm-action';

const strong = 'font-semibold text-slate-900';

function Schedule({ payment }: { payment: BillPaymentView }) {
  const series = seriesText(payment.series);
  return (
    <>
      <span className="block text-slate-900">{series ?? 'One time'}</span>
      <span className="block text-sm text-slate-600">{holdText(payment)}</span>
    </>
  );
}

function CancelButton({ payment, onCancel }: { payment: BillPaymentView; onCancel: () => void }) {
  if (!payment.cancelUntil) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={`Cancel payment to ${payeeName(payment.payee)} on ${formatCalendarDate(payment.payOn)}`}
      onClick={onCancel}
    >
      Cancel
    </Button>
  );
}

/**
 * Upcoming Bills (issue 15 item 5): the member's scheduled payments, soonest first, paged — with
 * whether each one's money is held yet, its place in a series, and "Cancel" until its cut-off.
 */
export function UpcomingBills() {
  const { cancelPayment } = useBillPayActions();
  const cancel = useConfirmAction((payment: BillPaymentView) => cancelPayment.mutateAsync(payment.id));

  return (
    <PaymentsTable
      view="upcoming"
      title="Upcoming Bills"
      caption="Upcoming bills, soonest first"
      emptyMessage="No bills are scheduled."
      detail={{ header: 'Schedule', cell: (payment) => <Schedule payment={payment} /> }}
      action={(payment) => <CancelButton payment={payment} onCancel={() => cancel.ask(payment)} />}
      notice={<ConfirmNotice action={cancel} />}
    >
      <ConfirmDialog action={cancel} title="Cancel payment" confirmLabel="Cancel payment" keepLabel="Keep payment">
        {(target) => (
          <>
            <p>
              Cancel the payment of <strong className={strong}>{paymentAmount(target)}</strong> to{' '}
              <strong className={strong}>{payeeName(target.payee)}</strong> on {paymentDay(target)}? Any money held for
              it becomes available again.
            </p>
            {target.series && <p>Only this payment is cancelled; the recurring payment goes on.</p>}
            {target.cancelUntil && (
              <p className="text-slate-600">You can cancel it until {cancelUntilText(target.cancelUntil)}.</p>
            )}
          </>
        )}
      </ConfirmDialog>
    </PaymentsTable>
  );
}
