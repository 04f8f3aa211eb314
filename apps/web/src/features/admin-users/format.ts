import { type UserStatus, type VerificationStatus, userFilterLabels } from '@mutual/shared';

/**
 * A person's status in the words of the console's filter tabs (spec: All Users, Pending Review,
 * Approved, Rejected), so a row says what the tab it is listed under says. `active` is the spec's
 * status of a user staff created (Create New User): approved like a member whose application was,
 * listed under Approved; how they joined is a fact of its own (`CreatedByStaffBadge`).
 */
export const statusLabels: Record<UserStatus, string> = {
  pending: userFilterLabels.pending,
  approved: userFilterLabels.approved,
  active: userFilterLabels.approved,
  rejected: userFilterLabels.rejected,
};

export const verificationLabels: Record<VerificationStatus, string> = {
  pending: 'Awaiting review',
  info_requested: 'Info requested',
  verified: 'Verified',
  rejected: 'Rejected',
};

export const decisionLabels = {
  approved: 'Approved',
  rejected: 'Rejected',
  info_requested: 'Information requested',
} as const;
