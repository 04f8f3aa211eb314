import { type BillPaymentStatus, type BillPaymentView, billPayFrequencyLabels, messages } from '@mutual/shared';
import { dateTimeFormat, formatCalendarDate, zoneName } from '../../lib/format-date';
import { pillClass, tints } from '../../components/pill';

/** The member's name for a payee: "Home power (City Electric)", or the biller's name alone. */
export function payeeName(payee: { nickname: string; billerName: string }): string {
  return payee.nickname ? `${payee.nickname} (${payee.billerName})` : payee.billerName;
}

/** Whether the server could not read this payee's saved account number (it shows "(unreadable)" instead). */
export const numberUnreadable = (payee: { accountNumberMasked: string }) =>
  payee.accountNumberMasked === messages.billPay.numberUnreadable;

/** "Monthly, payment 2" for a payment of a series; null for a one-off payment. */
export function seriesText(series: BillPaymentView['series']): string | null {
  if (!series) return null;
  return `${billPayFrequencyLabels[series.frequency]}, payment ${series.occurrence}`;
}

/** Whether its money is held yet: "Money held", or the day it will be. */
export function holdText(payment: Pick<BillPaymentView, 'held' | 'holdsOn'>): string {
  return payment.held ? 'Money held' : `Money held on ${formatCalendarDate(payment.holdsOn)}`;
}

/**
 * The last moment a payment can be cancelled, on the credit union's clock with its zone named and
 * its day written as the payment's day is ("November 30, 2026 at 2:00 PM EST").
 */
export function cancelUntilText(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(at)} ${zoneName(at)}`;
}

/** The one rule for a series' money, shown beside the frequency (docs/features/bill-pay.md has the why). */
export const seriesHoldRule =
  'Each payment holds its money: the first when you schedule it, later ones on the business day before their date.';

/** The day and date rules live in shared, so the form and the server say the same words. */
export { longDay, payDateProblem } from '@mutual/shared';

const statusTones: Record<BillPaymentStatus, string> = {
  scheduled: tints.sky,
  sent: tints.green,
  cancelled: tints.slate,
  returned: tints.amber,
  failed: tints.red,
};

export const statusPillClass = (status: BillPaymentStatus) => `${pillClass} ${statusTones[status]}`;
