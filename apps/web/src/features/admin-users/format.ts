import type { UserStatus, VerificationStatus } from '@mutual/shared';

export const statusLabels: Record<UserStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  active: 'Active',
  rejected: 'Rejected',
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
