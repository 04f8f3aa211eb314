import {
  type StaffBillPayment,
  type StaffBillView,
  billPaymentStatusLabels,
  formatWireMoney,
  messages,
} from '@mutual/shared';
import { Undo2 } from 'lucide-react';
import { Button } from '../../components/button';
import { DataTable, type DataTableColumn, type DataTableProps } from '../../components/data-table';
import { formatCalendarDate, formatDateTime } from '../../lib/format-date';
import { rowControl } from '../../lib/focus-landing';
import { holdText, payeeName, seriesText, statusPillClass } from '../bill-pay/format';
import { NameAndEmail } from '../../components/email-text';
import { StaffPaymentCard, WhenLine } from './staff-card';
import { pillClass, tints } from '../../components/pill';

const deliveryLabels = { electronic: 'Electronic', check: 'Check' } as const;

export const billAmount = (payment: StaffBillPayment) => formatWireMoney(payment.amount);

/** "$82.40 to Home power (City Electric), confirmation BP-…": for dialogs and screen readers. */
export function billPaymentSummary(payment: StaffBillPayment): string {
  const confirmation = payment.confirmationNumber ? `, confirmation ${payment.confirmationNumber}` : '';
  return `${billAmount(payment)} to ${payeeName(payment.payee)}${confirmation}`;
}

/** Return, with the button pressed (the focus's way back once the payment can no longer be returned). */
type OnReturn = (payment: StaffBillPayment, control: HTMLElement) => void;

/** The test id and data attributes of a payment's table row and of its card. */
const paymentMarks = (payment: StaffBillPayment) => ({ 'data-testid': 'bill-payment', 'data-payment-id': payment.id });

export function DeliveryBadge({ payment }: { payment: StaffBillPayment }) {
  const tone = payment.biller.delivery === 'electronic' ? tints.sky : tints.violet;
  return <span className={`${pillClass} ${tone}`}>{deliveryLabels[payment.biller.delivery]}</span>;
}

/** The payee as the member named it, the biller, how it is paid and the member's account there (masked). */
function Payee({ payment }: { payment: StaffBillPayment }) {
  return (
    <>
      <span className="block font-medium break-words text-slate-900">{payeeName(payment.payee)}</span>
      <span className="mt-1 block">
        <DeliveryBadge payment={payment} />
      </span>
      <span className="mt-1 block text-sm whitespace-nowrap text-slate-600">
        Account <span className="font-mono">{payment.payee.accountNumberMasked}</span>
      </span>
      {payment.memo && <span className="block text-sm break-words text-slate-600">Memo: {payment.memo}</span>}
    </>
  );
}

function Amount({ payment }: { payment: StaffBillPayment }) {
  return (
    <>
      <span className="block font-semibold text-slate-900 tabular-nums">{billAmount(payment)}</span>
      <span className="block text-xs text-slate-600">from {payment.fromAccount}</span>
    </>
  );
}

/** The payment's date, and when it was sent or returned. */
function When({ payment }: { payment: StaffBillPayment }) {
  return (
    <>
      <time dateTime={payment.payOn} className="block text-slate-900 lg:whitespace-nowrap">
        {formatCalendarDate(payment.payOn)}
      </time>
      <WhenLine label="Sent" at={payment.sentAt} format={formatDateTime} nowrapFrom="lg" />
      <WhenLine label="Returned" at={payment.returnedAt} format={formatDateTime} nowrapFrom="lg" />
    </>
  );
}

/** Status, the series it belongs to ("Monthly, payment 2"), and for a scheduled one whether its money is held. */
function Status({ payment }: { payment: StaffBillPayment }) {
  return (
    <>
      <span className={statusPillClass(payment.status)}>{billPaymentStatusLabels[payment.status]}</span>
      <span className="mt-1 block text-sm text-slate-700">{seriesText(payment.series) ?? 'One time'}</span>
      {payment.status === 'scheduled' && <span className="block text-sm text-slate-600">{holdText(payment)}</span>}
    </>
  );
}

function Confirmation({ payment }: { payment: StaffBillPayment }) {
  return payment.confirmationNumber ? (
    <span className="font-mono text-sm break-all text-slate-900">{payment.confirmationNumber}</span>
  ) : (
    <span className="text-sm text-slate-600">Not yet</span>
  );
}

/** Why the biller sent it back, and the note the member was given. */
function Reason({ payment }: { payment: StaffBillPayment }) {
  return (
    <div className="lg:min-w-48">
      <span className="block text-sm font-medium break-words text-red-800">{payment.reason ?? '—'}</span>
      {payment.returnNote && (
        <span className="mt-1 block text-sm break-words text-slate-700" data-testid="bill-return-note">
          <span className="font-medium">Note to the member:</span> {payment.returnNote}
        </span>
      )}
    </div>
  );
}

function ReturnButton({
  payment,
  onReturn,
  full = false,
}: {
  payment: StaffBillPayment;
  onReturn: OnReturn;
  full?: boolean;
}) {
  // A day's Sent list keeps payments returned since; only one still sent can be returned.
  if (payment.status !== 'sent') return null;
  return (
    <Button
      icon={Undo2}
      size="sm"
      variant="outline"
      className={full ? 'w-full' : ''}
      onClick={(event) => onReturn(payment, event.currentTarget)}
      aria-label={`Return ${billPaymentSummary(payment)}`}
      {...rowControl('return')}
    >
      Return
    </Button>
  );
}

function columnsFor(view: StaffBillView, onReturn: OnReturn): DataTableColumn<StaffBillPayment>[] {
  return [
    { id: 'member', header: 'Member', cell: (payment) => <NameAndEmail person={payment.member} /> },
    { id: 'payee', header: 'Payee / biller', className: 'max-w-56', cell: (payment) => <Payee payment={payment} /> },
    {
      id: 'amount',
      header: 'Amount',
      align: 'right',
      className: 'whitespace-nowrap',
      cell: (payment) => <Amount payment={payment} />,
    },
    { id: 'date', header: 'Date', cell: (payment) => <When payment={payment} /> },
    { id: 'status', header: 'Status', cell: (payment) => <Status payment={payment} /> },
    { id: 'confirmation', header: 'Confirmation', cell: (payment) => <Confirmation payment={payment} /> },
    ...(view === 'returned'
      ? [
          {
            id: 'reason',
            header: 'Reason',
            className: 'max-w-72',
            cell: (payment: StaffBillPayment) => <Reason payment={payment} />,
          },
        ]
      : []),
    ...(view === 'sent'
      ? [
          {
            id: 'actions',
            header: 'Actions',
            hideHeader: true,
            cell: (payment: StaffBillPayment) => <ReturnButton payment={payment} onReturn={onReturn} />,
          },
        ]
      : []),
  ];
}

/** One payment as a card (phone). */
function BillPaymentCard({
  payment,
  view,
  onReturn,
}: {
  payment: StaffBillPayment;
  view: StaffBillView;
  onReturn: OnReturn;
}) {
  return (
    <StaffPaymentCard
      rowProps={paymentMarks(payment)}
      member={<NameAndEmail person={payment.member} />}
      amount={<Amount payment={payment} />}
      rows={[
        ['Payee', <Payee payment={payment} />],
        ['Date', <When payment={payment} />],
        ['Status', <Status payment={payment} />],
        ['Confirmation', <Confirmation payment={payment} />],
        view === 'returned' && ['Reason', <Reason payment={payment} />],
      ]}
      actions={view === 'sent' && <ReturnButton payment={payment} onReturn={onReturn} full />}
    />
  );
}

type ListStates = Pick<
  DataTableProps<StaffBillPayment>,
  'loading' | 'error' | 'onRetry' | 'busy' | 'emptyMessage' | 'paging'
>;

/** A page of bill payments as a table (tablet and desktop) and as cards (phone). */
export function BillPayList({
  payments,
  view,
  caption,
  onReturn,
  ...states
}: ListStates & {
  payments: readonly StaffBillPayment[] | undefined;
  view: StaffBillView;
  caption: string;
  onReturn: OnReturn;
}) {
  return (
    <DataTable
      caption={caption}
      columns={columnsFor(view, onReturn)}
      rows={payments}
      rowKey="id"
      rowProps={paymentMarks}
      renderCard={(payment) => <BillPaymentCard payment={payment} view={view} onReturn={onReturn} />}
      cardsBelow="lg"
      cardListClassName="space-y-3"
      loadingLabel="Loading bill payments…"
      errorFallback={messages.billPay.loadFailed}
      {...states}
    />
  );
}
