import { describe, expect, it } from 'vitest';
import { instantAt } from '../../time';
import { billPayWindow, holdDayFor, occurrenceDay } from './bill-pay-dates';
import { addMonths, closedReason } from '../../fed-calendar';

const config = { timeZone: 'America/New_York', billPay: { cutOff: '14:00' } };

describe('[BILL PAY]: the Federal Reserve calendar and payment dates', () => {
  it('closes on weekends and Fed holidays, moving a Sunday holiday to Monday but not a Saturday one to Friday', () => {
    expect(closedReason('2026-11-26')).toBe('Thanksgiving Day, a Federal Reserve holiday');
    expect(closedReason('2027-07-04')).toBe('a Sunday');
    expect(closedReason('2027-07-05')).toBe('Independence Day, a Federal Reserve holiday');
    // Christmas 2027 and New Year's Day 2028 fall on Saturdays: the Fridays before are open.
    expect(closedReason('2027-12-24')).toBeNull();
    expect(closedReason('2027-12-31')).toBeNull();
    expect(closedReason('2027-12-25')).toBe('a Saturday');
  });

  it('earliest: the next business day, one later after the cut-off; a holiday Monday is skipped', () => {
    const at = (iso: string) => billPayWindow(new Date(iso), config);
    expect(at('2026-11-30T18:59:59Z')).toEqual({ today: '2026-11-30', earliest: '2026-12-01', latest: '2027-11-30' });
    expect(at('2026-11-30T19:00:00Z').earliest).toBe('2026-12-02');
    // Friday 15 January 2027 before the cut-off: Monday the 18th is Martin Luther King Jr. Day.
    expect(at('2027-01-15T15:00:00Z').earliest).toBe('2027-01-19');
    // Wednesday 25 November 2026 after the cut-off: Thursday is Thanksgiving, so Friday.
    expect(at('2026-11-25T20:00:00Z').earliest).toBe('2026-11-27');
  });

  it("monthly payments keep their day or the month's last, and are sent on the business day on or before it", () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2027-12-31', 2)).toBe('2028-02-29');
    expect(occurrenceDay('2026-01-30', 'monthly', 2)).toBe('2026-02-27'); // 28 Feb 2026 is a Saturday
    expect(occurrenceDay('2026-12-15', 'monthly', 3)).toBe('2027-02-12'); // 15 Feb 2027 is Washington's Birthday
    expect(occurrenceDay('2026-12-03', 'biweekly', 2)).toBe('2026-12-17');
    expect(occurrenceDay('2026-12-24', 'weekly', 2)).toBe('2026-12-31');
    expect(holdDayFor('2027-01-19')).toBe('2027-01-15'); // the business day before, over a holiday Monday
  });

  it('finds the instant a New York clock reads the cut-off, in winter and in summer', () => {
    expect(instantAt('2026-12-01', '14:00', 'America/New_York').toISOString()).toBe('2026-12-01T19:00:00.000Z');
    expect(instantAt('2027-07-06', '14:00', 'America/New_York').toISOString()).toBe('2027-07-06T18:00:00.000Z');
    expect(instantAt('2027-03-14', '14:00', 'America/New_York').toISOString()).toBe('2027-03-14T18:00:00.000Z');
  });
});
