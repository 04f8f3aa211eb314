/** The one error shape every API failure has: `{ code, message }` (plus field details for forms). */
export const errorCodes = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'RATE_LIMITED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'CONFLICT',
  'ACCOUNT_LOCKED',
  /**
   * Too many wrong confirmation codes: the portal stopped this transaction and put the member's
   * money movement on hold (their sessions end) until staff have spoken to them.
   */
  'TRANSACTION_BLOCKED',
  /** The sign-in attempt is over (expired, or its code used up): start again at step 1. */
  'SIGN_IN_EXPIRED',
  /** The amount is above the account's available balance. */
  'INSUFFICIENT_FUNDS',
  /** The member has used all outgoing transfers of the current limit window. */
  'TRANSFER_LIMIT_REACHED',
  /** A mobile deposit would go over the member's daily or 30-day limit (amount or count). */
  'DEPOSIT_LIMIT_REACHED',
  /** An Idempotency-Key was reused with a different request. */
  'IDEMPOTENCY_KEY_REUSED',
  /** A transfer confirmation code expired or its tries are used up: ask for a new one. */
  'CONFIRMATION_EXPIRED',
  'INTERNAL',
  /** The database is out of reach (a restart, a failover): nothing was done; try again shortly. */
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export interface ApiError {
  code: ErrorCode;
  message: string;
  /** Per-field messages for form submissions, keyed by field name. */
  fields?: Record<string, string>;
}

export function isApiError(value: unknown): value is ApiError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { code?: unknown }).code === 'string' &&
    typeof (value as { message?: unknown }).message === 'string'
  );
}
