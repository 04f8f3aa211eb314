const dateFormats = {
  medium: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }),
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }),
};
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const calendarFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** Shows a missing value as a dash and an unreadable one as it came, never "Invalid Date". */
function show(iso: string | null | undefined, format: (date: Date) => string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date);
}

/** A timestamp's day: "Mar 4, 2026" (medium) or "March 4, 2026" (long). */
export function formatDate(iso: string | null | undefined, style: keyof typeof dateFormats = 'medium'): string {
  return show(iso, (date) => dateFormats[style].format(date));
}

/** "Mar 4, 2026, 3:42 PM" */
export function formatDateTime(iso: string | null | undefined): string {
  return show(iso, (date) => dateTimeFormat.format(date));
}

/** A calendar date ("1990-04-12") read as that day everywhere, not shifted by the time zone. */
export function formatCalendarDate(day: string | null | undefined): string {
  return show(day ? `${day.slice(0, 10)}T00:00:00Z` : day, (date) => calendarFormat.format(date));
}
