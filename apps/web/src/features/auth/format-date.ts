const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "March 4, 2026"; an unreadable value is shown as it came rather than as "Invalid Date". */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** "Mar 4, 2026, 3:42 PM" */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTimeFormat.format(date);
}
