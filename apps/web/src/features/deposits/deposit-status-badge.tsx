import { type DepositView, depositBadgeLabel } from '@mutual/shared';
import { depositPillClass } from './format';

/**
 * A deposit's status as a pill, the same for the member and for Deposit Review: "Reversed", in
 * slate, for an accepted deposit whose money staff took back.
 */
export function DepositStatusBadge({ deposit }: { deposit: Pick<DepositView, 'status' | 'reversedAt'> }) {
  return <span className={depositPillClass(deposit)}>{depositBadgeLabel(deposit)}</span>;
}
