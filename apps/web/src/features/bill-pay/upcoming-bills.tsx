import type { BillPaymentView } from '@mutual/shared';
import { useState } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { formatCalendarDate, formatDateTime } from '../../lib/format-date';
import { useBillPayActions, useBillPayments } from './bill-pay-api';
import { ConfirmDialog } from './confirm-dialog';
import { holdText, payeeName, seriesText } from './format';
import { PayeeCell, PaymentCard, StatusPill, paymentAmount, paymentDay } from './payment-cells';
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
  const [page, setPage] = useState(1);
  const payments = useBillPayments('upcoming', page);
  const { cancelPayment } = useBillPayActions();
  const cancel = useConfirmAction((payment: BillPaymentView) => cancelPayment.mutateAsync(payment.id));
  const target = cancel.target;

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
    { id: 'schedule', header: 'Schedule', cell: (payment) => <Schedule payment={payment} /> },
    {
      id: 'actions',
      header: 'Actions',
      hideHeader: true,
      align: 'right',
      cell: (payment) => <CancelButton payment={payment} onCancel={() => cancel.ask(payment)} />,
    },
  ];

  const data = payments.data;
  return (
    <section aria-labelledby="upcoming-bills-heading" className="rounded-xl border border-slate-200 p-4">
      <h4 id="upcoming-bills-heading" className="mb-3 font-semibold text-slate-900">
        Upcoming Bills
      </h4>
      {cancel.notice && (
        <Alert tone="success" className="mb-3">
          {cancel.notice}
        </Alert>
      )}
      <DataTable
        caption="Upcoming bills, soonest first"
        variant="plain"
        columns={columns}
        rows={data?.payments}
        rowKey="id"
        loading={payments.isPending}
        loadingLabel="Loading upcoming bills"
        error={payments.isError && !data ? payments.error : undefined}
        onRetry={() => void payments.refetch()}
        busy={payments.isPlaceholderData}
        emptyMessage="No bills are scheduled."
        renderCard={(payment) => (
          <PaymentCard
            key={payment.id}
            payment={payment}
            lines={[
              ['Date', paymentDay(payment)],
              ['Status', <StatusPill payment={payment} />],
              ['Schedule', <Schedule payment={payment} />],
            ]}
            actions={<CancelButton payment={payment} onCancel={() => cancel.ask(payment)} />}
          />
        )}
        cardsBelow="container"
        paging={
          data && data.total > data.pageSize
            ? {
                mode: 'numbered',
                navLabel: 'Upcoming bills pages',
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
      <ConfirmDialog
        open={target !== null}
        title="Cancel payment"
        confirmLabel="Cancel payment"
        keepLabel="Keep payment"
        pending={cancel.pending}
        error={cancel.error}
        onConfirm={() => void cancel.confirm()}
        onClose={cancel.close}
      >
        {target && (
          <>
            <p>
              Cancel the payment of <strong className={strong}>{paymentAmount(target)}</strong> to{' '}
              <strong className={strong}>{payeeName(target.payee)}</strong> on {paymentDay(target)}? Any money held for
              it becomes available again.
            </p>
            {target.series && <p>Only this payment is cancelled; the recurring payment goes on.</p>}
            {target.cancelUntil && (
              <p className="text-slate-600">You can cancel it until {formatDateTime(target.cancelUntil)}.</p>
            )}
          </>
        )}
      </ConfirmDialog>
    </section>
  );
}
