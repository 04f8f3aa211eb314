import { z } from 'zod';
import { isCalendarDay } from './calendar-days';
import { atMostOneCursor, keysetPageShape, pageSizeQuery } from './keyset-paging';
import { personRefSchema } from './members';
import { messages } from './messages';

/**
 * The audit log as staff read it (decisions.md: staff must be able to answer for every change).
 * Routes (all staff-only):
 * - `GET /api/admin/audit` (`auditQuerySchema`) → `AuditPage`: the whole credit union, newest first.
 * - `GET /api/admin/audit/actions` → `AuditActions`: the action names present, with labels.
 * - `GET /api/admin/audit/export` (same filters) → CSV, at most `AUDIT_EXPORT_MAX_ROWS` rows.
 * - `GET /api/admin/users/:id/audit` (`userAuditQuerySchema`) → `AuditPage`: what was done to
 *   one person and what they did.
 *
 * Paging is by keyset, not offset: the log grows while staff read it (every sign-in adds a row),
 * so "page 2" by offset would repeat or skip entries; a cursor (the id of the last entry seen)
 * stays put, and reading the oldest page costs what reading the newest does.
 */

const m = messages.audit;

export const AUDIT_PAGE_SIZES = [20, 50, 100] as const;
export const AUDIT_DEFAULT_PAGE_SIZE = 50;
/** The CSV export stops here (newest first); the screen says so. */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;
/** Matching entries are counted up to this many; beyond it the screen says "10,000+". */
export const AUDIT_COUNT_CAP = 10_000;

/** An action name (`hold.placed`), or a family of them written as its prefix (`hold.`). */
const actionPattern = /^[a-z0-9_]+(\.[a-z0-9_]+)*\.?$/;
/** True when the filter names a family (`hold.`) rather than one action. */
export const isActionFamily = (action: string) => action.endsWith('.');

/** Empty text counts as "no filter", so a form can send every field as it stands. */
const optionalText = (max: number, valid: (value: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((value) => value === '' || valid(value), message)
    .optional();

const day = optionalText(10, isCalendarDay, m.dateInvalid);
const cursor = optionalText(18, (value) => /^\d+$/.test(value), m.cursorInvalid);

const filterShape = {
  action: optionalText(80, (value) => actionPattern.test(value), m.actionInvalid),
  /** Days in the credit union's time zone (`TIME_ZONE`), both ends included. */
  from: day,
  to: day,
};
const pagingShape = {
  /** The id of an entry: the page holds the entries just older than it (the "Older" link). */
  olderThan: cursor,
  /** The id of an entry: the page holds the entries just newer than it (the "Newer" link). */
  newerThan: cursor,
  pageSize: pageSizeQuery(AUDIT_PAGE_SIZES, AUDIT_DEFAULT_PAGE_SIZE, m.pageSizeInvalid),
};

const datesInOrder = (value: { from?: string; to?: string }) => !value.from || !value.to || value.from <= value.to;

/** What staff filter the log by (action or family, who acted, the member, days); empty means "any". */
export const auditFilterNames = ['action', 'actor', 'member', 'from', 'to'] as const;
export type AuditFilterName = (typeof auditFilterNames)[number];
export type AuditFilters = Partial<Record<AuditFilterName, string>>;

/** `GET /api/admin/audit` (and its export, which ignores the paging). */
export const auditQuerySchema = z
  .strictObject({
    ...filterShape,
    /** The staff user (or `system`) who acted, by e-mail. */
    actor: optionalText(254, (value) => value === 'system' || z.email().safeParse(value).success, m.actorInvalid),
    /** The person acted on: their e-mail or id. */
    member: optionalText(
      254,
      (value) => z.email().safeParse(value).success || z.uuid().safeParse(value).success,
      m.memberInvalid,
    ),
    ...pagingShape,
  })
  .refine(datesInOrder, { path: ['to'], message: m.dateOrder })
  .refine(atMostOneCursor, { path: ['newerThan'], message: m.cursorInvalid });
export type AuditQuery = z.input<typeof auditQuerySchema>;

/** `GET /api/admin/users/:id/audit`: the member detail's activity log. */
export const userAuditQuerySchema = z
  .strictObject({ ...filterShape, ...pagingShape })
  .refine(datesInOrder, { path: ['to'], message: m.dateOrder })
  .refine(atMostOneCursor, { path: ['newerThan'], message: m.cursorInvalid });
export type UserAuditQuery = z.input<typeof userAuditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.string(),
  /** The action in plain words ("Balance set"). */
  label: z.string(),
  actorUserId: z.string().nullable(),
  /** Who acted: a person's e-mail, `system`, or null (an anonymous caller, e.g. a failed sign-in). */
  actorEmail: z.string().nullable(),
  /** The person acted on, if any. */
  target: personRefSchema.nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  /** The reason staff gave, when the entry records one (see `auditReason`). */
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /**
   * What the ids in `before` and `after` name, as they are called now (the records stay as
   * written): `{ [id]: "Electric (City Power)" }`, or null for one no longer there. Ids of kinds
   * the log does not name (a transfer's) are left out. Not in the CSV export, which is the record.
   */
  names: z.record(z.string(), z.string().nullable()).optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  ...keysetPageShape,
  /** Entries matching the filters, counted up to `AUDIT_COUNT_CAP`. */
  total: z.number().int(),
  /** True when there are more than `total` (the count stopped at the cap). */
  totalCapped: z.boolean(),
  /** The credit union's time zone: the date filters count days in it. */
  timeZone: z.string(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
/** The per-member trail's response (the name it had before paging; `entries` is unchanged). */
export const auditListSchema = auditPageSchema;

export const auditActionsSchema = z.object({
  actions: z.array(z.object({ action: z.string(), label: z.string(), family: z.string() })),
  /** One per family present: filter with `action=<prefix>` to see all of it. */
  families: z.array(z.object({ prefix: z.string(), label: z.string() })),
});
export type AuditActions = z.infer<typeof auditActionsSchema>;

/**
 * Every action the portal records, in plain words. A writer adding an action adds its label here;
 * one missing is shown from its name ("transfer_count.reset" → "Transfer count reset").
 */
export const auditActionLabels: Record<string, string> = {
  // Staff work on members and their money.
  'user.created': 'User created',
  'registration.approved': 'Application approved',
  'registration.rejected': 'Application rejected',
  'registration.info_requested': 'More information requested',
  'account.balance_adjusted': 'Balance set',
  'account.updated': 'Account details changed',
  'transactions.added': 'Transactions added',
  'transaction.reversed': 'Transaction reversed',
  'transaction.completed': 'Pending transaction completed',
  'transactions.reversed_all': "All of a member's transactions reversed",
  'hold.placed': 'Hold placed',
  'hold.lifted': 'Hold lifted',
  'transfer_count.reset': 'Transfer count reset',
  'transfer_count.reset_all': 'All transfer counts reset',
  'payment_order.settled': 'Payment settled',
  'payment_order.returned': 'Payment returned',
  'payment_order.expired': 'Payment expired',
  'payment_order.ach_exported': 'ACH file exported',
  'payment_order.ach_downloaded': 'ACH file downloaded again',
  'audit.exported': 'Audit log exported',
  'contact.handled': 'Contact message handled',
  'profile.image_updated': 'Profile picture changed',
  'profile.image_removed': 'Profile picture removed',
  // Applicants and members.
  'registration.submitted': 'Application submitted',
  'registration.duplicate': 'Sign-up with an e-mail already in use',
  'registration.info_answered': 'Information request answered',
  'profile.updated': 'Profile updated',
  'settings.updated': 'Account settings updated',
  'transfer.internal': 'Transfer between own accounts',
  'transfer.member': 'Transfer to a member',
  'transfer.external': 'Transfer to a US bank',
  'transfer.international': 'International transfer',
  'challenge.code_issued': 'Confirmation code issued',
  // Sign-in and security.
  'auth.sign_in': 'Signed in',
  'auth.sign_out': 'Signed out',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.code_issued': 'Sign-in code sent',
  'auth.code_failed': 'Wrong sign-in code',
  'auth.password_check_failed': 'Wrong current password',
  'auth.locked': 'Locked after failed attempts',
  'auth.password_changed': 'Password changed',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.first_password_link': 'Link to choose a first password sent',
  'auth.password_reset': 'Password reset',
  'auth.totp_enabled': 'Authenticator app turned on',
  'auth.totp_disabled': 'Authenticator app turned off',
  'auth.backup_codes_issued': 'Backup codes issued',
  'auth.backup_codes_revoked': 'Backup codes revoked',
};

/** Families (the part before the first dot) in plain words. */
export const auditFamilyLabels: Record<string, string> = {
  account: 'Accounts',
  audit: 'Audit log',
  auth: 'Sign-in and security',
  challenge: 'Confirmation codes',
  contact: 'Contact messages',
  hold: 'Holds',
  payment_order: 'Payment operations',
  profile: 'Profile',
  registration: 'Applications',
  settings: 'Settings',
  transaction: 'Transactions',
  transactions: 'Transactions (several at once)',
  transfer: 'Member transfers',
  transfer_count: 'Transfer counts',
  user: 'Users',
};

const sentence = (text: string) => {
  const words = text.replaceAll('_', ' ').replaceAll('.', ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const auditFamilyOf = (action: string) => action.split('.')[0] ?? action;

export function auditActionLabel(action: string): string {
  return auditActionLabels[action] ?? sentence(action);
}

export function auditFamilyLabel(family: string): string {
  return auditFamilyLabels[family] ?? sentence(family);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The reason given for an action, when its record has one: `reason`, or a key ending in `Reason`
 * (`liftReason`, `rejectionReason`), in what the action wrote as its result.
 */
export function auditReason(after: unknown): string | null {
  if (!isRecord(after)) return null;
  const key = Object.keys(after).find((name) => name === 'reason' || name.endsWith('Reason'));
  const value = key ? after[key] : null;
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
