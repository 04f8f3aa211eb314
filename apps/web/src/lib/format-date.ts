/**
 * Dates and times as people read them, on the credit union's clock (`TIME_ZONE`, carried by
 * `/api/site`), not the browser's: the server counts days, months, history and audit filters and
 * staff-typed times in that zone, so the screens do too. `SiteProvider` sets the zone before any
 * screen renders; until then (and in unit tests that render no site) the device's zone is used.
 */
let displayZone: string | undefined;

export function setDisplayTimeZone(zone: string | undefined): void {
  displayZone = zone;
}

/** The zone times are shown in (the credit union's, once the site facts are in). */
export function displayTimeZone(): string | undefined {
  return displayZone;
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** An en-US formatter in `zone` (the display zone unless given), made once per zone and options. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, zone = displayZone): Intl.DateTimeFormat {
  const key = `${zone ?? ''}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', zone ? { ...options, timeZone: zone } : options);
    formats.set(key, format);
  }
  return format;
}

const dateStyles = { medium: { dateStyle: 'medium' }, long: { dateStyle: 'long' } } as const;

/** Shows a missing value as a dash and an unreadable one as it came, never "Invalid Date". */
function show(iso: string | null | undefined, format: (date: Date) => string): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : format(date);
}

/** A timestamp's day: "Mar 4, 2026" (medium) or "March 4, 2026" (long). */
export function formatDate(iso: string | null | undefined, style: keyof typeof dateStyles = 'medium'): string {
  return show(iso, (date) => dateTimeFormat(dateStyles[style]).format(date));
}

/** "Mar 4, 2026, 3:42 PM" */
export function formatDateTime(iso: string | null | undefined): string {
  return show(iso, (date) => dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(date));
}

/**
 * A calendar date ("1990-04-12") read as that day everywhere, not shifted by the time zone: "Apr 12,
 * 1990", as `formatDate` shows a moment's day, so a bill's pay date and a transaction's date read
 * alike on one screen. Sentences the server writes spell days out ("Monday, November 30, 2026").
 */
export function formatCalendarDate(day: string | null | undefined, style: keyof typeof dateStyles = 'medium'): string {
  return show(day ? `${day.slice(0, 10)}T00:00:00Z` : day, (date) =>
    dateTimeFormat(dateStyles[style], 'UTC').format(date),
  );
}

/** The day a moment falls on, on the display clock: "2026-03-04". */
export function localDay(date: Date): string {
  const parts = dateTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The display zone's short name at `date`: "EST", "EDT", "UTC" (for a time a member reads alone). */
export function zoneName(date: Date): string {
  const parts = dateTimeFormat({ timeZoneName: 'short' }).formatToParts(date);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
}
