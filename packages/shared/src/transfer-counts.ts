import { z } from 'zod';
import { personRefSchema } from './members';

/**
 * Reset Transfer Counts (spec §2, §4, §6; decisions.md: one counter per member in the current
 * limit window). Routes (all staff-only):
 * - `GET /api/admin/transfer-counts` → `TransferCountList`: every non-staff user, plus the
 *   protected staff account when one is configured (`protected: true`, never reset).
 * - `POST /api/admin/transfer-counts/:userId/reset` → `{ message }` ("Reset transfer count for
 *   {email}"); 403 for the protected account.
 * - `POST /api/admin/transfer-counts/reset-all` → `TransferCountResetAll`.
 */

export const transferCountRowSchema = z.object({
  ...personRefSchema.shape,
  /** Outgoing transfers in the current window; 0 once the window has passed. */
  count: z.number(),
  /** When the current window ends (and the count starts again from 0); null when no window is open. */
  windowEndsAt: z.string().nullable(),
  lastResetAt: z.string().nullable(),
  /** E-mail of the staff member who last reset the count. */
  lastResetBy: z.string().nullable(),
  /** The configured protected staff account: shown, never reset. */
  protected: z.boolean(),
});
export type TransferCountRow = z.infer<typeof transferCountRowSchema>;

export const transferCountListSchema = z.object({
  users: z.array(transferCountRowSchema),
  /** Outgoing transfers allowed per window; 0 means no limit. */
  limit: z.number(),
  windowHours: z.number(),
});
export type TransferCountList = z.infer<typeof transferCountListSchema>;

export const transferCountResetAllSchema = z.object({
  /** Members whose count was above 0 and is now 0. */
  reset: z.number(),
  /** Accounts left alone on purpose (the protected account). */
  skipped: z.number(),
  message: z.string(),
});
export type TransferCountResetAll = z.infer<typeof transferCountResetAllSchema>;
