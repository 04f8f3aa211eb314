import type {
  ActivateCardInput,
  CardCodeAction,
  CardLimitsInput,
  CardResult,
  CardsOverview,
  ChangePinInput,
  lostReasons,
} from '@mutual/shared';
import { cardsApi } from '@mutual/shared/contract/cards';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/api';
import { cardsQueryKey } from '../dashboard/query-keys';

type LostReason = (typeof lostReasons)[number];

/**
 * Every query of the Cards panel hangs under `cardsQueryKey`, one of the money keys: a card
 * processor's authorization or clearing arrives as a live `ledger` event and refreshes them.
 */
export const cardsKeys = {
  overview: [...cardsQueryKey, 'overview'] as const,
  /** `month` undefined: the server's current month. */
  statement: (cardId: string, month: string | undefined) =>
    [...cardsQueryKey, 'statement', cardId, month ?? 'current'] as const,
};

/** My cards, their controls and credit line, recent card transactions; the limit ceilings. */
export function useCards() {
  return useQuery({ queryKey: cardsKeys.overview, queryFn: () => call(cardsApi.overview) });
}

/** One card's month: its card transactions and, for the credit card, the statement's figures. */
export function useCardStatement(cardId: string, month: string | undefined) {
  return useQuery({
    queryKey: cardsKeys.statement(cardId, month),
    queryFn: () => call(cardsApi.statement, { params: { cardId }, query: month ? { month } : {} }),
    enabled: cardId !== '',
    // Another month of the same card: the old one stays on screen, dimmed, until it arrives.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[3] === cardId ? previous : undefined),
  });
}

/**
 * Puts the changed card on screen at once, then refreshes everything cards (statements included).
 * `waitForRefresh`: the call resolves only once the fresh list is in (a report brings a new card).
 */
function useCardChanged({ waitForRefresh = false } = {}) {
  const queryClient = useQueryClient();
  return async (result: CardResult) => {
    queryClient.setQueryData<CardsOverview>(cardsKeys.overview, (overview) =>
      overview
        ? {
            ...overview,
            cards: overview.cards.map((card) => (card.id === result.card.id ? result.card : card)),
          }
        : overview,
    );
    const refreshed = queryClient.invalidateQueries({ queryKey: cardsQueryKey });
    if (waitForRefresh) await refreshed;
  };
}

/**
 * A card control whose answer is the changed card (`useCardChanged`). `secret`: nothing of the call
 * stays in the mutation cache (`gcTime: 0`; see the note on the secret-bearing calls below).
 */
function useCardControl<Variables>(
  mutationFn: (variables: Variables) => Promise<CardResult>,
  { secret = false, waitForRefresh = false } = {},
) {
  const onSuccess = useCardChanged({ waitForRefresh });
  return useMutation({ mutationFn, onSuccess, ...(secret ? { gcTime: 0 } : {}) });
}

/** Lock Card / Unlock Card: instant, no confirmation, as a bank's app does it. */
export function useLockCard() {
  return useCardControl(({ cardId, lock }: { cardId: string; lock: boolean }) =>
    call(lock ? cardsApi.lock : cardsApi.unlock, { params: { cardId } }),
  );
}

/** Closes the card for good and orders the replacement, which the fresh list then shows. */
export function useReportLost() {
  return useCardControl(
    ({ cardId, reason }: { cardId: string; reason: LostReason }) =>
      call(cardsApi.reportLost, { params: { cardId }, body: { reason } }),
    { waitForRefresh: true },
  );
}

export function useActivateCard() {
  return useCardControl(({ cardId, body }: { cardId: string; body: ActivateCardInput }) =>
    call(cardsApi.activate, { params: { cardId }, body }),
  );
}

/**
 * A 6-digit code bound to this card and this action (e-mailed, or the authenticator's). As the
 * modal opens, the server answers with the code it already sent if that one still works;
 * `fresh` ("Send a new code") always gets a new one.
 */
export function useRequestCardCode() {
  return useMutation({
    mutationFn: ({ cardId, action, fresh }: { cardId: string; action: CardCodeAction; fresh: boolean }) =>
      call(cardsApi.requestCode, { params: { cardId }, body: fresh ? { action, fresh } : { action } }),
  });
}

export function useVerifyCardCode() {
  return useMutation({
    mutationFn: ({
      cardId,
      challengeId,
      action,
      otp,
    }: {
      cardId: string;
      challengeId: string;
      action: CardCodeAction;
      otp: string;
    }) => call(cardsApi.verifyCode, { params: { cardId }, body: { challengeId, action, otp } }),
  });
}

/*
 * The three secret-bearing calls keep nothing in TanStack's mutation cache once the modal is gone
 * (`gcTime: 0`): neither the PIN sent nor the card number received outlives the screen.
 */

export function useChangePin() {
  return useCardControl(
    ({ cardId, body }: { cardId: string; body: ChangePinInput }) =>
      call(cardsApi.changePin, { params: { cardId }, body }),
    { secret: true },
  );
}

export function useSetCardLimits() {
  return useCardControl(
    ({ cardId, body }: { cardId: string; body: CardLimitsInput }) =>
      call(cardsApi.setLimits, { params: { cardId }, body }),
    { secret: true },
  );
}

/** View Card Details: the full number, expiry and CVV (audited by the server). */
export function useCardDetails() {
  return useMutation({
    gcTime: 0,
    mutationFn: ({ cardId, challengeId }: { cardId: string; challengeId: string }) =>
      call(cardsApi.details, { params: { cardId }, body: { challengeId } }),
  });
}
