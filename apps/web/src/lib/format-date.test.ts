import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate } from './format-date';

describe('dates as a member reads them', () => {
  it('shows a missing date as a dash, never "Invalid Date"', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('shows a date of birth as that calendar day in every time zone', () => {
    expect(formatCalendarDate('1990-04-12')).toBe('April 12, 1990');
  });
});
