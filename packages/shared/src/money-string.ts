import { z } from 'zod';

/**
 * An amount as the server sends it: dollars and cents as a decimal string ("1234.56", "-0.05"),
 * never a JSON number, so no cent is lost in a float (money.ts makes it from cents). For answers;
 * what a person types is read by its form's own schema, with the spec's messages.
 */
export const moneyString = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe('An amount in dollars and cents as a decimal string, e.g. "1234.56" or "-0.05".');
