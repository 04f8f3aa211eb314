/** Dates as the credit union counts them: days in its time zone (`TIME_ZONE`). */

const dayOptions: Intl.DateTimeFormatOptions = { year: 'numeric', month: '2-digit', day: '2-digit' };
const clockOptions: Intl.DateTimeFormatOptions = {
  ...dayOptions,
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
};
const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * One formatter per zone and shape: making one per row costs more than the rest of the row (and
 * its memory is outside the JS heap, so an export of 100,000 rows grew by a gigabyte).
 */
function formatIn(timeZone: string, shape: 'day' | 'clock'): Intl.DateTimeFormat {
  const key = `${shape} ${timeZone}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, ...(shape === 'day' ? dayOptions : clockOptions) });
    formats.set(key, format);
  }
  return format;
}

/** The calendar day (YYYY-MM-DD) of `date` in the credit union's time zone, as the history filters count days. */
export function localDay(date: Date, timeZone: string): string {
  return formatIn(timeZone, 'day').format(date);
}

/** "3:45 PM EST": a time of day as members read it, in the credit union's zone. */
export function timeOfDayIn(date: Date, timeZone: string): string {
  return date.toLocaleTimeString('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

/** "Sun, Nov 29, 2026, 12:22 AM EST": a moment as notices and e-mails state it. */
export function momentIn(date: Date, timeZone: string): string {
  return date.toLocaleString('en-US', {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

export type ClockPart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/** What a wall clock in `timeZone` reads at `date`: a four-digit year, then two digits each (hours 00–23). */
export function localClock(date: Date, timeZone: string): Record<ClockPart, string> {
  const parts = formatIn(timeZone, 'clock').formatToParts(date);
  const part = (type: ClockPart) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}

/**
 * The instant a wall clock in `timeZone` reads `day` at `time` (HH:MM). Found by guessing UTC and
 * correcting by the zone's offset twice, which settles across a daylight-saving change (a time
 * that does not exist that day lands an hour later).
 */
export function instantAt(day: string, time: string, timeZone: string): Date {
  const wanted = Date.parse(`${day}T${time}:00Z`);
  let guess = wanted;
  for (let i = 0; i < 2; i += 1) {
    const c = localClock(new Date(guess), timeZone);
    const reads = Date.parse(`${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}:${c.second}Z`);
    guess += wanted - reads;
  }
  return new Date(guess);
}
