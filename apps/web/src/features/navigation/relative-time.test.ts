import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = new Date('2026-03-10T12:00:00').getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('how long ago a notification arrived', () => {
  it('says "just now" for the last 45 seconds', () => {
    expect(relativeTime(ago(0), now)).toBe('just now');
    expect(relativeTime(ago(44_000), now)).toBe('just now');
  });

  it('counts minutes, hours and days in words', () => {
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3_600_000), now)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3_600_000), now)).toBe('yesterday');
  });

  it('gives the date for anything older than a week, and nothing for an unreadable time', () => {
    expect(relativeTime(new Date('2026-03-01T09:00:00').toISOString(), now)).toBe('Mar 1, 2026');
    expect(relativeTime('not a time', now)).toBe('');
  });
});
