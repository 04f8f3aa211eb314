/**
 * Days and months as forms and queries write them (`YYYY-MM-DD`, `YYYY-MM`), in the years a date
 * in the portal can fall in. Nothing a credit union keeps here is older than 1900, and up to 2999
 * a day, the day after it and the month after it all have four-digit years, so every one turns
 * into an instant, a PostgreSQL date and back without overflowing (year 0000, or the month after
 * 9999-12, do not: they reached the database as a 500).
 */
export const CALENDAR_YEARS = { first: 1900, last: 2999 } as const;

const inYears = (year: number) => year >= CALENDAR_YEARS.first && year <= CALENDAR_YEARS.last;

/** `YYYY-MM-DD`: a real calendar day (no February 30th) in CALENDAR_YEARS. */
export function isCalendarDay(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return inYears(year) && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** `YYYY-MM`: a month in CALENDAR_YEARS. */
export function isCalendarMonth(value: string): boolean {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  return match !== null && inYears(Number(match[1]));
}
