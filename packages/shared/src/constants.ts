/**
 * Fixed rules from spec §9 that are not a credit union's choice (formats, lengths, protocol
 * limits). Numbers a credit union may tune live in the server configuration instead.
 */
export const OTP_LENGTH = 6;
export const EXTERNAL_ACCOUNT_NUMBER = { min: 8, max: 17 } as const;
export const INTERNATIONAL_ACCOUNT_NUMBER = { min: 8, max: 34 } as const;
export const SWIFT_CODE = { min: 8, max: 11 } as const;
export const MIN_AMOUNT_CENTS = 1n;
export const AMOUNT_STEP = '0.01';
export const PASSWORD = { min: 8, max: 128 } as const;
/** Profile pictures must be less than this (spec §5: "Image size should be less than 5MB"). */
export const PROFILE_IMAGE_MAX_BYTES = 5_242_880;
export const SCROLL_TO_TOP_THRESHOLD_PX = 300;
export const ABOUT_COUNTER_TICK_MS = 20;
export const COPY_CONFIRMATION_MS = 2000;
export const SUCCESS_MODAL_MS = 3000;
export const ADMIN_MESSAGE_CLEAR_MS = 3000;
export const STATEMENT_PROCESSING_MS = 1500;
/**
 * How far back staff may date a transaction they add (Add Transactions, CSV): this many years
 * before today, on the credit union's calendar. Seven years is the span banks keep statements and
 * records for; it takes a member's whole history brought over from before the portal (a credit
 * union moving onto Mutual) and stops a mistyped year (1926 for 2026).
 */
export const STAFF_HISTORY_YEARS = 7;

/** ABA routing number: nine digits whose weighted sum (3, 7, 1 repeating) is a multiple of 10. */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * (weights[index] ?? 0), 0);
  return sum % 10 === 0;
}
