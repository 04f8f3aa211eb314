import { type ExternalTransferInput, IDEMPOTENCY_HEADER } from '@mutual/shared';
import { transfersApi } from '@mutual/shared/contract/transfers';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../lib/api';

/** The money-moving calls: each carries an Idempotency-Key and answers with the transfer's result. */
export type MoneyEndpoint =
  | typeof transfersApi.internal
  | typeof transfersApi.user
  | typeof transfersApi.external
  | typeof transfersApi.international;

/** What one of them sends, as its contract declares it. */
export type TransferBody<E extends MoneyEndpoint> = z.input<E['body']>;

/** One money-moving POST with the given key (`use-transfer-request.ts` decides which key). */
export function useSendTransfer(endpoint: MoneyEndpoint) {
  return useMutation({
    mutationFn: ({ body, key }: { body: TransferBody<MoneyEndpoint>; key: string }) =>
      call(endpoint, { body, headers: { [IDEMPOTENCY_HEADER]: key } }),
  });
}

/** "Verify" on the To-a-member tab: who the address belongs to. */
export function useVerifyRecipient() {
  return useMutation({
    mutationFn: (email: string) => call(transfersApi.recipient, { body: { email } }),
  });
}

/** Step 1 of "To US Bank": the server sends a code for exactly this transfer. */
export function useExternalChallenge() {
  return useMutation({
    mutationFn: (transfer: ExternalTransferInput) => call(transfersApi.externalChallenge, { body: transfer }),
  });
}
