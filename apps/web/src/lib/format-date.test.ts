import { afterEach, describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, localDay, setDisplayTimeZone, zoneName } from './format-date';

describe('dates as a member reads them', () => {
  it('shows a missing date as a dash, never "Invalid Date"', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('shows a date of birth as that calendar day in every time zone', () => {
    expect(formatCalendarDate('1990-04-12')).toBe('Apr 12, 1990');
  });

  it('writes a calendar day (a bill’s pay date) as a moment’s day (a transaction’s date) is written', () => {
    setDisplayTimeZone('UTC');
    expect(formatCalendarDate('2026-11-30')).toBe(formatDate('2026-11-30T15:00:00.000Z'));
    expect(formatCalendarDate('2026-11-30', 'long')).toBe('November 30, 2026');
    setDisplayTimeZone(undefined);
  });
});

describe('dates and times on the credit union’s clock, not the browser’s', () => {
  afterEach(() => setDisplayTimeZone(undefined));

  it('shows a moment in the zone /api/site gives', () => {
    setDisplayTimeZone('America/Chicago');
    expect(formatDateTime('2026-03-04T15:30:00.000Z')).toBe('Mar 4, 2026, 9:30 AM');
    setDisplayTimeZone('Asia/Tokyo');
    expect(formatDateTime('2026-03-04T15:30:00.000Z')).toBe('Mar 5, 2026, 12:30 AM');
  });

  it('counts the day by that clock: 03:00 UTC is still the evening before in New York', () => {
    setDisplayTimeZone('America/New_York');
    const late = '2026-03-05T03:00:00.000Z';
    expect(formatDate(late)).toBe('Mar 4, 2026');
    expect(localDay(new Date(late))).toBe('2026-03-04');
    expect(zoneName(new Date(late))).toBe('EST');
    expect(zoneName(new Date('2026-07-05T03:00:00.000Z'))).toBe('EDT');
  });

  it('keeps a date of birth the same calendar day whatever the zone', () => {
    setDisplayTimeZone('Pacific/Honolulu');
    expect(formatCalendarDate('1990-04-12')).toBe('Apr 12, 1990');
  });
});
