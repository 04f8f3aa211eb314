import { type PaymentOrder, formatWireMoney, paymentRailLabels } from '@mutual/shared';
import { dateTimeFormat } from '../../lib/format-date';

/** How long an order has waited: "12 min", "3 h 20 min", "2 d 4 h". */
export function formatAge(minutes: number): string {
  if (minutes < 1) return 'Just now';
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

export const orderAmount = (order: PaymentOrder) => formatWireMoney(order.amount);

/** The bank's identifiers as staff need them: routing number (ACH) or SWIFT, IBAN, country, currency. */
export function bankDetails(order: PaymentOrder): string[] {
  const b = order.beneficiary;
  if (order.rail === 'ach') return [`Routing ${b.routingNumber ?? '—'}`];
  return [
    `SWIFT ${b.swiftCode ?? '—'}`,
    ...(b.ibanMasked ? [`IBAN ${b.ibanMasked}`] : []),
    [b.country, b.currency].filter(Boolean).join(' · '),
  ].filter(Boolean);
}

export const railLabel = (order: PaymentOrder) => paymentRailLabels[order.rail];

/** A one-line summary for dialogs and screen readers: "$25.00 to Jamie Payee, TD Bank ••3356". */
export function orderSummary(order: PaymentOrder): string {
  const { name, bankName, accountNumberMasked } = order.beneficiary;
  return `${orderAmount(order)} to ${name}, ${bankName} ${accountNumberMasked}`;
}

/**
 * "Nov 21, 6:42 AM" on the credit union's clock: for moments days apart at most (a pending order's
 * age and expiry, a recent file).
 */
export function formatShortDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return dateTimeFormat({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(date);
}
