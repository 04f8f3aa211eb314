import {
  formatWireMoney,
  isApiError,
  processorAuthorizationResultSchema,
  processorRefundResultSchema,
  processorSettlementResultSchema,
  type TerminalPurchaseInput,
} from '@mutual/shared';
import { ApiRequestError } from '../../lib/api';
import { errorMessage } from '../../lib/api-errors';

type TerminalResult = { status: number; body: unknown };

/**
 * What the terminal shows after each request, worked out from the processor interface's answer
 * (relayed by the server with its HTTP status): approved, declined with the member's words, or
 * refused by the interface itself (a replay, an unknown authorization, a clearing too large).
 */
export interface TerminalAnswer {
  tone: 'approved' | 'declined' | 'refused';
  /** "Approved", "Declined: card locked", "Cleared $5.00", "Reversed", "Refunded $2.00", "Refused". */
  headline: string;
  /** One line under the headline: what was asked, or why it was refused. */
  detail: string;
  /** The processor's id of the authorization, when there is one to show. */
  processorId: string | null;
  /** The processor interface's HTTP status (0: the request did not get that far). */
  status: number;
}

const refusal = (status: number, body: unknown, fallback: string): TerminalAnswer => ({
  tone: 'refused',
  headline: 'Refused',
  detail: isApiError(body) ? body.message : fallback,
  processorId: null,
  status,
});

/** "$4.50 at Harbor Coffee (Online), card ••4242". */
export function purchaseSummary(input: Pick<TerminalPurchaseInput, 'amount' | 'merchant' | 'cardNumber'>): string {
  return `${formatWireMoney(input.amount)} at ${input.merchant.trim()}, card ••${input.cardNumber.slice(-4)}`;
}

/** The answer to Charge Card. */
export function purchaseAnswer(result: TerminalResult, summary: string): TerminalAnswer {
  const parsed = processorAuthorizationResultSchema.safeParse(result.body);
  if (result.status >= 300 || !parsed.success) {
    return refusal(result.status, result.body, 'The processor interface gave an answer the terminal cannot read.');
  }
  const answer = parsed.data;
  return {
    tone: answer.decision === 'approved' ? 'approved' : 'declined',
    headline: answer.message,
    detail: summary,
    processorId: answer.id,
    status: result.status,
  };
}

/** The answer to Clear or Reverse. */
export function settlementAnswer(result: TerminalResult): TerminalAnswer {
  const parsed = processorSettlementResultSchema.safeParse(result.body);
  if (result.status >= 300 || !parsed.success) {
    return refusal(result.status, result.body, 'The processor interface gave an answer the terminal cannot read.');
  }
  const { status, amount, authorizationId } = parsed.data;
  const cleared = status === 'posted';
  return {
    tone: 'approved',
    headline: cleared ? `Cleared ${formatWireMoney(amount)}` : 'Reversed',
    detail: cleared
      ? 'The hold became a posted card transaction.'
      : `The hold of ${formatWireMoney(amount)} was released.`,
    processorId: authorizationId,
    status: result.status,
  };
}

/** The answer to Refund: this refund, what the purchase's refunds come to and what is left. */
export function refundAnswer(result: TerminalResult): TerminalAnswer {
  const parsed = processorRefundResultSchema.safeParse(result.body);
  if (result.status >= 300 || !parsed.success) {
    return refusal(result.status, result.body, 'The processor interface gave an answer the terminal cannot read.');
  }
  const { amount, refunded, refundable, pointsTakenBack, authorizationId } = parsed.data;
  const points = pointsTakenBack > 0 ? ` ${pointsTakenBack} reward points taken back.` : '';
  return {
    tone: 'approved',
    headline: `Refunded ${formatWireMoney(amount)}`,
    detail: `${formatWireMoney(refunded)} refunded in all; ${formatWireMoney(refundable)} left to refund.${points}`,
    processorId: authorizationId,
    status: result.status,
  };
}

/** The terminal's own request failed (the server refused it, or could not be reached). */
export function requestFailedAnswer(error: unknown): TerminalAnswer {
  return {
    tone: 'refused',
    headline: 'Not sent',
    // A 503 says why in the spec's words ("Service temporarily unavailable…"); a 500 says nothing useful.
    detail: error instanceof ApiRequestError && error.status === 503 ? error.body.message : errorMessage(error),
    processorId: null,
    status: error instanceof ApiRequestError ? error.status : 0,
  };
}
