import { z } from 'zod';
import { moneyString } from './money-string';
import { bothStrings, newPasswordSchema, otpCodeSchema, roles, userStatuses, verificationStatuses } from './auth';
import { PROFILE_IMAGE_MAX_BYTES } from './constants';
import { messages } from './messages';
import { phoneSchema, requiredText } from './registration';

/** Profile Settings dialog: name, phone and address (spec §2, §7 "Profile save"). */
export const profileUpdateSchema = z.strictObject({
  name: requiredText('Name', 120),
  phone: phoneSchema('Phone'),
  address: z.strictObject({
    street: requiredText('Street', 200),
    city: requiredText('City'),
    state: requiredText('State'),
    postalCode: requiredText('Postal code', 20),
    country: requiredText('Country'),
  }),
});
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export const notificationPreferencesSchema = z.strictObject({
  email: z.boolean(),
  sms: z.boolean(),
  push: z.boolean(),
});

/**
 * Account Settings dialog: notifications and login alerts. Two-factor is switched on by enrolling
 * an authenticator (its own calls), never by a flag, so `twoFactor` here is read-only.
 */
export const settingsUpdateSchema = z.strictObject({
  notifications: notificationPreferencesSchema,
  security: z.strictObject({ loginAlerts: z.boolean() }),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const changePasswordSchema = z
  .strictObject({
    currentPassword: z
      .string({ error: messages.auth.passwordRequired })
      .min(1, messages.auth.passwordRequired)
      .max(1024),
    newPassword: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    // Checked even while other fields are still wrong, so the form shows it with the rest.
    when: (payload) => bothStrings(payload.value, 'newPassword', 'confirmPassword'),
    message: messages.settings.passwordMismatch,
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** A person as staff screens name them: id, name and e-mail. */
export const personRefSchema = z.object({ id: z.string(), name: z.string(), email: z.string() });

export const jointAccountHolderSchema = z.object({ name: z.string(), email: z.string(), phone: z.string() });

/** `GET /api/me`: the member's own record, for the profile and settings dialogs. */
export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  phone: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  firstName: z.string(),
  lastName: z.string(),
  address: z.object({
    street: z.string(),
    city: z.string(),
    state: z.string(),
    postalCode: z.string(),
    country: z.string(),
  }),
  isJointAccount: z.boolean(),
  jointAccountHolder: jointAccountHolderSchema.nullable(),
  profileImageUrl: z.string().nullable(),
  notifications: z.object({ email: z.boolean(), sms: z.boolean(), push: z.boolean() }),
  security: z.object({ twoFactor: z.boolean(), loginAlerts: z.boolean() }),
  backupCodesRemaining: z.number().int(),
  registrationDate: z.string(),
  updatedAt: z.string(),
});
export type Me = z.infer<typeof meSchema>;
/** What a change to my own record answers: the fresh record and the sentence to show. */
export const meResultSchema = z.object({ me: meSchema, message: z.string() });
export type MeResult = z.infer<typeof meResultSchema>;

/** Authenticator enrolment, step 1: the secret as a QR code (SVG data URL) and as text. */
export const totpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string(), qrCodeDataUrl: z.string() });
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export const totpConfirmSchema = z.strictObject({ code: otpCodeSchema });
/** Turning the authenticator off needs the password, so a borrowed session cannot do it. */
export const totpDisableSchema = z.strictObject({
  password: z.string({ error: messages.auth.passwordRequired }).min(1, messages.auth.passwordRequired).max(1024),
});
/** Shown once: the server keeps only hashes. */
export const backupCodesSchema = z.object({ codes: z.array(z.string()), message: z.string() });
export type BackupCodes = z.infer<typeof backupCodesSchema>;

export const activeSessionSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ipAddress: z.string().nullable(),
  /** "Chrome on Linux", from the user agent. */
  device: z.string(),
});
export type ActiveSession = z.infer<typeof activeSessionSchema>;
export const activeSessionListSchema = z.object({ sessions: z.array(activeSessionSchema) });
export type ActiveSessionList = z.infer<typeof activeSessionListSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  body: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type MemberNotification = z.infer<typeof notificationSchema>;
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const infoRequestSchema = z.object({
  id: z.string(),
  requestDetails: z.string(),
  /** `closed`: the application was decided while the request was open. */
  status: z.enum(['pending', 'answered', 'closed']),
  createdAt: z.string(),
  response: z.string().nullable(),
  respondedAt: z.string().nullable(),
  hasDocument: z.boolean(),
});
export type InfoRequest = z.infer<typeof infoRequestSchema>;

/** `GET /api/me/application`: what the pending-approval page shows. */
export const applicationStatusSchema = z.object({
  status: z.enum(userStatuses),
  verificationStatus: z.enum(verificationStatuses),
  registrationDate: z.string(),
  rejectionReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  infoRequests: z.array(infoRequestSchema),
});
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

export const accountTypes = ['Checking', 'Savings'] as const;
export type AccountType = (typeof accountTypes)[number];

/** A member's account as the dashboard shows it. Money is a decimal string ("1234.56"). */
export const accountSummarySchema = z.object({
  id: z.string(),
  type: z.enum(accountTypes),
  accountNumber: z.string(),
  routingNumber: z.string(),
  balance: moneyString,
  available: moneyString,
  createdAt: z.string(),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;
export const accountListSchema = z.object({ accounts: z.array(accountSummarySchema) });

/** The browser's check before a profile picture is sent (the server checks the content again). */
export function profileImageProblem(file: { type: string; size: number }): string | null {
  if (!file.type.startsWith('image/')) return messages.profile.imageType;
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return messages.profile.imageTooLarge;
  return null;
}
