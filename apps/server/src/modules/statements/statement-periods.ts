import { nextPeriod, periodLabel, previousPeriod } from '@mutual/shared';
import type { Config } from '../../config';
import { instantAt, localDay } from '../../time';

/**
 * Statement periods are calendar months in the credit union's time zone (`TIME_ZONE`). A month
 * is closed — its statements may be issued — `CLOSE_GRACE_MS` after it ends: an entry whose
 * request began before midnight may still be committing at midnight, and the statement must not
 * miss it.
 */
export const CLOSE_GRACE_MS = 5 * 60_000;

export interface PeriodBounds {
  period: string;
  label: string;
  /** First instant of the month, and of the next (exclusive). */
  start: Date;
  end: Date;
  /** First and last calendar day. */
  from: string;
  to: string;
  days: number;
}

export function periodBounds(period: string, timeZone: string): PeriodBounds {
  const start = instantAt(`${period}-01`, '00:00', timeZone);
  const end = instantAt(`${nextPeriod(period)}-01`, '00:00', timeZone);
  const [year, month] = period.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return {
    period,
    label: periodLabel(period),
    start,
    end,
    from: `${period}-01`,
    to: `${period}-${String(days).padStart(2, '0')}`,
    days,
  };
}

/** The end of each day of the period (the instant the next day starts), for end-of-day balances. */
export function dayEnds(bounds: PeriodBounds, timeZone: string): Date[] {
  const ends: Date[] = [];
  for (let day = 2; day <= bounds.days; day += 1) {
    ends.push(instantAt(`${bounds.period}-${String(day).padStart(2, '0')}`, '00:00', timeZone));
  }
  ends.push(bounds.end);
  return ends;
}

/** The month `now` falls in (`YYYY-MM`, TIME_ZONE). */
export function currentPeriod(now: Date, timeZone: string): string {
  return localDay(now, timeZone).slice(0, 7);
}

/** Whether the month has closed (ended, plus the grace). */
export function isClosed(period: string, now: Date, timeZone: string): boolean {
  return now.getTime() >= periodBounds(period, timeZone).end.getTime() + CLOSE_GRACE_MS;
}

/** The newest closed month. */
export function lastClosedPeriod(now: Date, timeZone: string): string {
  const previous = previousPeriod(currentPeriod(now, timeZone));
  return isClosed(previous, now, timeZone) ? previous : previousPeriod(previous);
}

/**
 * The months offered online, newest first: the last `STATEMENT_MONTHS` closed months, none before
 * `STATEMENTS_FROM` (spec §9: from March 2024, 13 monthly periods; older ones through support).
 */
export function offeredPeriods(config: Pick<Config, 'limits' | 'timeZone'>, now: Date): string[] {
  const periods: string[] = [];
  let period = lastClosedPeriod(now, config.timeZone);
  while (periods.length < config.limits.statementMonths && period >= config.limits.statementsFrom) {
    periods.push(period);
    period = previousPeriod(period);
  }
  return periods;
}
