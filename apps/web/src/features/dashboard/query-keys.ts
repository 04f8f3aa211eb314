import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The member's money queries, in one place: a transfer, a live `ledger` event or anything else
 * that moves money refreshes exactly these.
 */
export const accountsQueryKey = ['me', 'accounts'] as const;
export const summaryQueryKey = ['me', 'summary'] as const;
/** Prefix of every transactions query (the dashboard's newest 20 and each history page). */
export const transactionsQueryKey = ['me', 'transactions'] as const;
/** Prefix of every Bill Pay query: a payment holds and sends money, so a ledger event refreshes it too. */
export const billPayQueryKey = ['bill-pay'] as const;

/** Prefix of every Mobile Deposit query: staff decisions and hold releases arrive as ledger events. */
export const depositsQueryKey = ['me', 'deposits'] as const;

/**
 * Prefix of every Cards query: a card processor's authorization, clearing or reversal (a hold, a
 * posting, a decline) arrives as a ledger event, and the cards show those transactions and the
 * credit line's balance.
 */
export const cardsQueryKey = ['me', 'cards'] as const;

export const moneyQueryKeys = [
  accountsQueryKey,
  summaryQueryKey,
  transactionsQueryKey,
  billPayQueryKey,
  depositsQueryKey,
  cardsQueryKey,
] as const;

/** Marks every money query stale; the ones on screen refetch at once. */
export function useInvalidateMoney(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all(moneyQueryKeys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  }, [queryClient]);
}
