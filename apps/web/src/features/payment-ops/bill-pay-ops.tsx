import {
  type StaffBillPayment,
  type StaffBillPaymentPage,
  type StaffBillView,
  isCalendarDay,
  messages,
  staffBillViews,
} from '@mutual/shared';
import { useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { NumberedPagerProps } from '../../components/pager';
import { Tabs, countedTabs } from '../../components/tabs';
import type { ShowFlash } from '../admin-users/use-flash';
import { longDay } from '../bill-pay/format';
import { BillPayExports } from './bill-pay-exports';
import { BillPayList } from './bill-pay-list';
import { useStaffBillPayments } from './bill-pay-ops-api';
import { BillReturnDialog } from './bill-pay-return-dialog';
import { isOneOf, pageParam } from '../../lib/search-params';
import { readStates } from '../../components/data-table';
import { type FocusTarget, rowLanding, useFocusLanding } from '../../lib/focus-landing';

const viewLabels: Record<StaffBillView, string> = {
  due: 'Due today',
  scheduled: 'Scheduled',
  sent: 'Sent',
  returned: 'Returned',
};

const isView = isOneOf(staffBillViews);

/** Where the Bill Pay tab is: its view, the Sent day (the credit union's today when left out) and the page. */
export function billPayAddress(view: StaffBillView, date: string | undefined, page = 1): URLSearchParams {
  const query = new URLSearchParams({ tab: 'bill-pay' });
  if (view !== 'due') query.set('view', view);
  if (date) query.set('date', date);
  if (page > 1) query.set('page', String(page));
  return query;
}

function pagingOf(data: StaffBillPaymentPage, hrefFor: (page: number) => string): NumberedPagerProps | undefined {
  const { page, pageSize, total, payments } = data;
  if (payments.length === 0 || total <= pageSize) return undefined;
  return {
    mode: 'numbered',
    navLabel: 'Bill payment pages',
    page,
    // A page past the end (an old address) still offers the way back.
    pageCount: Math.max(page, Math.ceil(total / pageSize)),
    total,
    pageSize,
    shown: payments.length,
    showPages: true,
    hrefFor,
  };
}

function emptyText(view: StaffBillView, day: string | undefined): string {
  if (view === 'due') return 'No bill payments are due today.';
  if (view === 'scheduled') return 'No bill payments are scheduled after today.';
  if (view === 'returned') return 'No returned bill payments.';
  return day ? messages.billPay.nothingToExport(longDay(day)) : 'No bill payments were sent on this day.';
}

/**
 * Payment Operations → Bill Pay: payments due today (the job sends them at the cut-off), sent on a
 * day (returned here when a biller sends one back; exported for the bill-pay processor), and
 * returned. The view, day and page live in the address (?tab=bill-pay&view=&date=&page=).
 */
export function BillPayOps({ onFlash }: { onFlash: ShowFlash }) {
  const [params, setParams] = useSearchParams();
  const rawView = params.get('view');
  const view: StaffBillView = isView(rawView) ? rawView : 'due';
  const rawDate = params.get('date');
  const date = rawDate && isCalendarDay(rawDate) ? rawDate : undefined;
  const page = pageParam(params);
  const payments = useStaffBillPayments(view, date, page);
  const [returning, setReturning] = useState<StaffBillPayment | null>(null);
  // Returned, the payment loses the Return button that opened the dialog (and leaves the view,
  // unless it is a day's Sent list): the focus goes where `rowLanding` says, the list's empty
  // message or its tab panel when no Return is left. Cancelled, the button takes the focus back.
  const land = useFocusLanding();
  const emptyId = useId();
  const listBox = useRef<HTMLDivElement>(null);
  const leaving = useRef<FocusTarget>(() => null);
  const askReturn = (payment: StaffBillPayment, control: HTMLElement) => {
    leaving.current = rowLanding(
      control,
      () => document.getElementById(emptyId) ?? listBox.current?.closest<HTMLElement>('[role="tabpanel"]'),
    );
    setReturning(payment);
  };
  const closeReturn = () => {
    setReturning(null);
    land(leaving.current);
  };

  const today = payments.data?.today;
  /** The day the Sent tab and the exports are about. */
  const day = date ?? today;
  const counts = payments.data?.counts;
  // A count from the previous day's answer would enable an export for the wrong day.
  const current = payments.data && !payments.isPlaceholderData ? payments.data : undefined;

  return (
    <div>
      <p className="max-w-3xl text-slate-600">
        Members&rsquo; bill payments are sent by the scheduled job at the cut-off on their date: the money held for each
        leaves then, and the payment becomes Sent with a confirmation number. When a biller sends a payment back, return
        it here with the reason; the money goes back to the member, who is told. Export a day&rsquo;s sent payments for
        the bill-pay processor.
      </p>

      <Tabs
        label="Bill payments by status"
        tabs={countedTabs(staffBillViews, viewLabels, counts)}
        value={view}
        onValueChange={(next) => setParams(billPayAddress(next, date), { replace: true })}
        className="mt-6"
      >
        {(value) => (
          <div aria-busy={payments.isFetching} ref={listBox}>
            {value === 'sent' && (
              <BillPayExports
                day={day}
                today={today}
                onDayChange={(next) => setParams(billPayAddress('sent', next), { replace: true })}
                current={current}
              />
            )}
            <BillPayList
              caption={
                value === 'sent' && day ? `Bill payments sent on ${longDay(day)}` : `${viewLabels[value]} bill payments`
              }
              payments={payments.otherTab ? undefined : payments.data?.payments}
              view={value}
              onReturn={askReturn}
              {...readStates(payments)}
              emptyMessage={<span id={emptyId}>{emptyText(value, day)}</span>}
              busy={payments.isPlaceholderData}
              paging={
                payments.data && pagingOf(payments.data, (next) => `?${billPayAddress(view, date, next).toString()}`)
              }
            />
          </div>
        )}
      </Tabs>

      <BillReturnDialog payment={returning} onClose={closeReturn} onFlash={onFlash} />
    </div>
  );
}
