import type {
  AchExportList,
  AchExportResult,
  AchSecCode,
  PaymentOrderPage,
  PaymentOrderResult,
  PaymentOrderStatus,
  PaymentReturnInput,
} from '@mutual/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

const base = '/api/admin/payment-orders';

/** Every Payment Operations query hangs under one key: after any action, all of it is refetched. */
export const paymentOpsKeys = {
  all: ['payment-ops'] as const,
  orders: (status: PaymentOrderStatus, page: number) => ['payment-ops', 'orders', status, page] as const,
  exports: ['payment-ops', 'exports'] as const,
};

export function usePaymentOrders(status: PaymentOrderStatus, page: number) {
  return useQuery({
    queryKey: paymentOpsKeys.orders(status, page),
    queryFn: () => api<PaymentOrderPage>(`${base}?${new URLSearchParams({ status, page: String(page) }).toString()}`),
    // Keep the rows and tab counts on screen while another tab or page loads.
    placeholderData: keepPreviousData,
  });
}

export function useAchExports() {
  return useQuery({ queryKey: paymentOpsKeys.exports, queryFn: () => api<AchExportList>(`${base}/ach-exports`) });
}

/** Settle, return and export; each refreshes the queue, counts and files whether it worked or not (a 409 means it moved). */
export function usePaymentOpsActions() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: paymentOpsKeys.all });
  return {
    settle: useMutation({
      mutationFn: (id: string) =>
        api<PaymentOrderResult>(`${base}/${encodeURIComponent(id)}/settle`, { method: 'POST' }),
      onSettled,
    }),
    returnOrder: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PaymentReturnInput }) =>
        api<PaymentOrderResult>(`${base}/${encodeURIComponent(id)}/return`, { method: 'POST', body }),
      onSettled,
    }),
    exportAch: useMutation({
      mutationFn: (sec: AchSecCode) => api<AchExportResult>(`${base}/ach-export`, { method: 'POST', body: { sec } }),
      onSettled,
    }),
  };
}
