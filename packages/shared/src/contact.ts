import { z } from 'zod';
import { labelled } from './labelled';
import { messages } from './messages';

export const { values: contactSubjects, labels: contactSubjectLabels } = labelled([
  ['general', 'General Inquiry'],
  ['account', 'Account Services'],
  ['loan', 'Loans & Mortgages'],
  ['technical', 'Technical Support'],
]);
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

// ---------------------------------------------------------------------------------------------
// Staff inbox

export const contactInboxStatuses = ['open', 'handled', 'all'] as const;
export type ContactInboxStatus = (typeof contactInboxStatuses)[number];

export const contactInboxQuerySchema = z.object({ status: z.enum(contactInboxStatuses).default('open') });
export type ContactInboxQuery = z.infer<typeof contactInboxQuerySchema>;

/** One message as staff see it in the inbox (never the sender's address or browser). */
export const contactInboxItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  subject: z.enum(contactSubjects),
  subjectLabel: z.string(),
  message: z.string(),
  preferredContact: z.enum(preferredContactMethods),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  handledBy: z.string().nullable(),
});
export type ContactInboxItem = z.infer<typeof contactInboxItemSchema>;

export const contactInboxSchema = z.object({
  messages: z.array(contactInboxItemSchema),
  counts: z.object({ open: z.number().int(), handled: z.number().int() }),
});
export type ContactInbox = z.infer<typeof contactInboxSchema>;
