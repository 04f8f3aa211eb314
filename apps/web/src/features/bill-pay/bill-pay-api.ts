import {
  type BillPaymentInput,
  type BillPayOverview,
  IDEMPOTENCY_HEADER,
  type NewPayeeInput,
  type PayeeConfirmInput,
} from '@mutual/shared';
import { billPayApi } from '@mutual/shared/contract/bill-pay';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { billPayQueryKey, useInvalidateMoney } from '../dashboard/query-keys';

export type BillPaymentView = 'upcoming' | 'history';

/**
 * Every Bill Pay query hangs under `billPayQueryKey`, which is one of the dashboard's money keys:
 * scheduling, cancelling or a live ledger event refreshes the balances, the pending total, the
 * history and these lists together.
 */
export const billPayKeys = {
  overview: [...billPayQueryKey, 'overview'] as const,
  payments: (view: BillPaymentView, page: number) => [...billPayQueryKey, 'payments', view, page] as const,
};

/** The biller directory, the member's payees and recurring payments, and the dates a payment may take. */
export function useBillPayOverview() {
  return useQuery({ queryKey: billPayKeys.overview, queryFn: () => call(billPayApi.overview) });
}

/** Upcoming Bills (scheduled, soonest first) or Payment History (newest first), one page. */
export function useBillPayments(view: BillPaymentView, page: number) {
  return useQuery({
    queryKey: billPayKeys.payments(view, page),
    queryFn: () => call(billPayApi.payments, { query: { view, page } }),
    // The old page stays on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
  });
}

/** One scheduling POST with the given key (`use-bill-payment-request.ts` decides which key). */
export function useSchedulePayment() {
  const invalidateMoney = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ body, key }: { body: BillPaymentInput; key: string }) =>
      call(billPayApi.schedule, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
    onSuccess: () => void invalidateMoney(),
  });
}

/** Add Payee, step 1: the server sends a code for exactly this payee. */
export function usePayeeChallenge() {
  return useMutation({ mutationFn: (payee: NewPayeeInput) => call(billPayApi.payeeChallenge, { body: payee }) });
}

/** Add Payee, step 2: the payee and the code. The new payee is listed at once, before the refetch. */
export function useAddPayee() {
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  return useMutation({
    mutationFn: (body: PayeeConfirmInput) => call(billPayApi.addPayee, { body }),
    onSuccess: ({ payee }) => {
      queryClient.setQueryData<BillPayOverview>(billPayKeys.overview, (overview) =>
        overview && !overview.payees.some((known) => known.id === payee.id)
          ? { ...overview, payees: [...overview.payees, payee] }
          : overview,
      );
      void invalidateMoney();
    },
  });
}

/**
 * Remove a payee, cancel a payment, stop a series: each refreshes the lists and the money figures
 * whether it worked or not (a refusal often means the payment moved on meanwhile).
 */
export function useBillPayActions() {
  const invalidateMoney = useInvalidateMoney();
  const onSettled = () => void invalidateMoney();
  return {
    removePayee: useMutation({
      mutationFn: (id: string) => call(billPayApi.removePayee, { params: { id } }),
      onSettled,
    }),
    cancelPayment: useMutation({
      mutationFn: (id: string) => call(billPayApi.cancelPayment, { params: { id } }),
      onSettled,
    }),
    stopSeries: useMutation({
      mutationFn: (id: string) => call(billPayApi.stopSeries, { params: { id } }),
      onSettled,
    }),
  };
}
