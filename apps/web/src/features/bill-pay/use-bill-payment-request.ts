import type { BillPaymentInput, BillPaymentResult } from '@mutual/shared';
import { useCallback, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { useSchedulePayment } from './bill-pay-api';

/** Refusals after which nothing was scheduled, so the next attempt is a new intent with a new key. */
const finalRefusals = new Set([400, 403, 404, 422, 429]);

/**
 * Schedules one payment with an `Idempotency-Key`, as the transfers do
 * (`transfers/use-transfer-request.ts`): the key belongs to one intended payment, is reused for
 * the same form contents (a retry after a lost answer, a second click) and replaced after
 * success, after a final refusal, when the contents change, or on `forget()`. The server answers
 * a repeat from its record, so a retry never holds the money twice.
 */
export function useBillPaymentRequest() {
  const { mutateAsync } = useSchedulePayment();
  const key = useRef<{ body: string; value: string } | null>(null);
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);

  /** The result, or null when this form's request is already on its way (a double click). */
  const send = useCallback(
    async (body: BillPaymentInput): Promise<BillPaymentResult | null> => {
      if (inFlight.current) return null;
      const fingerprint = JSON.stringify(body);
      const current =
        key.current?.body === fingerprint ? key.current : { body: fingerprint, value: crypto.randomUUID() };
      key.current = current;
      inFlight.current = true;
      setSending(true);
      try {
        const result = await mutateAsync({ body, key: current.value });
        key.current = null;
        return result;
      } catch (error) {
        // No answer or a server failure may still have scheduled it: keep the key for the retry.
        if (error instanceof ApiRequestError && finalRefusals.has(error.status)) key.current = null;
        throw error;
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [mutateAsync],
  );

  const forget = useCallback(() => {
    key.current = null;
  }, []);

  return { send, sending, forget };
}
