import { formatMoney } from '@mutual/shared';
import type { Config } from '../../config';
import { addDays, businessDayOnOrAfter, isBusinessDay } from '../../fed-calendar';
import { instantAt, localClock, localDay, timeOfDayIn } from '../../time';

/**
 * When a deposited check's money is available (decisions.md: real funds availability; issue 17).
 * The default follows Regulation CC's schedule for local checks (12 CFR 229.10(c)(1)(vii) and
 * 229.12(b)): the first `nextDayAmount` ($275) on the business day after the day of deposit, the
 * rest on the `holdDays`-th (second) business day. The day of deposit is the day the member sent
 * it if that is a Federal Reserve business day and before the cut-off, else the next business day.
 * Money becomes available at the start of its day on the credit union's clock (TIME_ZONE).
 */

type Settings = Pick<Config, 'timeZone'> & {
  deposits: Pick<Config['deposits'], 'cutOff' | 'nextDayAmount' | 'holdDays'>;
};

/** Regulation CC's "banking day" a deposit sent at `at` is received on. */
export function dayOfDeposit(at: Date, config: Settings): string {
  const today = localDay(at, config.timeZone);
  const clock = localClock(at, config.timeZone);
  const beforeCutOff = `${clock.hour}:${clock.minute}` < config.deposits.cutOff;
  if (isBusinessDay(today) && beforeCutOff) return today;
  return businessDayOnOrAfter(addDays(today, 1));
}

/** The `n`-th business day after `day`. */
export function businessDaysAfter(day: string, n: number): string {
  let current = day;
  for (let i = 0; i < n; i += 1) current = businessDayOnOrAfter(addDays(current, 1));
  return current;
}

export interface AvailabilityPart {
  amount: bigint;
  /** The day it becomes available, and the instant (the start of that day, TIME_ZONE). */
  availableOn: string;
  availableAt: Date;
}

/** How a deposit of `amount` received on `bankingDay` becomes available: one or two parts. */
export function availabilitySchedule(amount: bigint, bankingDay: string, config: Settings): AvailabilityPart[] {
  const part = (cents: bigint, day: string): AvailabilityPart => ({
    amount: cents,
    availableOn: day,
    availableAt: instantAt(day, '00:00', config.timeZone),
  });
  const { nextDayAmount, holdDays } = config.deposits;
  const nextDay = businessDaysAfter(bankingDay, 1);
  const first = amount < nextDayAmount ? amount : nextDayAmount;
  const parts = [part(first, nextDay)];
  if (amount > first) parts.push(part(amount - first, businessDaysAfter(bankingDay, Math.max(holdDays, 1))));
  return parts;
}

/** The policy in the member's words, for the form. */
export function policyText(config: Settings, now: Date): string {
  const { nextDayAmount, holdDays, cutOff } = config.deposits;
  const time = timeOfDayIn(instantAt(localDay(now, config.timeZone), cutOff, config.timeZone), config.timeZone);
  const rest = holdDays <= 1 ? 'the rest the same day' : `the rest on the ${ordinal(holdDays)} business day`;
  return (
    `Once we accept a deposit, the first ${formatMoney(nextDayAmount)} is available on the next business day ` +
    `and ${rest}. A deposit sent after ${time} or on a weekend or ` +
    'Federal Reserve holiday counts from the next business day.'
  );
}

const ordinal = (n: number) => (n === 2 ? 'second' : n === 3 ? 'third' : `${n}th`);
