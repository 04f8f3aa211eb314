import { centsToDecimal, type DepositLimits, formatMoney, messages } from '@mutual/shared';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { type Executor, queryRows } from '../../db/client';
import { AppError } from '../../errors';
import { addDays } from '../../fed-calendar';
import { instantAt, localDay } from '../../time';

/**
 * A member's mobile deposit limits (spec §9: 10,000 per check; issue 17: per day and per 30 days
 * by amount and count, lower for members of fewer than `newMemberDays` days). Every deposit sent
 * counts except a rejected one — a returned check used its limit. Days are the credit union's
 * (TIME_ZONE); "30 days" is today and the 29 before it.
 */

type Settings = Pick<Config, 'timeZone' | 'deposits'>;
type Limits = Config['deposits']['standard'];
const m = messages.deposits;
const DAY = 86_400_000;

export interface MemberLimits {
  limits: Limits;
  newMember: boolean;
  /** The first day the standard limits apply, for a new member. */
  newMemberUntil: string | null;
}

export function limitsFor(config: Settings, memberSince: Date, now: Date): MemberLimits {
  const until = new Date(memberSince.getTime() + config.deposits.newMemberDays * DAY);
  const newMember = now < until;
  return {
    limits: newMember ? config.deposits.newMember : config.deposits.standard,
    newMember,
    newMemberUntil: newMember ? localDay(until, config.timeZone) : null,
  };
}

export interface Usage {
  dailyAmount: bigint;
  dailyCount: number;
  monthlyAmount: bigint;
  monthlyCount: number;
}

/** What the member has deposited today and in the last 30 days (one read of their index). */
export async function usageOf(db: Executor, userId: string, now: Date, config: Settings): Promise<Usage> {
  const today = localDay(now, config.timeZone);
  const dayStart = instantAt(today, '00:00', config.timeZone).toISOString();
  const monthStart = instantAt(addDays(today, -29), '00:00', config.timeZone).toISOString();
  const [row] = await queryRows<Record<'da' | 'dc' | 'ma' | 'mc', unknown>>(
    db,
    sql`select coalesce(sum(amount) filter (where submitted_at >= ${dayStart}::timestamptz), 0) as da,
      count(*) filter (where submitted_at >= ${dayStart}::timestamptz) as dc,
      coalesce(sum(amount), 0) as ma, count(*) as mc
    from mobile_deposits
    where user_id = ${userId}::uuid and status <> 'rejected' and submitted_at >= ${monthStart}::timestamptz`,
  );
  return {
    dailyAmount: BigInt(String(row?.da ?? 0)),
    dailyCount: Number(row?.dc ?? 0),
    monthlyAmount: BigInt(String(row?.ma ?? 0)),
    monthlyCount: Number(row?.mc ?? 0),
  };
}

const left = (limit: bigint, used: bigint) => (used >= limit ? 0n : limit - used);

/** The limits and what is left of them, as the form shows them. */
export function limitsView(member: MemberLimits, usage: Usage): DepositLimits {
  const { limits } = member;
  return {
    perCheck: centsToDecimal(limits.perCheck),
    daily: {
      amount: centsToDecimal(limits.dailyAmount),
      count: limits.dailyCount,
      amountLeft: centsToDecimal(left(limits.dailyAmount, usage.dailyAmount)),
      countLeft: Math.max(0, limits.dailyCount - usage.dailyCount),
    },
    thirtyDays: {
      amount: centsToDecimal(limits.monthlyAmount),
      count: limits.monthlyCount,
      amountLeft: centsToDecimal(left(limits.monthlyAmount, usage.monthlyAmount)),
      countLeft: Math.max(0, limits.monthlyCount - usage.monthlyCount),
    },
    newMember: member.newMember,
    newMemberUntil: member.newMemberUntil,
  };
}

/** Refuses a check over its own limit (before anything is read or stored). */
export function assertPerCheck(amount: bigint, limits: Limits): void {
  if (amount <= limits.perCheck) return;
  const message = m.overCheckLimit(formatMoney(limits.perCheck));
  throw new AppError('VALIDATION_FAILED', message, { amount: message });
}

/** Refuses a deposit that would take the member over a window's amount or count. */
export function assertWithinLimits(amount: bigint, limits: Limits, usage: Usage): void {
  if (usage.dailyCount + 1 > limits.dailyCount) throw overLimit(m.overDailyCount(limits.dailyCount));
  if (usage.monthlyCount + 1 > limits.monthlyCount) throw overLimit(m.overMonthlyCount(limits.monthlyCount));
  const dailyLeft = left(limits.dailyAmount, usage.dailyAmount);
  if (amount > dailyLeft)
    throw overLimit(m.overDailyAmount(formatMoney(limits.dailyAmount), formatMoney(dailyLeft)), 'amount');
  const monthlyLeft = left(limits.monthlyAmount, usage.monthlyAmount);
  if (amount > monthlyLeft)
    throw overLimit(m.overMonthlyAmount(formatMoney(limits.monthlyAmount), formatMoney(monthlyLeft)), 'amount');
}

const overLimit = (message: string, field?: string) =>
  new AppError('DEPOSIT_LIMIT_REACHED', message, field ? { [field]: message } : undefined);
