import { type DepositRequest, IDEMPOTENCY_HEADER } from '@mutual/shared';
import { depositsApi } from '@mutual/shared/contract/deposits';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callForm } from '../../lib/api';
import { depositsQueryKey, useInvalidateMoney } from '../dashboard/query-keys';

/** Every query of the member's Mobile Deposit panel hangs under this prefix (staff's: `deposit-review`). */
export const depositsKeys = { page: (page: number) => [...depositsQueryKey, 'overview', page] as const };

/**
 * The form's facts (accounts, limits and what is left of them, endorsement, funds policy) and one
 * page of my deposits, newest first. The old page stays on screen while the next one loads.
 */
export function useDeposits(page: number) {
  return useQuery({
    queryKey: depositsKeys.page(page),
    queryFn: () => call(depositsApi.overview, { query: { page } }),
    placeholderData: keepPreviousData,
  });
}

/** A photo the member chose, with an id of its own: a different photo is a different deposit. */
export interface CheckPhoto {
  id: string;
  file: File;
}

/** What one deposit sends: the JSON part and the two photos. */
export interface DepositSubmission {
  deposit: DepositRequest;
  front: CheckPhoto;
  back: CheckPhoto;
}

/**
 * One multipart POST with the given `Idempotency-Key` (`use-idempotent-request.ts` decides which
 * key). A submitted deposit adds a pending credit, so the balances, the pending total and the
 * transactions refresh with the limits and the history.
 */
export function useSubmitDeposit() {
  const queryClient = useQueryClient();
  const invalidateMoney = useInvalidateMoney();
  return useMutation({
    mutationFn: ({ body, key }: { body: DepositSubmission; key: string }) =>
      callForm(depositsApi.submit, {
        headers: { [IDEMPOTENCY_HEADER]: key },
        json: { deposit: body.deposit },
        files: { front: body.front.file, back: body.back.file },
      }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: depositsQueryKey });
      void invalidateMoney();
    },
  });
}
