import type { BillPaymentInput, BillPaymentResult } from '@mutual/shared';
import { useIdempotentRequest } from '../../lib/use-idempotent-request';
import { useSchedulePayment } from './bill-pay-api';

/**
 * Schedules one payment with an `Idempotency-Key` per intended payment, as the transfers do: a
 * retry never holds the money twice (`lib/use-idempotent-request.ts`).
 */
export function useBillPaymentRequest() {
  const { mutateAsync } = useSchedulePayment();
  return useIdempotentRequest<BillPaymentInput, BillPaymentResult>(mutateAsync);
}
