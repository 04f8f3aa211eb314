import type { TransferResult } from '@mutual/shared';
import { useCallback, useRef, useState } from 'react';
import { ApiRequestError } from '../../lib/api';
import { useInvalidateMoney } from '../dashboard/query-keys';
import { type MoneyEndpoint, type TransferBody, useSendTransfer } from './transfers-api';

/** Refusals after which nothing moved, so the next attempt is a new intent with a new key. */
const finalRefusals = new Set([400, 403, 404, 422, 429]);

/**
 * Sends one money-moving POST with an `Idempotency-Key`. The key belongs to one intended
 * transfer: it is made when a filled form is first sent, reused for the same form contents (a
 * retry after a lost answer, a second click), and replaced after success, after a final refusal,
 * when the contents change, or on `forget()` (form reset). A repeat with the same key is answered
 * by the server from its record, so a retry can never move the money twice.
 */
export function useTransferRequest<E extends MoneyEndpoint>(endpoint: E) {
  const invalidateMoney = useInvalidateMoney();
  const { mutateAsync } = useSendTransfer(endpoint);
  const key = useRef<{ body: string; value: string } | null>(null);
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);

  /** The result, or null when a request of this form is already on its way (a double click). */
  const send = useCallback(
    async (body: TransferBody<E>): Promise<TransferResult | null> => {
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
        void invalidateMoney();
        return result;
      } catch (error) {
        // No answer or a server failure may still have moved the money: keep the key for the retry.
        if (error instanceof ApiRequestError && finalRefusals.has(error.status)) key.current = null;
        throw error;
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [mutateAsync, invalidateMoney],
  );

  const forget = useCallback(() => {
    key.current = null;
  }, []);

  return { send, sending, forget };
}
