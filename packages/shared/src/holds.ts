import { z } from 'zod';
import { messages } from './messages';

/**
 * Staff holds on a member's money movement (decisions.md: ACCOUNT_LOCKED is real, and happens
 * only when staff placed a hold). Routes (staff-only):
 * - `POST /api/admin/users/:id/hold` `{ reason }` → `{ message }` (ends the member's sessions).
 * - `POST /api/admin/users/:id/hold/lift` `{ reason }` → `{ message }`.
 */

const reason = (required: string) => z.string({ error: required }).trim().min(1, required).max(1000);

export const placeHoldSchema = z.strictObject({ reason: reason(messages.holds.reasonRequired) });
export const liftHoldSchema = z.strictObject({ reason: reason(messages.holds.liftReasonRequired) });
export type HoldInput = z.input<typeof placeHoldSchema>;
