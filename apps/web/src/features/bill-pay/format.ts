import { type BillPaymentStatus, type BillPaymentView, billPayFrequencyLabels } from '@mutual/shared';
import { formatCalendarDate } from '../../lib/format-date';

/** The member's name for a payee: "Home power (City Electric)", or the biller's name alone. */
export function payeeName(payee: { nickname: string; billerName: string }): string {
  return payee.nickname ? `${payee.nickname} (${payee.billerName})` : payee.billerName;
}

/** "Monthly, payment 2" for a payment of a series; null for a one-off payment. */
export function seriesText(series: BillPaymentView['series']): string | null {
  if (!series) return null;
  return `${billPayFrequencyLabels[series.frequency]}, payment ${series.occurrence}`;
}

/** Whether its money is held yet: "Money held", or the day it will be. */
export function holdText(payment: Pick<BillPaymentView, 'held' | 'holdsOn'>): string {
  return payment.held ? 'Money held' : `Money held on ${formatCalendarDate(payment.holdsOn)}`;
}

/** The one rule for a series' money, shown beside the frequency (ARCHITECTURE.md has the why). */
export const seriesHoldRule =
  'Each payment holds its money: the first when you schedule it, later ones on the business day before their date.';

/** The day and date rules live in shared, so the form and the server say the same words. */
export { longDay, payDateProblem } from '@mutual/shared';

const statusTones: Record<BillPaymentStatus, string> = {
  scheduled: 'bg-sky-50 text-sky-900 ring-sky-300',
  sent: 'bg-green-50 text-green-900 ring-green-300',
  cancelled: 'bg-slate-100 text-slate-800 ring-slate-300',
  returned: 'bg-amber-50 text-amber-900 ring-amber-300',
  failed: 'bg-red-50 text-red-900 ring-red-300',
};

const pillClass =
  'inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset';

export const statusPillClass = (status: BillPaymentStatus) => `${pillClass} ${statusTones[status]}`;
