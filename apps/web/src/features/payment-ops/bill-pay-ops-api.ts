import type { BillReturnInput, StaffBillView } from '@mutual/shared';
import { billPayApi } from '@mutual/shared/contract/bill-pay';
import { urlOf } from '@mutual/shared/contract/endpoint';
import { call } from '../../lib/api';
import { useMutationThenRefresh, usePageQuery } from '../../lib/query-hooks';
import { paymentOpsKeys } from './payment-ops-api';

/**
 * The Bill Pay tab of Payment Operations hangs under the page's key, so the page's own refreshes
 * reach it too; a return refreshes only this tab.
 */
export const billPayOpsKeys = {
  all: [...paymentOpsKeys.all, 'bill-pay'] as const,
  payments: (view: StaffBillView, date: string | undefined, page: number) =>
    [...paymentOpsKeys.all, 'bill-pay', view, date ?? 'today', page] as const,
};

/**
 * One page of bill payments due today, sent on `date` (the credit union's today when left out), or
 * returned, with the three counts (the Sent count is for `date`).
 */
export function useStaffBillPayments(view: StaffBillView, date: string | undefined, page: number) {
  return usePageQuery(
    billPayOpsKeys.payments(view, date, page),
    () => call(billPayApi.staffPayments, { query: { view, date, page } }),
    view,
  );
}

/** Return a sent payment; the list and counts are refreshed whether it worked or not (a 409 means it moved). */
export function useReturnBillPayment() {
  return useMutationThenRefresh(billPayOpsKeys.all, ({ id, body }: { id: string; body: BillReturnInput }) =>
    call(billPayApi.staffReturn, { params: { id }, body }),
  );
}

/** The day's sent payments for the bill-pay processor: download links (the server answers attachments). */
export const billPayExportHref = (format: 'csv' | 'nacha', date: string) =>
  urlOf(format === 'csv' ? billPayApi.exportCsv : billPayApi.exportNacha, { query: { date } });
