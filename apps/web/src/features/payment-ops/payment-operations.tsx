import {
  type PaymentOrder,
  type PaymentOrderPage,
  type PaymentOrderStatus,
  messages,
  paymentOrderStatusLabels,
  paymentOrderStatuses,
} from '@mutual/shared';
import { ArrowLeft } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Container } from '../../components/layout';
import type { NumberedPagerProps } from '../../components/pager';
import { Tabs, countedTabs } from '../../components/tabs';
import { FlashBanner } from '../admin-users/flash-banner';
import { type ShowFlash, useFlash } from '../admin-users/use-flash';
import { AchFiles } from './ach-files';
import { BillPayOps } from './bill-pay-ops';
import { ReturnDialog, SettleDialog } from './order-dialogs';
import { OrderList } from './order-list';
import { usePaymentOrders } from './payment-ops-api';
import { useSite } from '../site/site-context';
import { isOneOf, pageParam } from '../../lib/search-params';
import { readStates } from '../../components/data-table';
import { type FocusTarget, rowLanding, useFocusLanding } from '../../lib/focus-landing';

const isStatus = isOneOf(paymentOrderStatuses);

/**
 * Previous / Next under a page of the queue, when there is more than one: "Showing 26–50 of 60",
 * its numbers without separators, as the queue has always written them.
 */
function pagingOf(data: PaymentOrderPage, hrefFor: (page: number) => string): NumberedPagerProps | undefined {
  const { page, pageSize, total, orders } = data;
  if (orders.length === 0 || total <= pageSize) return undefined;
  const first = (page - 1) * pageSize + 1;
  return {
    mode: 'numbered',
    page,
    // A page past the end (an old address) still offers the way back.
    pageCount: Math.max(page, Math.ceil(total / pageSize)),
    hrefFor,
    label: (
      <span data-testid="history-range">
        Showing {first}–{first + orders.length - 1} of {total}
      </span>
    ),
  };
}

const emptyText: Record<PaymentOrderStatus, string> = {
  pending: 'No payments are waiting. You are all caught up.',
  settled: 'No settled payments yet.',
  returned: 'No returned payments.',
  expired: 'No expired payments.',
};

type Section = 'transfers' | 'bill-pay';
const sections: { value: Section; label: string }[] = [
  { value: 'transfers', label: 'Transfers' },
  { value: 'bill-pay', label: 'Bill Pay' },
];

/**
 * Payment Operations: members' transfers to other banks (Transfers) and their bill payments
 * (Bill Pay), one tab each. The section lives in the address (?tab=bill-pay; Transfers, the
 * default, is left out so its own ?status=&page= addresses stay as they were).
 */
export function PaymentOperations() {
  const [params, setParams] = useSearchParams();
  const section: Section = params.get('tab') === 'bill-pay' ? 'bill-pay' : 'transfers';
  const { flash, show, dismiss } = useFlash();
  const { timeZone } = useSite();

  return (
    <Container className="py-8 sm:py-10">
      <FlashBanner flash={flash} onDismiss={dismiss} />
      <Link to="/admin" className="inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Admin Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-semibold text-slate-900 sm:text-3xl">Payment Operations</h1>
      <p className="mt-1 max-w-3xl text-slate-600">
        Members&rsquo; payments that leave the credit union: transfers to other banks and bill payments. Times are the
        credit union&rsquo;s ({timeZone}).
      </p>

      <Tabs
        label="Payment Operations sections"
        tabs={sections}
        value={section}
        onValueChange={(next) => setParams(next === 'bill-pay' ? { tab: 'bill-pay' } : {}, { replace: true })}
        className="mt-6"
        panelClassName="mt-6 border-t border-slate-200 pt-6"
      >
        {(value) => (value === 'bill-pay' ? <BillPayOps onFlash={show} /> : <TransferPayments onFlash={show} />)}
      </Tabs>
    </Container>
  );
}

/**
 * Transfers (decisions.md): members' payments to other banks wait here, their money held, until
 * staff settle them (sent) or return them with a reason; ACH payments go out as NACHA files.
 * The status tab and page live in the address (?status=, ?page=).
 */
function TransferPayments({ onFlash }: { onFlash: ShowFlash }) {
  const [params, setParams] = useSearchParams();
  const raw = params.get('status');
  const status: PaymentOrderStatus = isStatus(raw) ? raw : 'pending';
  const page = pageParam(params);
  const orders = usePaymentOrders(status, page);
  const [settling, setSettling] = useState<PaymentOrder | null>(null);
  const [returning, setReturning] = useState<PaymentOrder | null>(null);
  // Settled or returned, the order leaves the queue with the button that opened the dialog: the
  // focus goes where `rowLanding` says, the empty queue's message when none is left. Cancelled,
  // the order is still there and its button takes the focus back.
  const land = useFocusLanding();
  const emptyId = useId();
  const leaving = useRef<FocusTarget>(() => null);
  const noteRow = (control: HTMLElement) => {
    leaving.current = rowLanding(control, () => document.getElementById(emptyId));
  };
  const close = () => {
    setSettling(null);
    setReturning(null);
    land(leaving.current);
  };

  /** The address of a tab and page (pending and page 1 are the defaults, left out). */
  const queryFor = (nextStatus: PaymentOrderStatus, nextPage = 1) => {
    const query = new URLSearchParams();
    if (nextStatus !== 'pending') query.set('status', nextStatus);
    if (nextPage > 1) query.set('page', String(nextPage));
    return query;
  };
  const counts = orders.data?.counts;

  return (
    <>
      <p className="max-w-3xl text-slate-600">
        Members&rsquo; transfers to US banks (ACH) and international wires wait here with their money held. Settle a
        payment once it has gone out, or return it with a reason and the money goes back to the member.
      </p>

      <Tabs
        label="Payments by status"
        tabs={countedTabs(paymentOrderStatuses, paymentOrderStatusLabels, counts)}
        value={status}
        onValueChange={(value) => setParams(queryFor(value), { replace: true })}
        className="mt-6"
      >
        {(value) => (
          <div aria-busy={orders.isFetching}>
            <OrderList
              caption={`${paymentOrderStatusLabels[value]} payments`}
              orders={orders.otherTab ? undefined : orders.data?.orders}
              status={value}
              onSettle={(order, control) => {
                noteRow(control);
                setSettling(order);
              }}
              onReturn={(order, control) => {
                noteRow(control);
                setReturning(order);
              }}
              {...readStates(orders)}
              loadingLabel="Loading payments…"
              errorFallback={messages.paymentOps.loadFailed}
              emptyMessage={<span id={emptyId}>{emptyText[value]}</span>}
              busy={orders.isPlaceholderData}
              paging={orders.data && pagingOf(orders.data, (next) => `?${queryFor(status, next).toString()}`)}
            />
          </div>
        )}
      </Tabs>

      <div className="mt-10">
        <AchFiles waiting={orders.data?.achToExport} onFlash={onFlash} />
      </div>

      <SettleDialog order={settling} onClose={close} onFlash={onFlash} />
      <ReturnDialog order={returning} onClose={close} onFlash={onFlash} />
    </>
  );
}
