import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './format-date';

// Local wall-clock times (no "Z"), so the expectations hold in every time zone.
describe('timestamps as a member reads them', () => {
  it('shows a day in the medium style by default and the long style when asked', () => {
    expect(formatDate('2026-03-04T15:42:00')).toBe('Mar 4, 2026');
    expect(formatDate('2026-03-04T15:42:00', 'long')).toBe('March 4, 2026');
  });

  it('shows a moment with the day and a 12-hour time', () => {
    expect(formatDateTime('2026-03-04T15:42:00')).toBe('Mar 4, 2026, 3:42 PM');
    expect(formatDateTime('2026-03-04T00:05:00')).toBe('Mar 4, 2026, 12:05 AM');
  });

  it('shows a missing moment as a dash and unreadable text as it came', () => {
    expect(formatDateTime(undefined)).toBe('—');
    expect(formatDateTime('')).toBe('—');
    expect(formatDateTime('soon')).toBe('soon');
  });
});
