import { messages } from '@mutual/shared';
import { ApiRequestError } from '../../lib/api';

const m = messages.transfers;

/** What a refused or failed transfer call means for the screen. */
export type TransferFailure =
  /** Staff placed a hold (403 ACCOUNT_LOCKED): the blocked modal. */
  | { kind: 'locked' }
  /** The confirmation code can no longer be used: back to the form for a new one. */
  | { kind: 'expired'; message: string }
  /** Messages that belong under fields (`amount`, `recipientEmail`, `otp`, …). */
  | { kind: 'fields'; fields: [string, string][] }
  /** Anything else, for an Alert. */
  | { kind: 'alert'; message: string };

export function readTransferError(error: unknown): TransferFailure {
  if (!(error instanceof ApiRequestError)) return { kind: 'alert', message: m.failed };
  const { code, message, fields } = error.body;
  if (error.status === 403 && code === 'ACCOUNT_LOCKED') return { kind: 'locked' };
  if (code === 'CONFIRMATION_EXPIRED') return { kind: 'expired', message: message || m.otpExpired };
  if (code === 'INSUFFICIENT_FUNDS')
    return { kind: 'fields', fields: [['amount', fields?.amount ?? m.insufficientFunds]] };
  // The confirm call nests the transfer under `transfer`; the form's fields are flat.
  const entries = Object.entries(fields ?? {}).map(([key, text]): [string, string] => [
    key.replace(/^transfer\./, ''),
    text,
  ]);
  if (entries.length > 0) return { kind: 'fields', fields: entries };
  // No answer at all: say so (the server's words for a lost connection come from lib/api).
  if (error.status === 0) return { kind: 'alert', message: message || m.failed };
  if (error.status >= 400 && error.status < 500) return { kind: 'alert', message: message || m.failed };
  // The server failed: the spec's dashboard wording, which also points to support.
  return { kind: 'alert', message: m.dashboardFailed };
}

export type Outcome = { tone: 'success' | 'error'; text: string };

/** A form's Alert: its failure if it has one, else the last success, else nothing. */
export const outcomeOf = (formError: string | null, done: string | null): Outcome | null =>
  formError ? { tone: 'error', text: formError } : done ? { tone: 'success', text: done } : null;
