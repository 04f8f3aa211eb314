import { type BillPaymentView, billPaymentStatusLabels, formatWireMoney } from '@mutual/shared';
import type { ReactNode } from 'react';
import { TermList } from '../../components/term-list';
import { formatCalendarDate } from '../../lib/format-date';
import { payeeName, statusPillClass } from './format';

/** The pieces both payment lists show, as table cells and on the phone-width cards. */

export function PayeeCell({ payment }: { payment: BillPaymentView }) {
  return (
    <>
      <span className="block font-medium break-words text-slate-900">{payeeName(payment.payee)}</span>
      <span className="block text-sm text-slate-600">
        Account <span className="font-mono">{payment.payee.accountNumberMasked}</span>
      </span>
      {payment.memo && <span className="block text-sm break-words text-slate-600">Memo: {payment.memo}</span>}
    </>
  );
}

export function StatusPill({ payment }: { payment: BillPaymentView }) {
  return <span className={statusPillClass(payment.status)}>{billPaymentStatusLabels[payment.status]}</span>;
}

export const paymentAmount = (payment: BillPaymentView) => formatWireMoney(payment.amount);
export const paymentDay = (payment: BillPaymentView) => (
  <time dateTime={payment.payOn}>{formatCalendarDate(payment.payOn)}</time>
);

/** One payment as a card below the table's breakpoint: payee and amount, then labelled lines. */
export function PaymentCard({
  payment,
  lines,
  actions,
}: {
  payment: BillPaymentView;
  lines: [string, ReactNode][];
  actions?: ReactNode;
}) {
  return (
    <li className="py-3">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <PayeeCell payment={payment} />
        </div>
        <span className="shrink-0 font-semibold text-slate-900 tabular-nums">{paymentAmount(payment)}</span>
      </div>
      <TermList
        rows={lines}
        className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm"
        termClassName="text-slate-600"
        valueClassName="break-words text-slate-900"
      />
      {actions && <div className="mt-3">{actions}</div>}
    </li>
  );
}
