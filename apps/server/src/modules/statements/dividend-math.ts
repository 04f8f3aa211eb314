/**
 * The dividend formula (docs/features/statements-and-exports.md, "Dividends"), in integers only:
 * money in cents, rates as fixed-point numbers with 30 decimal places, so no float ever touches an
 * amount.
 *
 * Average daily balance method (Regulation DD, 12 CFR 1030.7): the account's balance at the end of
 * each day of the month, summed (`balanceDays`, cents × days) and divided by the days.
 *
 *   dividend = ADB × ((1 + APY)^(days / 365) − 1), rounded to the nearest cent, half a cent up
 *
 * so a full year at an unchanged balance earns exactly the advertised APY (compounded monthly).
 * The year is 365 days, leap years included. The APY earned printed on the statement is
 * Regulation DD Appendix A's:
 *
 *   APY earned = 100 × ((1 + dividend / ADB)^(365 / days) − 1), two decimals, half up.
 */

const DIGITS = 30n;
const ONE = 10n ** DIGITS;

/** n / d rounded to the nearest integer, half up (n, d ≥ 0). */
export function roundHalfUp(n: bigint, d: bigint): bigint {
  return (2n * n + d) / (2n * d);
}

/** ln(x) for a fixed-point x > 0 near 1: 2·atanh((x − 1)/(x + 1)), whose series converges fast there. */
function ln(x: bigint): bigint {
  const y = ((x - ONE) * ONE) / (x + ONE);
  const y2 = (y * y) / ONE;
  let term = y;
  let sum = 0n;
  for (let k = 1n; term !== 0n; k += 2n) {
    sum += term / k;
    term = (term * y2) / ONE;
  }
  return 2n * sum;
}

/** e^z for a small fixed-point z. */
function exp(z: bigint): bigint {
  let term = ONE;
  let sum = ONE;
  for (let k = 1n; term !== 0n; k += 1n) {
    term = (term * z) / ONE / k;
    sum += term;
  }
  return sum;
}

/** base^(num/den) for a fixed-point base near 1. */
function power(base: bigint, num: bigint, den: bigint): bigint {
  return exp((ln(base) * num) / den);
}

/** "3.50" or "3.50%" → 0.035 as a fixed-point number. */
export function percentRate(percent: string): bigint {
  const match = /^(\d{1,3})(?:\.(\d{1,4}))?%?$/.exec(percent.trim());
  if (!match) throw new Error(`not a percentage: ${percent}`);
  const [, whole = '0', fraction = ''] = match;
  const basisPoints = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
  return (basisPoints * ONE) / 1_000_000n;
}

export interface DividendFigures {
  /** Cents. */
  amount: bigint;
  /** Cents, rounded half up (what the statement prints). */
  averageDailyBalance: bigint;
  /** Two decimals, e.g. "3.50". */
  apyEarned: string;
}

export function dividendFor(balanceDays: bigint, days: number, apyPercent: string): DividendFigures {
  if (days <= 0) throw new Error('a period has at least one day');
  const period = BigInt(days);
  if (balanceDays <= 0n) return { amount: 0n, averageDailyBalance: 0n, apyEarned: '0.00' };
  const growth = power(ONE + percentRate(apyPercent), period, 365n) - ONE;
  const amount = roundHalfUp(balanceDays * growth, period * ONE);
  return {
    amount,
    averageDailyBalance: roundHalfUp(balanceDays, period),
    apyEarned: apyEarned(amount, balanceDays, period),
  };
}

function apyEarned(amount: bigint, balanceDays: bigint, days: bigint): string {
  // dividend / ADB = dividend × days / balanceDays
  const ratio = (amount * days * ONE) / balanceDays;
  const yearly = power(ONE + ratio, 365n, days) - ONE;
  const basisPoints = roundHalfUp(yearly * 10_000n, ONE);
  return `${basisPoints / 100n}.${String(basisPoints % 100n).padStart(2, '0')}`;
}
