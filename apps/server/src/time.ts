/** Dates as the credit union counts them: days in its time zone (`TIME_ZONE`). */

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) of `date` in the credit union's time zone, as the history filters count days. */
export function localDay(date: Date, timeZone: string): string {
  // One formatter per zone: making one per row costs more than the rest of the row (and its memory
  // is outside the JS heap, so an export of 100,000 rows grew by a gigabyte).
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(date);
}
