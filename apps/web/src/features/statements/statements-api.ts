import { STATEMENT_PROCESSING_MS } from '@mutual/shared';
import { urlOf } from '@mutual/shared/contract/endpoint';
import { statementsApi } from '@mutual/shared/contract/statements';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/api';

/** The member's statements (the staff console's live in `staff-statements-api.ts`). */
export const statementsKeys = { overview: ['me', 'statements'] as const };

/** One account's statement for one month. */
export interface StatementTarget {
  accountId: string;
  period: string;
}

/** My accounts, the closed months offered (newest first) and the statements issued. */
export function useStatementsOverview() {
  return useQuery({ queryKey: statementsKeys.overview, queryFn: () => call(statementsApi.overview) });
}

/** The PDF, for a plain download link (the browser fetches it with the session cookie). */
export const statementHref = (target: StatementTarget) =>
  urlOf(statementsApi.download, { params: { accountId: target.accountId, period: target.period } });

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * "E-mail me this statement". Spec §8: the request shows its result after STATEMENT_PROCESSING_MS
 * (1.5 s), so a quick answer waits that long; a refusal shows as soon as it comes. `place` says
 * which button asked (the form, or one statement of the list), so the result shows beside it.
 */
export function useEmailStatement() {
  return useMutation({
    mutationFn: async ({ target }: { target: StatementTarget; place: string }) => {
      const [result] = await Promise.all([
        call(statementsApi.email, { params: { accountId: target.accountId, period: target.period } }),
        pause(STATEMENT_PROCESSING_MS),
      ]);
      return result;
    },
  });
}
