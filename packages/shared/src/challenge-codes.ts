import { z } from 'zod';
import { OTP_LENGTH } from './constants';

/**
 * The fields of a request's second step, confirmed by a code (Add Payee, a transfer to a US bank):
 * the challenge its first step answered and the code sent for exactly it. `required` is the
 * message when either is missing, `invalid` when the code is not `OTP_LENGTH` digits.
 */
export const challengeCodeShape = (required: string, invalid: string) => ({
  challengeId: z.string({ error: required }).uuid(required),
  otp: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), invalid),
});

/** What answers a request for a code, beside its challenge: where the code went, until when, and what to show. */
export const codeSentShape = {
  /** `email`: a code was e-mailed; `totp`: the member's authenticator app gives the code. */
  method: z.enum(['email', 'totp']),
  expiresAt: z.string(),
  message: z.string(),
};
