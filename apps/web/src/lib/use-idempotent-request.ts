import { useCallback, useRef, useState } from 'react';
import { ApiRequestError } from './api';

/** Refusals after which nothing happened, so the next attempt is a new intent with a new key. */
const finalRefusals = new Set([400, 403, 404, 422, 429]);

/**
 * Sends one money-moving request with an `Idempotency-Key`. The key belongs to one intent (a
 * transfer, a bill payment): it is made when a filled form is first sent, reused for the same
 * form contents (a retry after a lost answer, a second click), and replaced after success, after a
 * final refusal, when the contents change, or on `forget()` (form reset). The server answers a
 * repeat with the same key from its record, so a retry can never move the money twice.
 */
export function useIdempotentRequest<Body, Result>(
  mutate: (request: { body: Body; key: string }) => Promise<Result>,
  onSuccess?: () => void,
) {
  const key = useRef<{ body: string; value: string } | null>(null);
  const inFlight = useRef(false);
  const [sending, setSending] = useState(false);

  /** The result, or null when a request of this form is already on its way (a double click). */
  const send = useCallback(
    async (body: Body): Promise<Result | null> => {
      if (inFlight.current) return null;
      const fingerprint = JSON.stringify(body);
      const current =
        key.current?.body === fingerprint ? key.current : { body: fingerprint, value: crypto.randomUUID() };
      key.current = current;
      inFlight.current = true;
      setSending(true);
      try {
        const result = await mutate({ body, key: current.value });
        key.current = null;
        onSuccess?.();
        return result;
      } catch (error) {
        // No answer or a server failure may still have done it: keep the key for the retry.
        if (error instanceof ApiRequestError && finalRefusals.has(error.status)) key.current = null;
        throw error;
      } finally {
        inFlight.current = false;
        setSending(false);
      }
    },
    [mutate, onSuccess],
  );

  const forget = useCallback(() => {
    key.current = null;
  }, []);

  return { send, sending, forget };
}
