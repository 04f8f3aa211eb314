import { z } from 'zod';
import { balanceField } from './admin-money';
import { emailSchema, roles, userStatuses, verificationStatuses } from './auth';
import { labelled } from './labelled';
import { accountSummarySchema, infoRequestSchema, jointAccountHolderSchema } from './members';
import { messages } from './messages';
import { isPositiveAmount, parseMoney } from './money';
import { idParams } from './path-params';
import { filledIn, idCardTypes, maritalStatuses, passwordField, phoneSchema, requiredText } from './registration';

const a = messages.admin;
const r = messages.registration;

export const { values: userFilters, labels: userFilterLabels } = labelled([
  ['all', 'All Users'],
  ['pending', 'Pending Review'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
]);
export type UserFilter = (typeof userFilters)[number];

/** `/api/admin/users/:id/…` (and the holds under it): a person by id; a malformed one is "not found". */
export const userIdParamsSchema = idParams(a.userNotFound);

export const userListQuerySchema = z.strictObject({
  filter: z.enum(userFilters).default('all'),
  /** Part of a name or e-mail. */
  q: z.string().trim().max(254).optional(),
});

export const userSummarySchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(roles),
  status: z.enum(userStatuses),
  verificationStatus: z.enum(verificationStatuses),
  registrationDate: z.string(),
  isJointAccount: z.boolean(),
  profileImageUrl: z.string().nullable(),
});
export type UserSummary = z.infer<typeof userSummarySchema>;

export const userListSchema = z.object({
  users: z.array(userSummarySchema),
  counts: z.object({ all: z.number(), pending: z.number(), approved: z.number(), rejected: z.number() }),
});
export type UserList = z.infer<typeof userListSchema>;

export const { values: verificationChecklist, labels: verificationChecklistLabels } = labelled([
  ['identityVerified', 'Identity verified'],
  ['addressVerified', 'Address verified'],
  ['employmentVerified', 'Employment verified'],
  ['incomeVerified', 'Income verified'],
]);
export const checklistSchema = z.strictObject({
  identityVerified: z.boolean(),
  addressVerified: z.boolean(),
  employmentVerified: z.boolean(),
  incomeVerified: z.boolean(),
});
export type Checklist = z.infer<typeof checklistSchema>;

export const approveSchema = z.strictObject({ checklist: checklistSchema });
export const rejectSchema = z.strictObject({
  reason: z.string({ error: a.reasonRequired }).trim().min(1, a.reasonRequired).max(2000),
  checklist: checklistSchema.optional(),
});
export const requestInfoSchema = z.strictObject({
  details: z.string({ error: a.infoRequired }).trim().min(1, a.infoRequired).max(2000),
  checklist: checklistSchema.optional(),
});

export const reviewRecordSchema = z.object({
  id: z.string(),
  decision: z.enum(['approved', 'rejected', 'info_requested']),
  reason: z.string().nullable(),
  checklist: checklistSchema.nullable(),
  reviewedBy: z.string(),
  createdAt: z.string(),
});

export const storedFileSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});

/** `GET /api/admin/users/:id`: everything staff need to review and look after a member. */
export const userDetailSchema = userSummarySchema.extend({
  phone: z.string(),
  personalInfo: z.object({
    firstName: z.string(),
    lastName: z.string(),
    dateOfBirth: z.string().nullable(),
    nationality: z.string(),
    maritalStatus: z.enum(maritalStatuses).nullable(),
    address: z.object({
      street: z.string(),
      city: z.string(),
      state: z.string(),
      country: z.string(),
      postalCode: z.string(),
    }),
  }),
  contactDetails: z.object({
    phoneNumber: z.string(),
    alternativeEmail: z.string(),
    emergencyContact: z.object({ name: z.string(), relationship: z.string(), phone: z.string() }).nullable(),
  }),
  documents: z.object({
    idCardType: z.enum(idCardTypes).nullable(),
    idCardNumber: z.string(),
    idDocument: storedFileSchema.nullable(),
    verificationStatus: z.enum(verificationStatuses),
    infoRequest: z.string().nullable(),
    infoRequestedAt: z.string().nullable(),
  }),
  jointAccountHolder: jointAccountHolderSchema.nullable(),
  rejectionReason: z.string().nullable(),
  rejectedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
  accounts: z.array(accountSummarySchema),
  infoRequests: z.array(infoRequestSchema.extend({ document: storedFileSchema.nullable() })),
  reviews: z.array(reviewRecordSchema),
  /** An active staff hold on the member's money movement, if any. */
  hold: z.object({ reason: z.string(), placedAt: z.string(), placedBy: z.string().nullable() }).nullable(),
  security: z.object({
    totpEnabled: z.boolean(),
    backupCodes: z.object({ total: z.number(), used: z.number(), remaining: z.number() }),
    lockedUntil: z.string().nullable(),
    activeSessions: z.number(),
  }),
});
export type UserDetail = z.infer<typeof userDetailSchema>;

/** A joint holder's box checked with the rule of the member's own box of that kind, and its words. */
const jointHolderFields = {
  name: requiredText('Joint holder name', 120),
  email: filledIn('Joint holder email', 254, emailSchema),
  phone: phoneSchema('Joint holder phone'),
} as const;

/**
 * Create New User modal (spec §5 Admin). Staff-created users are status active. Only a member
 * (role user) has accounts: a joint holder or an opening balance for role admin is refused, naming
 * the field (an opening balance of 0.00 opens nothing and passes).
 */
export const createUserSchema = z
  .strictObject({
    name: requiredText('Name', 120),
    email: filledIn('Email', 254, emailSchema),
    phone: phoneSchema('Phone'),
    password: passwordField,
    role: z.enum(['user', 'admin'], { error: r.required('Role') }),
    address: z.strictObject({
      street: requiredText('Street', 200),
      city: requiredText('City'),
      state: requiredText('State'),
      zipCode: requiredText('ZIP code', 20),
    }),
    isJointAccount: z.boolean().default(false),
    // Checked (`jointHolderFields`) when the account is joint; otherwise not kept.
    jointAccountHolder: z
      .strictObject({ name: z.string().trim(), email: z.string().trim().toLowerCase(), phone: z.string().trim() })
      .nullable()
      .default(null),
    /** Opening deposits into the new member's accounts (spec: balances min 0, step 0.01). */
    checkingBalance: balanceField.default('0.00'),
    savingsBalance: balanceField.default('0.00'),
  })
  .superRefine((value, ctx) => {
    const holder = value.jointAccountHolder;
    if (value.role === 'admin') {
      const named = holder !== null && Object.values(holder).some((text) => text !== '');
      if (value.isJointAccount || named) {
        const path = value.isJointAccount ? 'isJointAccount' : 'jointAccountHolder';
        ctx.addIssue({ code: 'custom', path: [path], message: a.staffNoJointAccount });
      }
      for (const path of ['checkingBalance', 'savingsBalance'] as const) {
        if (isPositiveAmount(value[path]))
          ctx.addIssue({ code: 'custom', path: [path], message: a.staffNoOpeningBalance });
      }
      return;
    }
    if (!value.isJointAccount) return;
    for (const key of ['name', 'email', 'phone'] as const) {
      const checked = jointHolderFields[key].safeParse(holder?.[key] ?? '');
      const message = checked.error?.issues[0]?.message;
      if (message) ctx.addIssue({ code: 'custom', path: ['jointAccountHolder', key], message });
    }
  });
export type CreateUserInput = z.input<typeof createUserSchema>;

export const createdUserSchema = z.object({ user: userSummarySchema, message: z.string() });

export const backupCodeStatusSchema = z.object({ total: z.number(), used: z.number(), remaining: z.number() });

/** The audit trail's schemas live with the audit log (`./audit`); these names keep working. */
export { auditEntrySchema, auditListSchema, type AuditEntry } from './audit';

/**
 * Staff set an account's balance by typing the target (spec §5 Admin: min 0, step 0.01) and a
 * reason (decisions.md); the ledger posts an adjustment for the difference.
 */
export const balanceAdjustmentSchema = z.strictObject({
  balance: z
    .string({ error: messages.admin.balanceInvalid })
    .trim()
    .refine((value) => parseMoney(value).ok, messages.admin.balanceInvalid),
  reason: z
    .string({ error: messages.admin.adjustmentReasonRequired })
    .trim()
    .min(1, messages.admin.adjustmentReasonRequired)
    .max(500),
});
export type BalanceAdjustmentInput = z.input<typeof balanceAdjustmentSchema>;
