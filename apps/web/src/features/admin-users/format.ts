import { formatMoney, parseMoney, type UserStatus, type VerificationStatus } from '@mutual/shared';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const calendarFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

function valid(date: Date) {
  return !Number.isNaN(date.getTime());
}

/** "Jan 5, 2026" for a timestamp. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return valid(date) ? dateFormat.format(date) : iso;
}

/** "Jan 5, 2026, 3:04 PM" for a timestamp. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return valid(date) ? dateTimeFormat.format(date) : iso;
}

/** A calendar date ("1990-04-12") read as that day everywhere, not shifted by the time zone. */
export function formatCalendarDate(day: string | null | undefined): string {
  if (!day) return '—';
  const date = new Date(`${day.slice(0, 10)}T00:00:00Z`);
  return valid(date) ? calendarFormat.format(date) : day;
}

/** Wire money ("1234.56", possibly "-0.05") as "$1,234.56". */
export function formatBalance(decimal: string): string {
  const negative = decimal.trim().startsWith('-');
  const parsed = parseMoney(negative ? decimal.trim().slice(1) : decimal);
  if (!parsed.ok) return decimal;
  return formatMoney(negative ? -parsed.cents : parsed.cents);
}

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

export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => part?.[0]?.toUpperCase() ?? '').join('') || '?';
}
