import { z } from 'zod';
import { OTP_LENGTH, PASSWORD } from './constants';
import { messages } from './messages';

const r = messages.registration;

/** An e-mail address as typed: trimmed and lower-cased (so compared alike everywhere), at most 254. */
const typedEmail = z.string({ error: r.emailInvalid }).trim().toLowerCase().max(254, r.tooLong('Email', 254));

/** E-mail addresses are compared lower-cased and trimmed everywhere. */
export const emailSchema = typedEmail.pipe(z.email({ error: r.emailInvalid }));

/** The basic pattern a form checks first: something, "@", something, ".", something; no spaces. */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The e-mail of a membership application (spec §6 Registration, §8 Signup): the form's basic
 * pattern ("Please enter a valid email address"), then the full address rules the account is made
 * with ("Invalid email format. Please check your email address.", e.g. `dana@example..com`).
 */
export const applicantEmailSchema = typedEmail
  .regex(BASIC_EMAIL, r.emailInvalid)
  .pipe(z.email({ error: r.invalidEmailFormat }));

/**
 * A new password: 8 to 128 characters, no composition rules (NIST SP 800-63B). The server also
 * refuses the commonest passwords; that list is too large to ship to the browser.
 */
export const newPasswordSchema = z
  .string({ error: r.passwordTooShort })
  .min(PASSWORD.min, r.passwordTooShort)
  .max(PASSWORD.max, r.passwordTooLong);

export const otpCodeSchema = z
  .string({ error: messages.auth.otpFormat })
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), messages.auth.otpFormat);

/** Sign-in step 1. The password is not checked for length here: old passwords may be shorter. */
export const signInSchema = z.strictObject({
  email: z
    .string({ error: messages.auth.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, messages.auth.emailRequired)
    .max(254),
  password: z.string({ error: messages.auth.passwordRequired }).min(1, messages.auth.passwordRequired).max(1024),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const secondFactorMethods = ['email', 'totp', 'backup'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** Step 1 succeeded: the browser now holds a sign-in cookie and must send a code. */
export const signInChallengeSchema = z.object({
  /** How a code can be given: an e-mailed code or an authenticator code, and backup codes. */
  methods: z.array(z.enum(secondFactorMethods)),
  /** `j•••@example.com`, so the member knows where the code went. */
  emailHint: z.string().nullable(),
  expiresAt: z.string(),
});
export type SignInChallenge = z.infer<typeof signInChallengeSchema>;

/** Sign-in step 2: a 6-digit code (e-mailed or authenticator) or a 10-character backup code `xxxx-xxxxxx`. */
export const verifyCodeSchema = z.strictObject({
  code: z
    .string({ error: messages.auth.otpFormat })
    .trim()
    .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
    .pipe(z.string().regex(/^(\d{6}|[a-z0-9]{10})$/, messages.auth.otpFormat)),
});

/** A new sign-in code was e-mailed; the attempt now ends at `expiresAt`. */
export const codeResentSchema = z.object({ message: z.string(), expiresAt: z.string() });
export type CodeResent = z.infer<typeof codeResentSchema>;

export const passwordResetRequestSchema = z.strictObject({ email: emailSchema });
export const passwordResetConfirmSchema = z
  .strictObject({
    token: z.string().min(20).max(200),
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    // Checked even while other fields are still wrong, so the form shows it with the rest.
    when: (payload) => bothStrings(payload.value, 'password', 'confirmPassword'),
    message: r.passwordMismatch,
  });

export const roles = ['user', 'pending', 'admin'] as const;
export type Role = (typeof roles)[number];
export const userStatuses = ['pending', 'approved', 'rejected', 'active'] as const;
export type UserStatus = (typeof userStatuses)[number];
export const verificationStatuses = ['pending', 'info_requested', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];

/** The signed-in person as the web app sees them (`GET /api/auth/session`, sign-in result). */
export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  firstName: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  isJointAccount: z.boolean(),
  jointAccountHolderName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  totpEnabled: z.boolean(),
  /** Staff who must enrol an authenticator before the console opens (REQUIRE_STAFF_TOTP). */
  mustEnrolTotp: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  user: sessionUserSchema.nullable(),
  /** When the session ends without activity; the app warns a minute before. */
  idleExpiresAt: z.string().nullable(),
  absoluteExpiresAt: z.string().nullable(),
  /**
   * The server's clock when it answered: the app counts down to the deadlines above by the
   * server's clock, not the device's (which may be minutes off). The server always sends it; only
   * an answer the app makes up itself (after signing out) has none.
   */
  serverTime: z.string().optional(),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const signInResultSchema = z.object({
  user: sessionUserSchema,
  /** `/admin` for staff, `/dashboard` for members, `/pending-approval` for applicants. */
  redirectTo: z.string(),
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
  /** The server's clock when it answered (see `sessionSchema`). */
  serverTime: z.string().optional(),
});
export type SignInResult = z.infer<typeof signInResultSchema>;

export const messageResultSchema = z.object({ message: z.string() });
export type MessageResult = z.infer<typeof messageResultSchema>;

/** For a "must match" rule: both fields are present as text (whatever else is wrong). */
export function bothStrings(value: unknown, a: string, b: string): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record[a] === 'string' && typeof record[b] === 'string';
}
