import type { TerminalPurchaseInput, terminalSettleSchema } from '@mutual/shared';
import { cardsApi } from '@mutual/shared/contract/cards';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { ApiRequestError, call } from '../../lib/api';
import { useMutationThenRefresh } from '../../lib/query-hooks';

export type { TerminalOverview } from '@mutual/shared';
export type TerminalSettleInput = z.input<typeof terminalSettleSchema>;

/**
 * The terminal's one query: after any charge, clearing or reversal, its cards (a status) and list
 * (a new line) are read again.
 */
const terminalKey = ['dev-terminal'] as const;
/** The CLI (`npm run card-terminal`) may charge cards too: the list catches up on its own. */
const REFRESH_MS = 5000;

/** A 404 means the server has no terminal (production, or asked from another computer): stop asking. */
export function isTerminalUnavailable(error: unknown) {
  return error instanceof ApiRequestError && error.status === 404;
}

/** The demo members' cards (full numbers: it is a demo) and the latest card transactions. */
export function useTerminal() {
  return useQuery({
    queryKey: terminalKey,
    queryFn: () => call(cardsApi.terminal),
    refetchInterval: (query) => (isTerminalUnavailable(query.state.error) ? false : REFRESH_MS),
    retry: (failures, error) => !isTerminalUnavailable(error) && failures < 1,
  });
}

/** Charge Card: the server signs the authorization as a processor would and sends it to itself. */
export function useTerminalPurchase() {
  return useMutationThenRefresh(terminalKey, (body: TerminalPurchaseInput) =>
    call(cardsApi.terminalPurchase, { body }),
  );
}

/** Clear (optionally for another amount: a tip) or Reverse a pending authorization. */
export function useTerminalSettle() {
  return useMutationThenRefresh(terminalKey, (body: TerminalSettleInput) => call(cardsApi.terminalSettle, { body }));
}
