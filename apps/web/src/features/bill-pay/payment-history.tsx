import type { BillPaymentView } from '@mutual/shared';
import { seriesText } from './format';
import { PaymentsTable } from './payments-table';

/** Sent: the confirmation number; returned, failed or cancelled: why, in the words the member was told. */
function Outcome({ payment }: { payment: BillPaymentView }) {
  const series = seriesText(payment.series);
  return (
    <>
      {payment.confirmationNumber && (
        <span className="block text-slate-900">
          Confirmation <span className="font-mono">{payment.confirmationNumber}</span>
        </span>
      )}
      {payment.reason && <span className="block text-sm break-words text-slate-700">{payment.reason}</span>}
      {series && <span className="block text-sm text-slate-600">{series}</span>}
      {!payment.confirmationNumber && !payment.reason && !series && <span className="text-slate-500">—</span>}
    </>
  );
}

/** Payment History (issue 15 item 5): sent, cancelled, returned and failed payments, newest first, paged. */
export function PaymentHistory() {
  return (
    <PaymentsTable
      view="history"
      title="Payment History"
      caption="Bill payment history, newest first"
      emptyMessage="No bill payments yet."
      detail={{ header: 'Details', cell: (payment) => <Outcome payment={payment} /> }}
    />
  );
}
