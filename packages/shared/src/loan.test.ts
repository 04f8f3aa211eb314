import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOAN_LIMITS,
  amortizationSchedule,
  amortizationSummary,
  formatBasisPoints,
  monthlyPaymentCents,
  parseRatePercent,
} from './loan';

const loan = fc.record({
  principal: fc.bigInt({ min: LOAN_LIMITS.minCents, max: LOAN_LIMITS.maxCents }),
  rate: fc.bigInt({ min: 0n, max: 3_000n }),
  months: fc.integer({ min: LOAN_LIMITS.minMonths, max: LOAN_LIMITS.maxMonths }),
});

describe('[LOANS]: monthly payment', () => {
  // Checked against the annuity formula evaluated with exact fractions:
  // 10 000 at 5.99% over 60 months is 193.2815…, 200 000 at 3.99% over 360 months is 953.6779…,
  // 25 000 at 4.49% over 72 months is 396.7358…, 1 000 at 12% over 12 months is 88.8487…
  it.each([
    [1_000_000n, 599n, 60, 19_328n],
    [20_000_000n, 399n, 360, 95_368n],
    [2_500_000n, 449n, 72, 39_674n],
    [100_000n, 1_200n, 12, 8_885n],
  ])('%s cents at %s bp for %s months is %s cents', (principal, rate, months, expected) => {
    expect(monthlyPaymentCents(principal, rate, months)).toBe(expected);
  });

  it('splits a 0% loan evenly; the last payment settles the rounding', () => {
    expect(monthlyPaymentCents(1_200_000n, 0n, 12)).toBe(100_000n);
    expect(monthlyPaymentCents(1_000_000n, 0n, 3)).toBe(333_333n);
    expect(monthlyPaymentCents(2_000_000n, 0n, 3)).toBe(666_667n);
    const schedule = amortizationSchedule(1_000_000n, 0n, 3);
    expect(schedule.map((row) => row.paymentCents)).toEqual([333_333n, 333_333n, 333_334n]);
    expect(schedule.every((row) => row.interestCents === 0n)).toBe(true);
  });

  it('a one-month loan repays principal plus one month of interest', () => {
    // 1 200.00 at 12% for a month: 1% interest.
    expect(monthlyPaymentCents(120_000n, 1_200n, 1)).toBe(121_200n);
  });

  it('agrees with the textbook float formula to within a cent', () => {
    // The float version is only a reference here; at these sizes it is accurate to far below a cent.
    fc.assert(
      fc.property(loan, ({ principal, rate, months }) => {
        fc.pre(rate > 0n && principal <= 1_000_000_000n);
        const r = Number(rate) / 120_000;
        const growth = (1 + r) ** months;
        const reference = (Number(principal) * r * growth) / (growth - 1);
        const exact = monthlyPaymentCents(principal, rate, months);
        expect(Math.abs(Number(exact) - reference)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('rejects impossible loans', () => {
    expect(() => monthlyPaymentCents(0n, 500n, 12)).toThrow(RangeError);
    expect(() => monthlyPaymentCents(100n, -1n, 12)).toThrow(RangeError);
    expect(() => monthlyPaymentCents(100n, 500n, 0)).toThrow(RangeError);
    expect(() => monthlyPaymentCents(100n, 500n, 1.5)).toThrow(RangeError);
  });
});

describe('[LOANS]: amortization', () => {
  it('matches the published totals for a 30-year mortgage', () => {
    const summary = amortizationSummary(20_000_000n, 399n, 360);
    expect(summary.monthlyPaymentCents).toBe(95_368n);
    expect(summary.numberOfPayments).toBe(360);
    expect(summary.years).toHaveLength(30);
    expect(summary.totalPaidCents - summary.totalInterestCents).toBe(20_000_000n);
    // 360 payments of 953.68 differ from the true annuity by at most half a cent each.
    expect(summary.totalPaidCents).toBeGreaterThan(95_368n * 360n - 360n);
    expect(summary.totalPaidCents).toBeLessThan(95_368n * 360n + 360n);
  });

  it('repays exactly the principal, never more or less', () => {
    fc.assert(
      fc.property(loan, ({ principal, rate, months }) => {
        const rows = amortizationSchedule(principal, rate, months);
        const repaid = rows.reduce((sum, row) => sum + row.principalCents, 0n);
        expect(repaid).toBe(principal);
        expect(rows.at(-1)?.balanceCents).toBe(0n);
        expect(rows.length).toBeLessThanOrEqual(months);
        for (const row of rows) {
          expect(row.principalCents).toBeGreaterThanOrEqual(0n);
          expect(row.paymentCents).toBe(row.principalCents + row.interestCents);
        }
      }),
    );
  });

  it('keeps totals consistent with the schedule and the yearly breakdown', () => {
    fc.assert(
      fc.property(loan, ({ principal, rate, months }) => {
        const summary = amortizationSummary(principal, rate, months);
        expect(summary.totalPaidCents).toBe(principal + summary.totalInterestCents);
        expect(summary.years.reduce((sum, year) => sum + year.principalCents, 0n)).toBe(principal);
        expect(summary.years.reduce((sum, year) => sum + year.interestCents, 0n)).toBe(summary.totalInterestCents);
        expect(summary.years).toHaveLength(Math.ceil(summary.numberOfPayments / 12));
      }),
    );
  });

  it('charges more interest at a higher rate', () => {
    fc.assert(
      fc.property(loan, fc.bigInt({ min: 1n, max: 500n }), ({ principal, rate, months }, extra) => {
        const low = monthlyPaymentCents(principal, rate, months);
        const high = monthlyPaymentCents(principal, rate + extra, months);
        expect(high).toBeGreaterThanOrEqual(low);
      }),
    );
  });
});

describe('[LOANS]: reading a typed rate', () => {
  it.each([
    ['5.99', 599n],
    ['5.9', 590n],
    ['5', 500n],
    ['0', 0n],
    [' 3.5% ', 350n],
    ['100', 10_000n],
  ])('reads %j as %s basis points', (text, expected) => {
    expect(parseRatePercent(text)).toEqual({ ok: true, basisPoints: expected });
  });

  it.each([
    ['', 'empty'],
    ['abc', 'format'],
    ['-1', 'format'],
    ['5.999', 'format'],
    ['1e2', 'format'],
    ['.5', 'format'],
    ['100.01', 'range'],
  ])('rejects %j (%s)', (text, reason) => {
    expect(parseRatePercent(text)).toEqual({ ok: false, reason });
  });

  it('formats basis points back to the typed rate', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: LOAN_LIMITS.maxRateBasisPoints }), (bp) => {
        expect(parseRatePercent(formatBasisPoints(bp))).toEqual({ ok: true, basisPoints: bp });
      }),
    );
  });
});
