import { allForYear } from '@18f/us-federal-holidays';

/**
 * Business days on the Federal Reserve's calendar: Bill Pay dates, when a check deposit's hold
 * releases, ACH settlement dates. Days are `YYYY-MM-DD` strings on the credit union's calendar.
 * The holidays come from @18f/us-federal-holidays (OPM's list of federal holidays, which are the
 * Fed's); the Fed's own weekend rule differs from OPM's:
 * a holiday on a Sunday is observed on the Monday (closed), but one on a Saturday is not moved —
 * the Fed is open the Friday before. So Saturday holidays are not shifted, Sunday ones are.
 */

const fedRule = { shiftSaturdayHolidays: false, shiftSundayHolidays: true };
const holidaysByYear = new Map<number, Map<string, string>>();

function holidaysOf(year: number): Map<string, string> {
  let days = holidaysByYear.get(year);
  if (!days) {
    // `dateString` ("2027-7-5") is the calendar day whatever the process's time zone; `date` is not.
    days = new Map(allForYear(year, fedRule).map((h) => [isoOf(h.dateString), h.name]));
    holidaysByYear.set(year, days);
  }
  return days;
}

const isoOf = (dateString: string) => {
  const [y, m, d] = dateString.split('-');
  return `${y}-${m?.padStart(2, '0')}-${d?.padStart(2, '0')}`;
};
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** `months` calendar months after `day`, on the same day of the month or the month's last day. */
export function addMonths(day: string, months: number): string {
  const [year, month, dom] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDom = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(dom, lastDom));
  return toDay(first);
}

/** The Fed holiday observed on `day`, if any (e.g. "Thanksgiving Day"). */
export function fedHoliday(day: string): string | null {
  return holidaysOf(Number(day.slice(0, 4))).get(day) ?? null;
}

/** Why the Fed is closed on `day` ("a Saturday", "Christmas Day, a Federal Reserve holiday"), or null when open. */
export function closedReason(day: string): string | null {
  const weekday = toDate(day).getUTCDay();
  if (weekday === 6) return 'a Saturday';
  if (weekday === 0) return 'a Sunday';
  const holiday = fedHoliday(day);
  return holiday ? `${holiday}, a Federal Reserve holiday` : null;
}

export const isBusinessDay = (day: string) => closedReason(day) === null;

/** The first business day on or after `day`. */
export function businessDayOnOrAfter(day: string): string {
  let current = day;
  while (!isBusinessDay(current)) current = addDays(current, 1);
  return current;
}

/** The last business day on or before `day`. */
export function businessDayOnOrBefore(day: string): string {
  let current = day;
  while (!isBusinessDay(current)) current = addDays(current, -1);
  return current;
}

/** Weekday holidays between two days (inclusive), for the date picker. */
export function weekdayHolidays(from: string, to: string): Array<{ date: string; name: string }> {
  const out: Array<{ date: string; name: string }> = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year += 1) {
    for (const [date, name] of holidaysOf(year)) {
      const weekday = toDate(date).getUTCDay();
      if (date >= from && date <= to && weekday !== 0 && weekday !== 6) out.push({ date, name });
    }
  }
  return out.sort((a, b) => a.date.localeCompare(b.date));
}
