import { describe, expect, it } from 'vitest';
import { centsOf, exceedsAvailable } from './money';

describe('amounts the transfer forms compare', () => {
  it('reads wire amounts as exact cents, negative ones included', () => {
    expect(centsOf('1234.56')).toBe(123456n);
    expect(centsOf('0.07')).toBe(7n);
    expect(centsOf('-5.00')).toBe(-500n);
    expect(centsOf(' 12.5 ')).toBe(1250n);
  });

  it('treats text that is not an amount as no amount at all', () => {
    expect(centsOf('')).toBeNull();
    expect(centsOf('1,000.00')).toBeNull();
    expect(centsOf('$5')).toBeNull();
    expect(centsOf('1.005')).toBeNull();
  });

  it('flags an amount one cent above the available balance, and not the balance itself', () => {
    expect(exceedsAvailable('1250.51', '1250.50')).toBe(true);
    expect(exceedsAvailable('1250.50', '1250.50')).toBe(false);
    // 0.1 + 0.2 style float drift cannot creep in: the comparison is in cents.
    expect(exceedsAvailable('0.30', '0.3')).toBe(false);
  });

  it('leaves the decision to the server when the balance is unknown or the amount unreadable', () => {
    expect(exceedsAvailable('50.00', undefined)).toBe(false);
    expect(exceedsAvailable('abc', '10.00')).toBe(false);
  });
});
