import { describe, expect, it } from 'vitest';
import { formatAge, formatShortDateTime } from './format';

describe('payment operations: how staff read waiting times and moments', () => {
  it('shows how long an order has waited in minutes, hours and days', () => {
    expect(formatAge(0)).toBe('Just now');
    expect(formatAge(12)).toBe('12 min');
    expect(formatAge(60)).toBe('1 h');
    expect(formatAge(200)).toBe('3 h 20 min');
    expect(formatAge(48 * 60)).toBe('2 d');
    expect(formatAge(52 * 60 + 30)).toBe('2 d 4 h');
  });

  it('shows a moment as "Nov 21, 6:42 AM", and unreadable text as it came', () => {
    expect(formatShortDateTime('2026-11-21T06:42:00')).toBe('Nov 21, 6:42 AM');
    expect(formatShortDateTime('pending')).toBe('pending');
  });
});
