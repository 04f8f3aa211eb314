import { payDateProblem } from '@mutual/shared';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { instantAt, localClock, localDay, timeOfDayIn } from '../../time';
import { addDays, addMonths, businessDayOnOrAfter, businessDayOnOrBefore, weekdayHolidays } from '../../fed-calendar';

/**
 * When a bill payment may be dated and when it is sent (spec §9 "Bill pay earliest date:
 * tomorrow"; decisions.md: payments execute on their date). On the credit union's clock
 * (TIME_ZONE): a payment is sent at the cut-off (BILL_PAY_CUTOFF) on its date, and may be
 * cancelled until then. The earliest date is the first Federal Reserve business day on or after
 * tomorrow — after today's cut-off, on or after the day after tomorrow — and the latest 365 days
 * from today.
 */

type Settings = Pick<Config, 'timeZone'> & { billPay: Pick<Config['billPay'], 'cutOff'> };

export interface BillPayWindow {
  today: string;
  earliest: string;
  latest: string;
}

export const MAX_DAYS_AHEAD = 365;

function pastCutOff(now: Date, config: Settings): boolean {
  const clock = localClock(now, config.timeZone);
  return `${clock.hour}:${clock.minute}` >= config.billPay.cutOff;
}

export function billPayWindow(now: Date, config: Settings): BillPayWindow {
  const today = localDay(now, config.timeZone);
  const earliest = businessDayOnOrAfter(addDays(today, pastCutOff(now, config) ? 2 : 1));
  return { today, earliest, latest: addDays(today, MAX_DAYS_AHEAD) };
}

/** "2:00 PM EST": the cut-off as members read it. */
export function cutOffLabel(now: Date, config: Settings): string {
  return timeOfDayIn(
    instantAt(localDay(now, config.timeZone), config.billPay.cutOff, config.timeZone),
    config.timeZone,
  );
}

/** Refuses a first payment date outside the window or on a day the Fed is closed, in plain words. */
export function assertPayableDay(day: string, window: BillPayWindow): void {
  const problem = payDateProblem(day, {
    earliestDate: window.earliest,
    latestDate: window.latest,
    holidays: weekdayHolidays(window.earliest, window.latest),
  });
  if (problem) throw new AppError('VALIDATION_FAILED', problem, { payOn: problem });
}

/** The instant a payment dated `day` is sent, and until which it may be cancelled. */
export function cutOffOn(day: string, config: Settings): Date {
  return instantAt(day, config.billPay.cutOff, config.timeZone);
}

/** Whether a payment dated `payOn` is due to be sent at `now`. */
export function isDue(payOn: string, now: Date, config: Settings): boolean {
  return now.getTime() >= cutOffOn(payOn, config).getTime();
}

export type Frequency = 'weekly' | 'biweekly' | 'monthly';

/**
 * The `occurrence`-th payment of a series (1 is the first): its nominal date counted from the
 * start (a monthly series started on the 31st pays on each month's last day), sent on the last
 * business day on or before it, so it arrives by its date.
 */
export function occurrenceDay(startsOn: string, frequency: Frequency, occurrence: number): string {
  const n = occurrence - 1;
  const nominal =
    frequency === 'monthly' ? addMonths(startsOn, n) : addDays(startsOn, n * (frequency === 'weekly' ? 7 : 14));
  return n === 0 ? nominal : businessDayOnOrBefore(nominal);
}

/**
 * A later payment of a series holds its money at the cut-off of the business day before its
 * date (the first holds at scheduling, like a one-off payment).
 */
export function holdDayFor(payOn: string): string {
  return businessDayOnOrBefore(addDays(payOn, -1));
}
