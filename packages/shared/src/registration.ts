import { z } from 'zod';
import { applicantEmailSchema, bothStrings, newPasswordSchema } from './auth';
import { messages } from './messages';
import { isCalendarDay } from './calendar-days';

const r = messages.registration;

export const maritalStatuses = ['Single', 'Married', 'Divorced', 'Widowed'] as const;
export const idCardTypes = ['Passport', 'National ID', "Driver's License"] as const;
export const MINIMUM_AGE_YEARS = 18;
export const ID_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
export const idDocumentTypes = ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'] as const;

export const requiredText = (label: string, max = 100) =>
  z
    .string({ error: r.required(label) })
    .trim()
    .min(1, r.required(label))
    .max(max, r.tooLong(label, max));
export const phoneSchema = (label = 'Phone number') =>
  requiredText(label, 30).refine((value) => /^\+?[\d\s().-]{7,}$/.test(value), r.phoneInvalid);

/**
 * A box left empty says "{label} is required", as every other box of a form does; what was typed
 * then meets `rule` and its words (an e-mail's "Please enter a valid email address").
 */
export const filledIn = <Rule extends z.ZodType<unknown, string>>(label: string, max: number, rule: Rule) =>
  z
    .string({ error: r.required(label) })
    .trim()
    .min(1, r.required(label))
    .max(max, r.tooLong(label, max))
    .pipe(rule);

/** A new password (`newPasswordSchema`'s rule and words), "Password is required" when left empty; not trimmed. */
export const passwordField = z
  .string({ error: r.required('Password') })
  .min(1, r.required('Password'))
  .pipe(newPasswordSchema);

export const addressSchema = z.strictObject({
  street: requiredText('Street address', 200),
  city: requiredText('City'),
  state: requiredText('State'),
  country: requiredText('Country'),
  postalCode: requiredText('Postal code', 20),
});
export type Address = z.infer<typeof addressSchema>;

/** Age in whole years on `today` (both YYYY-MM-DD), for the minimum-age rule. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

const dateOfBirthSchema = z
  .string({ error: r.required('Date of birth') })
  .min(1, r.required('Date of birth'))
  .regex(/^\d{4}-\d{2}-\d{2}$/, r.dateOfBirthInvalid)
  .refine(isCalendarDay, r.dateOfBirthInvalid)
  .refine((value) => ageOn(value, new Date().toISOString().slice(0, 10)) >= MINIMUM_AGE_YEARS, r.tooYoung);

/**
 * The membership application (spec §2 Registration, §3 User), as the form builds it and as
 * `POST /api/registrations` accepts it (the `application` part of a multipart body, beside the
 * `document` file). Role, status and verification are not fields: the server sets them.
 */
export const registrationSchema = z
  .strictObject({
    email: filledIn('Email', 254, applicantEmailSchema),
    password: passwordField,
    confirmPassword: z.string({ error: r.passwordMismatch }),
    personalInfo: z.strictObject({
      firstName: requiredText('First name', 60),
      lastName: requiredText('Last name', 60),
      dateOfBirth: dateOfBirthSchema,
      nationality: requiredText('Nationality', 60),
      maritalStatus: z.enum(maritalStatuses, { error: r.required('Marital status') }),
      address: addressSchema,
    }),
    contactDetails: z.strictObject({
      phoneNumber: phoneSchema(),
      alternativeEmail: z
        .string()
        .trim()
        .toLowerCase()
        .max(254, r.tooLong('Alternative email', 254))
        .refine((value) => value === '' || z.email().safeParse(value).success, r.emailInvalid)
        .optional()
        .default(''),
      emergencyContact: z.strictObject({
        name: requiredText('Emergency contact name'),
        relationship: requiredText('Relationship', 60),
        phone: phoneSchema('Emergency contact phone'),
      }),
    }),
    documents: z.strictObject({
      idCardType: z.enum(idCardTypes, { error: r.required('ID type') }),
      idCardNumber: requiredText('ID number', 40),
    }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    // Checked even while other fields are still wrong, so the form shows it with the rest.
    when: (payload) => bothStrings(payload.value, 'password', 'confirmPassword'),
    message: r.passwordMismatch,
  });

export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** The applicant's answer to a staff information request (`application` part beside an optional `document`). */
export const infoResponseSchema = z.strictObject({
  response: z
    .string({ error: messages.application.responseRequired })
    .trim()
    .min(1, messages.application.responseRequired)
    .max(2000, r.tooLong('Answer', 2000)),
});
