import type { UserStatus, UserSummary, VerificationStatus } from '@mutual/shared';
import { ShieldCheck, Users } from 'lucide-react';
import { statusLabels, verificationLabels } from './format';
import { iconPillClass, tints } from '../../components/pill';

const statusTones: Record<UserStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  approved: 'bg-green-100 text-green-900 ring-green-300',
  active: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

/**
 * The person's status, one word for one state (an approved application and an account staff
 * created are both Approved), and beside it, for a member staff created, that they did: two facts,
 * two badges.
 */
export function StatusBadge({ user }: { user: Pick<UserSummary, 'status' | 'role'> }) {
  return (
    <>
      <span className={`${iconPillClass} ${statusTones[user.status]}`}>{statusLabels[user.status]}</span>
      {user.status === 'active' && user.role !== 'admin' && <CreatedByStaffBadge />}
    </>
  );
}

/** A member who joined through Create New User rather than an application (status `active`). */
export function CreatedByStaffBadge() {
  return <span className={`${iconPillClass} ${tints.slate}`}>Created by staff</span>;
}

/** Only the states staff act on get a badge: an open information request. */
export function VerificationBadge({ status }: { status: VerificationStatus }) {
  if (status !== 'info_requested') return null;
  return <span className={`${iconPillClass} bg-sky-100 text-sky-900 ring-sky-300`}>{verificationLabels[status]}</span>;
}

export function JointBadge() {
  return (
    <span className={`${iconPillClass} bg-violet-100 text-violet-900 ring-violet-300`}>
      <Users className="h-3 w-3" aria-hidden="true" />
      Joint
    </span>
  );
}

export function StaffBadge() {
  return (
    <span className={`${iconPillClass} bg-slate-800 text-white ring-slate-800`}>
      <ShieldCheck className="h-3 w-3" aria-hidden="true" />
      Staff
    </span>
  );
}
