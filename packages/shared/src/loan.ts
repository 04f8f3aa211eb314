/**
 * Loan arithmetic for the public loan calculator, in integer cents and basis points.
 *
 * The standard annuity formula M = P·r·(1+r)^n / ((1+r)^n − 1), with the monthly rate
 * r = bp / 120 000, is evaluated as one exact fraction of bigints:
 *
 *   M = P · bp · A^n / (B · (A^n − B^n)),   A = 120 000 + bp,  B = 120 000
 *
 * so there is no fixed-point truncation at all; the only rounding is the final one, to the cent.
 */

import { centsToDecimal, parseHundredths } from './money';

/** Twelve months times 10 000 basis points per unit: the denominator of the monthly rate. */
const MONTHLY_RATE_DENOMINATOR = 120_000n;

export const LOAN_LIMITS = {
  /** $1.00 to $100,000,000.00 — enough for any consumer loan, small enough to read. */
  minCents: 100n,
  maxCents: 10_000_000_000n,
  /** 0% to 100% a year. */
  maxRateBasisPoints: 10_000n,
  /** One month to fifty years. */
  minMonths: 1,
  maxMonths: 600,
} as const;

export type RateParseResult = { ok: true; basisPoints: bigint } | { ok: false; reason: 'empty' | 'format' | 'range' };

/**
 * Reads an annual rate as a person types it ("5.99", "4", "3.5%") into basis points, without
 * floats: a percentage is hundredths of a percent, so it reads like money, with an optional "%".
 */
export function parseRatePercent(input: string): RateParseResult {
  const parsed = parseHundredths(input.trim().replace(/\s*%$/, ''), 3);
  if (!parsed.ok) return { ok: false, reason: parsed.reason === 'empty' ? 'empty' : 'format' };
  if (parsed.value > LOAN_LIMITS.maxRateBasisPoints) return { ok: false, reason: 'range' };
  return { ok: true, basisPoints: parsed.value };
}

/** Basis points as a percentage for display: 599n → "5.99%". */
export function formatBasisPoints(basisPoints: bigint): string {
  return `${centsToDecimal(basisPoints)}%`;
}

/** numerator / denominator for non-negative values, rounded half-up. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return 2n * (numerator % denominator) >= denominator ? quotient + 1n : quotient;
}

function assertLoan(principalCents: bigint, annualRateBasisPoints: bigint, months: number) {
  if (principalCents <= 0n) throw new RangeError('principal must be positive');
  if (annualRateBasisPoints < 0n) throw new RangeError('rate must not be negative');
  if (!Number.isSafeInteger(months) || months < 1) throw new RangeError('months must be a positive integer');
}

/**
 * The level monthly payment, rounded half-up to the cent. At 0% the principal is split evenly and
 * rounded the same way (the formula's limit as the rate falls to 0), so the payment never drops
 * when the rate rises; the last payment of the schedule settles whatever rounding left over.
 */
export function monthlyPaymentCents(principalCents: bigint, annualRateBasisPoints: bigint, months: number): bigint {
  assertLoan(principalCents, annualRateBasisPoints, months);
  const n = BigInt(months);
  if (annualRateBasisPoints === 0n) return divideHalfUp(principalCents, n);
  const b = MONTHLY_RATE_DENOMINATOR;
  const a = b + annualRateBasisPoints;
  const aPowN = a ** n;
  const bPowN = b ** n;
  return divideHalfUp(principalCents * annualRateBasisPoints * aPowN, b * (aPowN - bPowN));
}

/** Interest for one month on a balance, rounded half-up to the cent. */
export function monthlyInterestCents(balanceCents: bigint, annualRateBasisPoints: bigint): bigint {
  return divideHalfUp(balanceCents * annualRateBasisPoints, MONTHLY_RATE_DENOMINATOR);
}

export interface AmortizationRow {
  month: number;
  paymentCents: bigint;
  interestCents: bigint;
  principalCents: bigint;
  balanceCents: bigint;
}

/**
 * Month by month: interest on the remaining balance, the rest of the payment repays principal.
 * The last payment settles the exact remaining balance (rounding leaves it a few cents off the
 * regular payment), so the principal repaid always adds up to the loan. When rounded-up payments
 * clear the loan early (tiny loans at 0%), the schedule simply ends there.
 */
export function amortizationSchedule(
  principalCents: bigint,
  annualRateBasisPoints: bigint,
  months: number,
): AmortizationRow[] {
  const payment = monthlyPaymentCents(principalCents, annualRateBasisPoints, months);
  const rows: AmortizationRow[] = [];
  let balance = principalCents;
  for (let month = 1; month <= months && balance > 0n; month += 1) {
    const interest = monthlyInterestCents(balance, annualRateBasisPoints);
    const principal = month === months || payment - interest >= balance ? balance : payment - interest;
    balance -= principal;
    rows.push({
      month,
      paymentCents: principal + interest,
      interestCents: interest,
      principalCents: principal,
      balanceCents: balance,
    });
  }
  return rows;
}

export interface AmortizationYear {
  year: number;
  principalCents: bigint;
  interestCents: bigint;
  endBalanceCents: bigint;
}

export interface AmortizationSummary {
  monthlyPaymentCents: bigint;
  /** The last payment, which settles the remaining balance exactly. */
  finalPaymentCents: bigint;
  numberOfPayments: number;
  totalInterestCents: bigint;
  totalPaidCents: bigint;
  years: AmortizationYear[];
}

/** Payment, totals and a year-by-year breakdown of one loan. */
export function amortizationSummary(
  principalCents: bigint,
  annualRateBasisPoints: bigint,
  months: number,
): AmortizationSummary {
  const rows = amortizationSchedule(principalCents, annualRateBasisPoints, months);
  const years: AmortizationYear[] = [];
  let totalInterestCents = 0n;
  let totalPaidCents = 0n;
  for (const row of rows) {
    totalInterestCents += row.interestCents;
    totalPaidCents += row.paymentCents;
    const yearNumber = Math.ceil(row.month / 12);
    let year = years.at(-1);
    if (!year || year.year !== yearNumber) {
      year = { year: yearNumber, principalCents: 0n, interestCents: 0n, endBalanceCents: 0n };
      years.push(year);
    }
    year.principalCents += row.principalCents;
    year.interestCents += row.interestCents;
    year.endBalanceCents = row.balanceCents;
  }
  return {
    monthlyPaymentCents: monthlyPaymentCents(principalCents, annualRateBasisPoints, months),
    finalPaymentCents: rows.at(-1)?.paymentCents ?? 0n,
    numberOfPayments: rows.length,
    totalInterestCents,
    totalPaidCents,
    years,
  };
}
