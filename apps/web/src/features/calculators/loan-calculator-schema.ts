import { LOAN_LIMITS, formatMoney, parseMoney, parseRatePercent } from '@mutual/shared';
import { z } from 'zod';

export const termUnits = ['years', 'months'] as const;
export type TermUnit = (typeof termUnits)[number];

const maxTerm: Record<TermUnit, number> = { years: LOAN_LIMITS.maxMonths / 12, months: LOAN_LIMITS.maxMonths };

/**
 * What the visitor types, turned into exact numbers: cents, basis points and whole months.
 * No floats at any step — amounts go through `parseMoney`, rates through `parseRatePercent`.
 */
export const loanCalculatorSchema = z
  .object({
    amount: z.string().transform((text, ctx) => {
      // People type "$25,000"; the shared parser accepts only plain digits, so drop the decoration.
      const plain = text.replace(/[$,\s]/g, '');
      const parsed = parseMoney(plain);
      if (!parsed.ok) {
        // A well-formed number with too many digits is too large, not malformed.
        const tooLarge = parsed.reason === 'range' || (parsed.reason === 'format' && /^\d+(\.\d{1,2})?$/.test(plain));
        const message =
          parsed.reason === 'empty'
            ? 'Please enter a loan amount'
            : parsed.reason === 'precision'
              ? 'Use at most two decimals for cents'
              : tooLarge
                ? `The loan amount can be at most ${formatMoney(LOAN_LIMITS.maxCents)}`
                : 'Enter a positive amount in dollars, for example 25000 or 25000.00';
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      if (parsed.cents < LOAN_LIMITS.minCents || parsed.cents > LOAN_LIMITS.maxCents) {
        ctx.issues.push({
          code: 'custom',
          message:
            `The loan amount must be between ${formatMoney(LOAN_LIMITS.minCents)} ` +
            `and ${formatMoney(LOAN_LIMITS.maxCents)}`,
          input: text,
        });
        return z.NEVER;
      }
      return parsed.cents;
    }),
    rate: z.string().transform((text, ctx) => {
      const parsed = parseRatePercent(text);
      if (!parsed.ok) {
        const message =
          parsed.reason === 'empty'
            ? 'Please enter an interest rate'
            : parsed.reason === 'range'
              ? 'The rate must be between 0% and 100%'
              : 'Enter the yearly rate with up to two decimals, for example 5.99';
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return parsed.basisPoints;
    }),
    term: z.string().transform((text, ctx) => {
      const trimmed = text.trim();
      const message =
        trimmed === ''
          ? 'Please enter a loan term'
          : !/^\d{1,4}$/.test(trimmed)
            ? 'Enter the term as a whole number'
            : Number(trimmed) < 1
              ? 'The term must be at least 1'
              : null;
      if (message) {
        ctx.issues.push({ code: 'custom', message, input: text });
        return z.NEVER;
      }
      return Number(trimmed);
    }),
    termUnit: z.enum(termUnits),
  })
  .transform(({ amount, rate, term, termUnit }, ctx) => {
    const max = maxTerm[termUnit];
    // The upper bound depends on the unit, so it is checked once both fields are valid.
    if (term > max) {
      ctx.issues.push({
        code: 'custom',
        message: `The term must be between 1 and ${max} ${termUnit}`,
        path: ['term'],
        input: term,
      });
      return z.NEVER;
    }
    return { principalCents: amount, rateBasisPoints: rate, months: termUnit === 'years' ? term * 12 : term };
  });

export type LoanCalculatorInput = z.input<typeof loanCalculatorSchema>;
export type LoanCalculatorValues = z.output<typeof loanCalculatorSchema>;
