import { type Card, type CardStatus, cardKindLabels, messages } from '@mutual/shared';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';
import { pillClass, tints } from '../../components/pill';

const m = messages.cards;

/**
 * What to tell the member when a card call failed. Spec §8's "Service temporarily unavailable.
 * Please try again later." only when it is true (decisions.md): the server said UNAVAILABLE (503)
 * or did not answer at all. A refusal (4xx) is the server's own words; anything else `fallback`.
 */
export function cardErrorMessage(error: unknown, fallback: string = messages.generic.internal): string {
  if (isUnavailable(error)) return m.unavailable;
  return errorMessage(error, fallback);
}

export function isUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    (error.status === 0 || error.status === 503 || error.body.code === 'UNAVAILABLE')
  );
}

/**
 * The card code is spent, expired or unknown (its tries used up): the message to show on the code
 * box when the member must ask for a new one; null for any other failure.
 */
export function codeExpiredMessage(error: unknown): string | null {
  if (!(error instanceof ApiRequestError)) return null;
  const field = error.body.fields?.challengeId;
  if (field) return field;
  return error.body.code === 'CONFIRMATION_EXPIRED' ? error.body.message || m.otpExpired : null;
}

/** "Debit Card ending 4242": a card in a sentence, a dialog's description, a button's name. */
export const cardName = (card: Pick<Card, 'kind' | 'last4'>) => `${cardKindLabels[card.kind]} ending ${card.last4}`;

/** "Debit Card ••4242": a card in a picker. */
export const cardShortName = (card: Pick<Card, 'kind' | 'last4'>) => `${cardKindLabels[card.kind]} ••${card.last4}`;

/** The full number as it is printed: groups of four. */
export const groupDigits = (digits: string) => digits.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The order cards are shown in: debit first, then credit (each kind oldest first); a closed card
 * goes right after the card that replaced it, so the member reads the history of one card in one
 * place. A closed card whose replacement is not in the list comes last.
 */
export function orderCards(cards: readonly Card[]): { card: Card; closed: Card[] }[] {
  const kindRank = (card: Card) => (card.kind === 'debit' ? 0 : 1);
  const byId = new Map(cards.map((card) => [card.id, card]));
  const open = cards
    .filter((card) => card.status !== 'closed')
    .sort((a, b) => kindRank(a) - kindRank(b) || a.issuedAt.localeCompare(b.issuedAt));
  const placed = new Set<string>();
  const groups = open.map((card) => {
    const closed: Card[] = [];
    // Follow the chain back: this card replaced one, which may itself have replaced another.
    let previous = card.replacesId ? byId.get(card.replacesId) : undefined;
    while (previous && previous.status === 'closed' && !placed.has(previous.id)) {
      closed.push(previous);
      placed.add(previous.id);
      previous = previous.replacesId ? byId.get(previous.replacesId) : undefined;
    }
    return { card, closed };
  });
  const orphans = cards.filter((card) => card.status === 'closed' && !placed.has(card.id));
  return [...groups, ...orphans.map((card) => ({ card, closed: [] }))];
}

const statusTones: Record<CardStatus, string> = {
  active: tints.green,
  locked: tints.amber,
  inactive: tints.sky,
  closed: 'bg-slate-100 text-slate-700 ring-slate-300',
};

export const cardStatusPillClass = (status: CardStatus) => `${pillClass} ${statusTones[status]}`;

const monthFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "2026-03" → "March 2026". */
export function monthLabel(month: string): string {
  return /^\d{4}-\d{2}$/.test(month) ? monthFormat.format(new Date(`${month}-15T12:00:00Z`)) : month;
}

const points = new Intl.NumberFormat('en-US');

/** "2,500 points". */
export const pointsLabel = (count: number) => `${points.format(count)} ${count === 1 ? 'point' : 'points'}`;

/**
 * The card modal's forms behind a code (Change PIN, Set Transaction Limits) handle two errors
 * themselves: a spent or expired code sends the member back to the code step, and an unavailable
 * service is said above the form. Anything else is the form's (fields, the server's words).
 */
export function cardCodeFormErrors(
  onCodeExpired: (message: string) => void,
  setFormError: (message: string) => void,
): (error: unknown) => boolean {
  return (error) => {
    const expired = codeExpiredMessage(error);
    if (expired) {
      onCodeExpired(expired);
      return true;
    }
    if (!isUnavailable(error)) return false;
    setFormError(cardErrorMessage(error));
    return true;
  };
}
