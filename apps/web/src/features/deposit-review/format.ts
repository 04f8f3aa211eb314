import { type DepositView, type StaffDeposit, formatWireMoney } from '@mutual/shared';

export const depositAmount = (deposit: Pick<DepositView, 'amount'>) => formatWireMoney(deposit.amount);

/** "Checking ••••1234" */
export const accountLabel = (deposit: Pick<DepositView, 'toAccount' | 'accountNumberLast4'>) =>
  `${deposit.toAccount} ••••${deposit.accountNumberLast4}`;

/** "$1,250.00 from Alex Member": the detail's heading and the dialogs' summary. */
export const depositSummary = (deposit: StaffDeposit) => `${depositAmount(deposit)} from ${deposit.member.name}`;

/** "1 accepted deposit, average $250.00"; nothing accepted yet says so. */
export function usualText(usual: { count: number; average: string | null }): string {
  if (usual.count === 0 || usual.average === null) return 'No accepted deposits before this one';
  const noun = usual.count === 1 ? 'accepted deposit' : 'accepted deposits';
  return `${usual.count} ${noun}, average ${formatWireMoney(usual.average)}`;
}
