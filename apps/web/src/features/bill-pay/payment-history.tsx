import type { BillPaymentView } from '@mutual/shared';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useBillPayments } from './bill-pay-api';
import { seriesText } from './format';
import { PayeeCell, PaymentCard, StatusPill, paymentAmount, paymentDay } from './payment-cells';

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
  const [page, setPage] = useState(1);
  const payments = useBillPayments('history', page);

  const columns: DataTableColumn<BillPaymentView>[] = [
    { id: 'date', header: 'Date', className: 'whitespace-nowrap', cell: paymentDay },
    { id: 'payee', header: 'Payee', rowHeader: true, cell: (payment) => <PayeeCell payment={payment} /> },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap tabular-nums font-medium',
      cell: paymentAmount,
    },
    { id: 'status', header: 'Status', cell: (payment) => <StatusPill payment={payment} /> },
    { id: 'details', header: 'Details', className: 'max-w-72', cell: (payment) => <Outcome payment={payment} /> },
  ];

  const data = payments.data;
  return (
    <section aria-labelledby="payment-history-heading" className="rounded-xl border border-slate-200 p-4">
      <h4 id="payment-history-heading" className="mb-3 font-semibold text-slate-900">
        Payment History
      </h4>
      <DataTable
        caption="Bill payment history, newest first"
        variant="plain"
        columns={columns}
        rows={data?.payments}
        rowKey="id"
        loading={payments.isPending}
        loadingLabel="Loading payment history"
        error={payments.isError && !data ? payments.error : undefined}
        onRetry={() => void payments.refetch()}
        busy={payments.isPlaceholderData}
        emptyMessage="No bill payments yet."
        renderCard={(payment) => (
          <PaymentCard
            key={payment.id}
            payment={payment}
            lines={[
              ['Date', paymentDay(payment)],
              ['Status', <StatusPill payment={payment} />],
              ['Details', <Outcome payment={payment} />],
            ]}
          />
        )}
        cardsBelow="container"
        paging={
          data && data.total > data.pageSize
            ? {
                mode: 'numbered',
                navLabel: 'Payment history pages',
                page: data.page,
                total: data.total,
                pageSize: data.pageSize,
                shown: data.payments.length,
                showPages: true,
                busy: payments.isFetching,
                onPageChange: setPage,
              }
            : undefined
        }
      />
    </section>
  );
}
