import {
  type AccountType,
  type DepositStatus,
  type DepositView,
  formatWireMoney,
  isReversedDeposit,
  longDay,
  messages,
} from '@mutual/shared';
import { pillClass, tints } from '../../components/pill';

/** The photo types the form offers and the server reads (it checks the content again). */
export const checkImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** "Checking ••1234", as the member sees their accounts everywhere. */
export const depositAccountName = (account: { type: AccountType; accountNumberLast4: string }) =>
  `${account.type} ••${account.accountNumberLast4}`;

const megabyteFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A byte limit in whole MB (1,048,576 bytes), as the server writes it in the same message: 10485760 → 10. */
export function megabytes(bytes: number): number {
  return Math.floor(bytes / (1024 * 1024));
}

/** What is wrong with a chosen photo before it is sent, in the API's words; null when nothing. */
export function checkImageProblem(file: { type: string; size: number }, maxBytes: number): string | null {
  if (!(checkImageTypes as readonly string[]).includes(file.type)) return messages.deposits.imageType;
  // "Less than" the limit, as the message and the server word it.
  if (file.size >= maxBytes) return messages.deposits.imageTooLarge(megabytes(maxBytes));
  return null;
}

/** "1.2 MB", "340 KB": a chosen photo's size. */
export function fileSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${megabyteFormat.format(bytes / (1024 * 1024))} MB`;
}

/**
 * When each part of an accepted deposit is available, its day written as the deposit's own
 * "funds available on …" is: "$275.00 on Tuesday, December 1, 2026".
 */
export function availabilityParts(parts: DepositView['availability']): { text: string; released: boolean }[] {
  return parts.map((part) => ({
    text: `${formatWireMoney(part.amount)} on ${longDay(part.availableOn)}`,
    released: part.released,
  }));
}

/** A deposit's status colours, the member's and Deposit Review's: under way, done, refused, bounced. */
const statusTones: Record<DepositStatus, string> = {
  pending_review: tints.sky,
  accepted: tints.green,
  rejected: tints.red,
  returned: tints.amber,
};

export const depositPillClass = (deposit: Pick<DepositView, 'status' | 'reversedAt'>) =>
  `${pillClass} ${isReversedDeposit(deposit) ? tints.slate : statusTones[deposit.status]}`;

/** "1 check", "3 checks". */
export const checks = (count: number) => `${count} ${count === 1 ? 'check' : 'checks'}`;
