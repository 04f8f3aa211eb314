import type { TransferResult } from '@mutual/shared';
import { useCallback } from 'react';
import { useIdempotentRequest } from '../../lib/use-idempotent-request';
import { useInvalidateMoney } from '../dashboard/query-keys';
import { type MoneyEndpoint, type TransferBody, useSendTransfer } from './transfers-api';

/**
 * Sends one transfer with an `Idempotency-Key` per intended transfer
 * (`lib/use-idempotent-request.ts`), and refreshes the money on screen once it is done.
 */
export function useTransferRequest<E extends MoneyEndpoint>(endpoint: E) {
  const invalidateMoney = useInvalidateMoney();
  const { mutateAsync } = useSendTransfer(endpoint);
  const refresh = useCallback(() => void invalidateMoney(), [invalidateMoney]);
  return useIdempotentRequest<TransferBody<E>, TransferResult>(mutateAsync, refresh);
}
