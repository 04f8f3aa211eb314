import { z } from 'zod';
import { messages } from './messages';

export const contactSubjects = ['general', 'account', 'loan', 'technical'] as const;
export const contactSubjectLabels: Record<(typeof contactSubjects)[number], string> = {
  general: 'General Inquiry',
  account: 'Account Services',
  loan: 'Loans & Mortgages',
  technical: 'Technical Support',
};
export const preferredContactMethods = ['email', 'phone'] as const;

export const contactLimits = { name: 100, email: 254, phone: 30, message: 5000 } as const;

const m = messages.contact;

/** The contact form, as the visitor fills it in and as the API accepts it. */
export const contactMessageSchema = z.strictObject({
  name: z
    .string({ error: m.nameRequired })
    .trim()
    .min(1, m.nameRequired)
    .max(contactLimits.name, m.tooLong('Name', contactLimits.name)),
  email: z
    .string({ error: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .max(contactLimits.email, m.tooLong('Email', contactLimits.email))
    .pipe(z.email({ error: m.emailInvalid })),
  phone: z
    .string()
    .trim()
    .max(contactLimits.phone, m.tooLong('Phone', contactLimits.phone))
    .refine((value) => value === '' || /^[+()\d\s.-]{7,}$/.test(value), m.phoneInvalid)
    .optional()
    .default(''),
  subject: z.enum(contactSubjects, { error: m.subjectRequired }),
  message: z
    .string({ error: m.messageRequired })
    .trim()
    .min(1, m.messageRequired)
    .max(contactLimits.message, m.tooLong('Message', contactLimits.message)),
  preferredContact: z.enum(preferredContactMethods).default('email'),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;

export const contactReceiptSchema = z.object({ id: z.string(), message: z.string() });
export type ContactReceipt = z.infer<typeof contactReceiptSchema>;
