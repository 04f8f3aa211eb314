import type { ErrorCode } from '@mutual/shared';

/**
 * The one error services throw, with a code every caller knows (`@mutual/shared` errors.ts). It
 * lives beside the modules, not in `http/`: the domain says what went wrong; the error handler
 * (http/error-handler.ts) turns it into `{ code, message }` with the status below.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const httpStatusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  UNAUTHENTICATED: 401,
  SIGN_IN_EXPIRED: 401,
  FORBIDDEN: 403,
  ACCOUNT_LOCKED: 403,
  TRANSACTION_BLOCKED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  INSUFFICIENT_FUNDS: 422,
  TRANSFER_LIMIT_REACHED: 422,
  DEPOSIT_LIMIT_REACHED: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  CONFIRMATION_EXPIRED: 400,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
};
