import type { BillPaymentView } from '@mutual/shared';
import { type ReactNode, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../components/data-table';
import { useBillPayments } from './bill-pay-api';
import { PayeeCell, PaymentCard, StatusPill, paymentAmount, paymentDay } from './payment-cells';
import { PanelSection } from '../../components/layout';

interface PaymentsTableProps {
  view: 'upcoming' | 'history';
  /** The panel's heading ("Upcoming Bills") and the table's caption. */
  title: string;
  caption: string;
  emptyMessage: string;
  /** The column after Status: the schedule of an upcoming payment, the outcome of a past one. */
  detail: { header: string; cell: (payment: BillPaymentView) => ReactNode };
  /** A button per payment (Cancel), if any. */
  action?: (payment: BillPaymentView) => ReactNode;
  /** Above the table: a notice. */
  notice?: ReactNode;
  /** After the table: a dialog. */
  children?: ReactNode;
}

/**
 * One of the member's two payment lists, paged: date, payee, amount, status and a detail column
 * as a table, or as cards where the panel is narrow.
 */
export function PaymentsTable({
  view,
  title,
  caption,
  emptyMessage,
  detail,
  action,
  notice,
  children,
}: PaymentsTableProps) {
  const [page, setPage] = useState(1);
  const payments = useBillPayments(view, page);
  const headingId = `${view}-payments-heading`;

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
    { id: 'detail', header: detail.header, className: 'max-w-72', cell: detail.cell },
    ...(action ? [{ id: 'actions', header: 'Actions', hideHeader: true, align: 'right' as const, cell: action }] : []),
  ];

  const data = payments.data;
  return (
    <PanelSection headingId={headingId} title={title}>
      {notice}
      <DataTable
        caption={caption}
        variant="plain"
        columns={columns}
        rows={data?.payments}
        rowKey="id"
        loading={payments.isPending}
        loadingLabel={`Loading ${title.toLowerCase()}`}
        error={payments.isError && !data ? payments.error : undefined}
        onRetry={() => void payments.refetch()}
        busy={payments.isPlaceholderData}
        emptyMessage={emptyMessage}
        renderCard={(payment) => (
          <PaymentCard
            key={payment.id}
            payment={payment}
            lines={[
              ['Date', paymentDay(payment)],
              ['Status', <StatusPill payment={payment} />],
              [detail.header, detail.cell(payment)],
            ]}
            actions={action?.(payment)}
          />
        )}
        cardsBelow="container"
        paging={
          data && data.total > data.pageSize
            ? {
                mode: 'numbered',
                navLabel: `${title} pages`,
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
      {children}
    </PanelSection>
  );
}
