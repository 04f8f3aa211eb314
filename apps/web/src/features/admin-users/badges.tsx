import type { UserStatus, VerificationStatus } from '@mutual/shared';
import { ShieldCheck, Users } from 'lucide-react';
import { statusLabels, verificationLabels } from './format';
import { iconPillClass, tints } from '../../components/pill';

const statusTones: Record<UserStatus, string> = {
  pending: 'bg-amber-100 text-amber-900 ring-amber-300',
  approved: 'bg-green-100 text-green-900 ring-green-300',
  active: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};

export function StatusBadge({ status }: { status: UserStatus }) {
  return <span className={`${iconPillClass} ${statusTones[status]}`}>{statusLabels[status]}</span>;
}

/** Only the states staff act on get a badge in the list: an open information request. */
export function VerificationBadge({ status, always = false }: { status: VerificationStatus; always?: boolean }) {
  if (!always && status !== 'info_requested') return null;
  const tone = status === 'info_requested' ? 'bg-sky-100 text-sky-900 ring-sky-300' : tints.slate;
  return <span className={`${iconPillClass} ${tone}`}>{verificationLabels[status]}</span>;
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
