import { dateTimeFormat } from '../../lib/format-date';

const rtf = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

const steps: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', 7],
];

/** "just now", "5 minutes ago", "yesterday"; older than a week → "Mar 3, 2026". */
export function relativeTime(iso: string, now: number): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return '';
  let value = Math.round((then - now) / 1000);
  if (Math.abs(value) < 45) return 'just now';
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return rtf.format(value, unit);
    value = Math.round(value / size);
  }
  // The day on the credit union's clock, as everywhere else.
  return dateTimeFormat({ month: 'short', day: 'numeric', year: 'numeric' }).format(then);
}
