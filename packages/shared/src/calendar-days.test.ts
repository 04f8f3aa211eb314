import { describe, expect, it } from 'vitest';
import { isCalendarDay, isCalendarMonth } from './calendar-days';

describe('calendar days and months', () => {
  it('takes real days from 1900 to 2999, leap days included', () => {
    expect(['2026-02-28', '2028-02-29', '2026-12-31', '1900-01-01', '2999-12-31'].every(isCalendarDay)).toBe(true);
  });

  it('refuses days that are not on the calendar, or outside those years', () => {
    const refused = ['2026-02-29', '2026-13-01', '2026-04-31', '2026-1-01', '1899-12-31', '0000-01-01', '3000-01-01'];
    expect(refused.filter(isCalendarDay)).toEqual([]);
    expect(['9999-12-31', 'yesterday', '', '2026-01-01T00:00'].filter(isCalendarDay)).toEqual([]);
  });

  it('takes months from 1900-01 to 2999-12, and nothing else', () => {
    expect(['1900-01', '2026-11', '2999-12'].every(isCalendarMonth)).toBe(true);
    expect(
      ['0000-01', '9999-12', '1899-12', '3000-01', '2026-13', '2026-00', '2026-1'].filter(isCalendarMonth),
    ).toEqual([]);
  });
});
