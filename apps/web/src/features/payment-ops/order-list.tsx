import type { PaymentOrder, PaymentOrderStatus } from '@mutual/shared';
import { CheckCircle2, FileText, Undo2 } from 'lucide-react';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../components/data-table';
import { EmailText, NameAndEmail } from '../../components/email-text';
import { formatDateTime } from '../../lib/format-date';
import { rowControl } from '../../lib/focus-landing';
import { bankDetails, formatAge, formatShortDateTime, orderAmount, orderSummary, railLabel } from './format';
import { StaffPaymentCard, WhenLine } from './staff-card';
import { iconPillClass, tints } from '../../components/pill';

/** Settle and Return, each with the button pressed (the focus's way back once the order leaves the queue). */
export interface OrderActions {
  onSettle: (order: PaymentOrder, control: HTMLElement) => void;
  onReturn: (order: PaymentOrder, control: HTMLElement) => void;
}

/** The test id and data attributes of an order's table row and of its card. */
const orderMarks = (order: PaymentOrder) => ({ 'data-testid': 'payment-order', 'data-order-id': order.id });

function RailBadge({ order }: { order: PaymentOrder }) {
  const tone = order.rail === 'ach' ? tints.sky : tints.violet;
  return <span className={`${iconPillClass} ${tone}`}>{railLabel(order)}</span>;
}

function Beneficiary({ order }: { order: PaymentOrder }) {
  return (
    <>
      <span className="block font-medium break-words text-slate-900">{order.beneficiary.name}</span>
      <span className="block text-sm text-slate-600">Account {order.beneficiary.accountNumberMasked}</span>
      {order.reference && <span className="block text-sm break-words text-slate-600">Ref: {order.reference}</span>}
    </>
  );
}

function Bank({ order }: { order: PaymentOrder }) {
  return (
    <>
      <span className="block break-words text-slate-900">{order.beneficiary.bankName}</span>
      {bankDetails(order).map((line) => (
        <span key={line} className="block text-sm text-slate-600 tabular-nums xl:whitespace-nowrap">
          {line}
        </span>
      ))}
    </>
  );
}

/** Pending: how long it has waited (and when it lapses). Resolved: when, by whom, and why if returned. */
function Timing({ order }: { order: PaymentOrder }) {
  if (order.status === 'pending') {
    return (
      <>
        <span className="block font-medium text-slate-900">{formatAge(order.ageMinutes)}</span>
        <WhenLine label="Sent" at={order.createdAt} format={formatShortDateTime} />
        <WhenLine label="Expires" at={order.expiresAt} format={formatShortDateTime} />
      </>
    );
  }
  return (
    <>
      <time dateTime={order.resolvedAt ?? undefined} className="block text-slate-900">
        {formatDateTime(order.resolvedAt)}
      </time>
      {order.resolvedBy && (
        <span className="block text-sm break-words text-slate-600">
          by <EmailText email={order.resolvedBy} />
        </span>
      )}
      {order.returnReason && (
        <span className="mt-1 block text-sm font-medium text-red-800">
          {order.rail === 'ach' && order.returnCode ? `${order.returnCode} · ` : ''}
          {order.returnReason}
        </span>
      )}
      {order.returnNote && (
        <span className="mt-1 block text-sm break-words text-slate-700" data-testid="return-note">
          <span className="font-medium">Note to the member:</span> {order.returnNote}
        </span>
      )}
    </>
  );
}

function Exported({ order }: { order: PaymentOrder }) {
  if (order.exported) {
    return (
      <>
        <span className="inline-flex items-center gap-1 font-medium whitespace-nowrap text-slate-900">
          <FileText className="h-4 w-4 shrink-0 text-brand" aria-hidden="true" />
          {order.exported.fileName}
        </span>
        <span className="block text-sm whitespace-nowrap text-slate-600">
          <time dateTime={order.exported.createdAt}>{formatShortDateTime(order.exported.createdAt)}</time>
        </span>
      </>
    );
  }
  const text = order.rail !== 'ach' ? 'Not applicable' : order.status === 'pending' ? 'Not yet' : 'Not exported';
  return <span className="text-sm text-slate-600">{text}</span>;
}

function Actions({ order, onSettle, onReturn, full = false }: OrderActions & { order: PaymentOrder; full?: boolean }) {
  const label = orderSummary(order);
  return (
    <div className={full ? 'grid grid-cols-2 gap-2' : 'flex flex-col gap-2'}>
      <Button
        icon={CheckCircle2}
        size="sm"
        onClick={(event) => onSettle(order, event.currentTarget)}
        aria-label={`Settle ${label}`}
        {...rowControl('settle')}
      >
        Settle
      </Button>
      <Button
        icon={Undo2}
        size="sm"
        variant="outline"
        onClick={(event) => onReturn(order, event.currentTarget)}
        aria-label={`Return ${label}`}
        {...rowControl('return')}
      >
        Return
      </Button>
    </div>
  );
}

/** The states of the queue a screen passes on: loading, a failed read, nothing in it, a page. */
type ListStates = Pick<
  DataTableProps<PaymentOrder>,
  'loading' | 'loadingLabel' | 'error' | 'errorFallback' | 'onRetry' | 'busy' | 'emptyMessage' | 'paging'
>;

function orderColumns(pending: boolean, actions: OrderActions): DataTableColumn<PaymentOrder>[] {
  return [
    // On a wide screen the table has room for the whole e-mail; narrower, it breaks before the "@".
    {
      id: 'member',
      header: 'Member',
      className: 'max-w-56 xl:max-w-none xl:whitespace-nowrap xl:[&_wbr]:hidden',
      cell: (order) => <NameAndEmail person={order.member} />,
    },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (order) => (
        <>
          <span className="block font-semibold text-slate-900 tabular-nums">{orderAmount(order)}</span>
          <span className="mt-1 block">
            <RailBadge order={order} />
          </span>
          <span className="mt-1 block text-xs text-slate-600">from {order.fromAccount}</span>
        </>
      ),
    },
    { id: 'beneficiary', header: 'Beneficiary', className: 'max-w-48', cell: (order) => <Beneficiary order={order} /> },
    { id: 'bank', header: 'Bank', className: 'max-w-48', cell: (order) => <Bank order={order} /> },
    { id: 'timing', header: pending ? 'Age' : 'Resolved', cell: (order) => <Timing order={order} /> },
    { id: 'exported', header: 'Exported', cell: (order) => <Exported order={order} /> },
    ...(pending
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            cell: (order: PaymentOrder) => <Actions order={order} {...actions} />,
          },
        ]
      : []),
  ];
}

/** One order as a card (phone). */
function OrderCard({ order, pending, ...actions }: OrderActions & { order: PaymentOrder; pending: boolean }) {
  return (
    <StaffPaymentCard
      rowProps={orderMarks(order)}
      member={<NameAndEmail person={order.member} />}
      amount={
        <>
          <span className="block text-lg font-semibold text-slate-900 tabular-nums">{orderAmount(order)}</span>
          <RailBadge order={order} />
        </>
      }
      rows={[
        ['Beneficiary', <Beneficiary order={order} />],
        ['Bank', <Bank order={order} />],
        [pending ? 'Age' : 'Resolved', <Timing order={order} />],
        ['Exported', <Exported order={order} />],
      ]}
      actions={pending && <Actions order={order} {...actions} full />}
    />
  );
}

/** The queue as a table (tablet and desktop) and as cards (phone), with its states and paging. */
export function OrderList({
  orders,
  status,
  caption,
  onSettle,
  onReturn,
  ...states
}: OrderActions &
  ListStates & { orders: readonly PaymentOrder[] | undefined; status: PaymentOrderStatus; caption: string }) {
  const pending = status === 'pending';
  const actions = { onSettle, onReturn };
  return (
    <DataTable
      caption={caption}
      columns={orderColumns(pending, actions)}
      rows={orders}
      rowKey="id"
      rowProps={orderMarks}
      renderCard={(order) => <OrderCard order={order} pending={pending} {...actions} />}
      cardListClassName="space-y-3"
      {...states}
    />
  );
}
