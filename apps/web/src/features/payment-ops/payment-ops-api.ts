import type { AchSecCode, PaymentOrderStatus, PaymentReturnInput } from '@mutual/shared';
import { urlOf } from '@mutual/shared/contract/endpoint';
import { paymentOpsApi } from '@mutual/shared/contract/payment-ops';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { useMutationThenRefresh, usePageQuery } from '../../lib/query-hooks';

/** Every Payment Operations query hangs under one key: after any action, all of it is refetched. */
export const paymentOpsKeys = {
  all: ['payment-ops'] as const,
  orders: (status: PaymentOrderStatus, page: number) => ['payment-ops', 'orders', status, page] as const,
  exports: ['payment-ops', 'exports'] as const,
};

export function usePaymentOrders(status: PaymentOrderStatus, page: number) {
  return usePageQuery(
    paymentOpsKeys.orders(status, page),
    () => call(paymentOpsApi.orders, { query: { status, page } }),
    status,
  );
}

export function useAchExports() {
  return useQuery({ queryKey: paymentOpsKeys.exports, queryFn: () => call(paymentOpsApi.achExports) });
}

/** A past NACHA file, for a download link (the server answers it as an attachment). */
export const achExportFileHref = (id: string) => urlOf(paymentOpsApi.achExportFile, { params: { id } });

/**
 * Settle, return and export; each refreshes the queue, counts and files whether it worked or not
 * (a 409 means it moved).
 */
export function usePaymentOpsActions() {
  return {
    settle: useMutationThenRefresh(paymentOpsKeys.all, (id: string) => call(paymentOpsApi.settle, { params: { id } })),
    returnOrder: useMutationThenRefresh(paymentOpsKeys.all, ({ id, body }: { id: string; body: PaymentReturnInput }) =>
      call(paymentOpsApi.returnOrder, { params: { id }, body }),
    ),
    exportAch: useMutationThenRefresh(paymentOpsKeys.all, (sec: AchSecCode) =>
      call(paymentOpsApi.achExport, { body: { sec } }),
    ),
  };
}
